/**
 * Runs every `notebooks/*.ipynb` through real Jupyter with the Deno kernel, via
 * `tests/notebooks/run_notebook.py` (which waits out the kernel's IOPub race, see shared/STACK.md §5).
 * A notebook fails on any cell error, on a chart cell without an image output, or on a display cell
 * without a rich output.
 *
 * When Jupyter is missing the tests are reported as ignored with the reason in their name. With
 * `RI_REQUIRE_JUPYTER=1` (set by `.ci/run`) a missing Jupyter is a failure instead.
 *
 * Environment: `RI_PYTHON` (default /usr/bin/python3 when present), `RI_DENO_KERNEL_BIN` (the deno binary
 * the kernelspec should point at when it must be installed; default ~/.ri-tools/node_modules/.bin/deno
 * when present, else the running deno).
 */
import assert from "node:assert/strict";

const ROOT = new URL("../", import.meta.url);
const RUNNER = new URL("tests/notebooks/run_notebook.py", ROOT).pathname;
const APT_HINT = "apt-get install -y jupyter-nbconvert python3-nbclient python3-ipykernel";

async function exists(path: string): Promise<boolean> {
  return await Deno.stat(path).then(() => true, () => false);
}

async function run(
  cmd: string,
  args: string[],
  env?: Record<string, string>,
): Promise<{ ok: boolean; out: string }> {
  try {
    const { success, stdout, stderr } = await new Deno.Command(cmd, {
      args,
      env,
      stdout: "piped",
      stderr: "piped",
    })
      .output();
    const text = new TextDecoder();
    return { ok: success, out: `${text.decode(stdout)}${text.decode(stderr)}` };
  } catch (error) {
    return { ok: false, out: String(error) };
  }
}

const python = Deno.env.get("RI_PYTHON") ??
  ((await exists("/usr/bin/python3")) ? "/usr/bin/python3" : "python3");

/** The deno kernelspec's binary, or undefined when there is no `deno` kernelspec. */
async function kernelBinary(): Promise<string | undefined> {
  const probe = await run(python, [
    "-c",
    "from jupyter_client.kernelspec import KernelSpecManager as K; print(K().get_kernel_spec('deno').argv[0])",
  ]);
  return probe.ok ? probe.out.trim().split("\n").at(-1) : undefined;
}

/** Makes sure a `deno` kernelspec exists and points at an existing binary; returns a reason when it cannot. */
async function ensureKernel(): Promise<string | undefined> {
  const current = await kernelBinary();
  if (current && await exists(current)) return undefined;
  const home = Deno.env.get("HOME") ?? "";
  const stable = `${home}/.ri-tools/node_modules/.bin/deno`;
  const bin = Deno.env.get("RI_DENO_KERNEL_BIN") ?? ((await exists(stable)) ? stable : Deno.execPath());
  const install = await run(bin, ["jupyter", "--install", "--force"]);
  if (!install.ok) return `deno jupyter --install failed: ${install.out.trim()}`;
  const installed = await kernelBinary();
  return installed && await exists(installed)
    ? undefined
    : "the deno kernelspec is still missing after install";
}

async function missingJupyter(): Promise<string | undefined> {
  const probe = await run(python, ["-c", "import nbclient, nbformat, jupyter_client, ipykernel"]);
  if (!probe.ok) return `Jupyter not installed (${APT_HINT})`;
  const kernel = await ensureKernel();
  return kernel ? `Deno Jupyter kernel unavailable: ${kernel}` : undefined;
}

const notebooks: string[] = [];
for await (const entry of Deno.readDir(new URL("notebooks/", ROOT))) {
  if (entry.isFile && entry.name.endsWith(".ipynb")) notebooks.push(entry.name);
}
notebooks.sort();

Deno.test("notebooks/ holds at least one notebook", () => {
  assert.ok(notebooks.length > 0, "no notebooks found in notebooks/");
});

const missing = await missingJupyter();
if (missing && Deno.env.get("RI_REQUIRE_JUPYTER") === "1") {
  Deno.test(`notebooks: FAILED — ${missing}`, () => {
    assert.fail(`RI_REQUIRE_JUPYTER=1 but ${missing}`);
  });
} else if (missing) {
  Deno.test({ name: `notebooks: SKIPPED — ${missing}`, ignore: true, fn: () => {} });
} else {
  Deno.test("notebook runner fails on an error cell and on a chart cell without an image", async () => {
    const dir = await Deno.makeTempDir({ prefix: "ri-notebook-" });
    try {
      const cell = (source: string) => ({
        cell_type: "code",
        metadata: {},
        source,
        outputs: [],
        execution_count: null,
      });
      const nb = {
        nbformat: 4,
        nbformat_minor: 5,
        metadata: { kernelspec: { name: "deno", display_name: "Deno", language: "typescript" } },
        cells: [cell("// chart\nconst x = 1;"), cell('throw new Error("boom")'), cell("// display\n1 + 1")],
      };
      await Deno.writeTextFile(`${dir}/bad.ipynb`, JSON.stringify(nb));
      const result = await run(python, [RUNNER, `${dir}/bad.ipynb`, `${dir}/out/bad.ipynb`]);
      assert.equal(result.ok, false);
      assert.match(result.out, /cell 0 \(\/\/ chart\): chart cell has no image/);
      assert.match(result.out, /cell 1 .*Error: boom/);
      assert.doesNotMatch(result.out, /cell 2/, "the cell after the error still ran and displayed");
      assert.ok(await exists(`${dir}/out/bad.ipynb`), "the executed notebook is written even on failure");
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });

  // Every notebook on the sandbox's full profile and on spec-minimal (only the fields the spec names).
  for (const name of notebooks) {
    for (const profile of ["full", "spec-minimal"]) {
      Deno.test(`notebook ${name} runs without errors and every chart cell has an image (${profile})`, async () => {
        const dir = await Deno.makeTempDir({ prefix: "ri-notebook-" });
        try {
          const summaryPath = `${dir}/summary.json`;
          const result = await run(
            python,
            [RUNNER, new URL(`notebooks/${name}`, ROOT).pathname, `${dir}/${name}`, "--summary", summaryPath],
            { RI_NOTEBOOK_TEST: "1", RI_SANDBOX_PROFILE: profile },
          );
          const summary = await Deno.readTextFile(summaryPath).then(JSON.parse, () => undefined) as
            | { ok: boolean; problems: string[]; outputs: number }
            | undefined;
          assert.ok(result.ok && summary?.ok, `${name} failed:\n${result.out}`);
          assert.ok(summary.outputs > 0, `${name} produced no outputs`);
        } finally {
          await Deno.remove(dir, { recursive: true });
        }
      });
    }
  }
}
