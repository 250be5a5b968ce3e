/**
 * The toolkit used from a project of one's own: a scratch folder in a temporary directory OUTSIDE the repo
 * follows the README's "Use it in your project" section literally. Its `sh` blocks are read from the README
 * (so the test fails when the README drifts) with `/path/to/toolkit` replaced by this checkout; the Quick
 * start is saved as `quickstart.ts` and run with the documented permissions; every subpath export of
 * deno.json is imported by package name and a chart is rendered to PNG there; and, when Jupyter and the
 * Deno kernel are present, the notebook the README copies runs in that folder with the stock
 * `jupyter nbconvert --execute` and keeps every output (the `jupyter notebook` line itself is interactive
 * and is not run).
 * Without Jupyter that part is reported as SKIPPED (a failure with `RI_REQUIRE_JUPYTER=1`).
 */
import assert from "node:assert/strict";
import { checkNotebook, executeStock } from "./notebooks/_stock.ts";
import { missingJupyter } from "./notebooks/_html.ts";

const ROOT = new URL("../", import.meta.url);
const ROOT_PATH = ROOT.pathname.replace(/\/$/, "");
const README = await Deno.readTextFile(new URL("README.md", ROOT));
const DENO_BIN_DIR = Deno.execPath().replace(/\/[^/]+$/, "");

/** The text of the README section under `## <title>`, up to the next `## ` heading. */
function section(title: string): string {
  const start = README.indexOf(`\n## ${title}\n`);
  assert.ok(start >= 0, `README has no '## ${title}' section`);
  const end = README.indexOf("\n## ", start + 1);
  return README.slice(start, end < 0 ? undefined : end);
}

/** The fenced code blocks of one language in a piece of Markdown. */
function blocks(markdown: string, lang: string): string[] {
  return [...markdown.matchAll(new RegExp("```" + lang + "\\n([\\s\\S]*?)```", "g"))].map((m) => m[1]);
}

const steps = blocks(section("Use it in your project"), "sh");

