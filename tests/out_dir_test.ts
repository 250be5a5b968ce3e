/**
 * RI_OUT_DIR outside `--allow-write`: the demo stops before any analysis runs, naming the flag to add
 * (instead of a raw NotCapable stack trace after every analysis ran); and ensureWritable's own checks.
 */
import assert from "node:assert/strict";
import { ensureWritable, NotWritableError } from "../lib/report/mod.ts";

const ROOT = new URL("../", import.meta.url);

Deno.test("main.ts with RI_OUT_DIR outside --allow-write exits 2 at once and names the flag", async () => {
  const cwd = await Deno.makeTempDir({ prefix: "ri-outdir-" });
  try {
    const outside = `${cwd}-elsewhere`;
    const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--config",
        new URL("deno.json", ROOT).pathname,
        "--allow-net=127.0.0.1,localhost",
        "--allow-read",
        "--allow-write=out,.cache",
        "--allow-ffi",
        "--allow-sys",
        "--allow-env",
        new URL("main.ts", ROOT).pathname,
      ],
      cwd,
      env: { RI_OUT_DIR: outside, RI_BASE_URL: "", RI_API_KEY: "", NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const err = new TextDecoder().decode(stderr);
    assert.equal(code, 2, err);
    assert.match(err, new RegExp(`Output folder '${outside}' \\(RI_OUT_DIR\\) is not writable`));
    assert.ok(err.includes(`--allow-write=${outside}`), err);
    assert.doesNotMatch(err, /NotCapable|at async/, "no raw stack trace");
    assert.doesNotMatch(err, /Starting the embedded sandbox/, "stopped before any work");
    assert.equal(new TextDecoder().decode(stdout), "");
    assert.equal(await Deno.stat(outside).then(() => true, () => false), false, "nothing created");
  } finally {
    await Deno.remove(cwd, { recursive: true });
  }
});

Deno.test("ensureWritable() creates a missing folder and rejects a path that is a file", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ri-outdir-" });
  try {
    await ensureWritable(`${dir}/a/b`);
    assert.ok((await Deno.stat(`${dir}/a/b`)).isDirectory);
    assert.deepEqual([...Deno.readDirSync(`${dir}/a/b`)], [], "the probe file is removed");
    await Deno.writeTextFile(`${dir}/file`, "x");
    await assert.rejects(
      ensureWritable(`${dir}/file`, { source: "--out" }),
      (e: unknown) =>
        e instanceof NotWritableError && e.dir === `${dir}/file` &&
        /Output folder '.*\/file' \(--out\) cannot be written/.test(e.message),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