/** Runs one README block with bash in `cwd`; returns its output and the folder it ended in. */
async function runBlock(block: string, cwd: string): Promise<{ out: string; cwd: string }> {
  const script = block.replaceAll("/path/to/toolkit", ROOT_PATH)
    .split("\n").filter((line) => !/^\s*jupyter\s/.test(line)).join("\n");
  const { code, stdout, stderr } = await new Deno.Command("bash", {
    args: ["-euo", "pipefail", "-c", `${script}\npwd >&2`],
    cwd,
    env: { PATH: `${DENO_BIN_DIR}:${Deno.env.get("PATH")}`, NO_COLOR: "1", RI_BASE_URL: "", RI_API_KEY: "" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const out = new TextDecoder().decode(stdout);
  const err = new TextDecoder().decode(stderr);
  assert.equal(code, 0, `README step failed:\n${script}\n--- stdout\n${out}\n--- stderr\n${err}`);
  return { out, cwd: err.trim().split("\n").at(-1)! };
}

/** The flags of the README's `deno run … quickstart.ts` line, reused for the other scripts run here. */
function runFlags(): string[] {
  const line = steps.join("\n").split("\n").find((l) => /^deno run .*quickstart\.ts/.test(l));
  assert.ok(line, "the README runs quickstart.ts with deno run");
  return line.split(/\s+/).filter((w) => w.startsWith("--"));
}

async function deno(args: string[], cwd: string): Promise<{ ok: boolean; out: string; err: string }> {
  const { success, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args,
    cwd,
    env: { NO_COLOR: "1", RI_BASE_URL: "", RI_API_KEY: "" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { ok: success, out: new TextDecoder().decode(stdout), err: new TextDecoder().decode(stderr) };
}

Deno.test("README 'Use it in your project' has the setup, run and notebook steps", () => {
  assert.equal(steps.length, 3, "three sh blocks: set up the folder, run the Quick start, copy a notebook");
  assert.match(steps[0], /deno link \/path\/to\/toolkit/);
  assert.match(steps[0], /"@research-intel\/toolkit": "jsr:@research-intel\/toolkit@\^0\.1\.0"/);
  assert.match(README, /deno add jsr:@research-intel\/toolkit/, "the JSR path is shown");
  assert.doesNotMatch(steps.join("\n"), /--config/, "no --config into the repository");
  const exports = Object.keys(JSON.parse(Deno.readTextFileSync(new URL("deno.json", ROOT))).exports);
  for (const sub of exports.filter((e) => e !== ".")) {
    assert.ok(
      section("Use it in your project").includes(`${sub.slice(1)}\``),
      `the section names ${sub.slice(1)}`,
    );
  }
});

Deno.test("a project outside the repo follows the README, runs the Quick start, imports every export and renders a PNG", async (t) => {
  const home = await Deno.makeTempDir({ prefix: "ri-own-project-" });
  assert.ok(!home.startsWith(`${ROOT_PATH}/`), "the scratch folder is outside the repository");
  try {
    const setup = await runBlock(steps[0], home);
    const project = setup.cwd;
    assert.notEqual(project, home, "the README's first step creates and enters a project folder");
    const config = JSON.parse(await Deno.readTextFile(`${project}/deno.json`));
    assert.equal(config.nodeModulesDir, "auto");
    assert.equal(config.imports["@research-intel/toolkit"], "jsr:@research-intel/toolkit@^0.1.0");
    assert.equal(config.links.length, 1, "deno link wrote one link");

    await t.step("the Quick start runs with the documented permissions", async () => {
      const [quickstart] = blocks(section("Quick start"), "ts");
      await Deno.writeTextFile(`${project}/quickstart.ts`, quickstart);
      const { out } = await runBlock(steps[1], project);
      assert.match(out, /^\d+ relevance\n/, out);
      for (const word of ["sponsor_a", "jaccard", "Pfizer", "Merck & Co"]) assert.ok(out.includes(word), out);
    });

    await t.step("every subpath export imports by package name, and a chart renders to PNG", async () => {
      const exports = Object.keys(JSON.parse(await Deno.readTextFile(new URL("deno.json", ROOT))).exports);
      const names = exports.map((e) => `@research-intel/toolkit${e.slice(1)}`);
      const script = names.map((n, i) => `import * as m${i} from "${n}";`).join("\n") + `
import * as Plot from "@observablehq/plot";
import { chart, toPng } from "@research-intel/toolkit/charts";
console.log(JSON.stringify({
  counts: [${names.map((_, i) => `Object.keys(m${i}).length`).join(", ")}],
  png: toPng(chart({ title: "Trials per phase", marks: [Plot.barY([3, 5, 2])] }), { scale: 1 }).length,
}));`;
      await Deno.writeTextFile(`${project}/exports.ts`, script);
      const { ok, out, err } = await deno(["run", ...runFlags(), "exports.ts"], project);
      assert.ok(ok, err);
      const { counts, png } = JSON.parse(out);
      counts.forEach((n: number, i: number) => assert.ok(n > 0, `${names[i]} exports nothing`));
      assert.ok(png > 5_000, `PNG of ${png} bytes`);
      assert.doesNotMatch(err, /could not be read/, "the bundled font was found");
    });

    const missing = await missingJupyter();
    if (missing && Deno.env.get("RI_REQUIRE_JUPYTER") === "1") {
      assert.fail(`RI_REQUIRE_JUPYTER=1 but ${missing}`);
    }
    await t.step({
      name: missing
        ? `notebook in the project folder: SKIPPED — ${missing}`
        : "the copied notebook runs there",
      ignore: missing !== undefined,
      fn: async () => {
        await runBlock(steps[2], project);
        const notebook = steps[2].match(/([\w-]+\.ipynb)/)?.[1];
        assert.ok(notebook, "the README copies a notebook");
        const ran = await executeStock(notebook, "out", { RI_NOTEBOOK_TEST: "1" }, project);
        assert.ok(ran.ok, `${notebook} failed in ${project}:\n${ran.out.slice(-3000)}`);
        const { problems } = checkNotebook(JSON.parse(await Deno.readTextFile(`${project}/${ran.executed}`)));
        assert.deepEqual(problems, [], `${notebook} in ${project}`);
      },
    });
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});
