/**
 * A run whose sandbox store cache cannot be written says so once, with the flag that turns it on; with the
 * flag, nothing is said and the store is cached (the own-project command of the README adds it).
 */
import assert from "node:assert/strict";
import { inTemp } from "../_temp.ts";

const ROOT = new URL("../../", import.meta.url);

/** Start the tiny sandbox twice in `dir` (its working folder) with `flags`; stderr of that process. */
async function twoStarts(dir: string, flags: string[]): Promise<string> {
  const script = `${dir}/two_starts.ts`;
  await Deno.writeTextFile(
    script,
    `import { startSandbox } from "${new URL("lib/sandbox/mod.ts", ROOT).href}";
for (let i = 0; i < 2; i++) await (await startSandbox({ seed: 42, scale: "tiny" })).close();
`,
  );
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--config", new URL("deno.json", ROOT).pathname, ...flags, script],
    cwd: dir,
    env: { NO_COLOR: "1" },
    stderr: "piped",
  }).output();
  const err = new TextDecoder().decode(stderr);
  assert.equal(code, 0, err);
  return err;
}

const BASE = ["--allow-net=127.0.0.1,localhost", "--allow-read", "--allow-env", "--allow-ffi", "--allow-sys"];

Deno.test("without write permission for .cache the sandbox says once how to cache its store; with it, it caches", async () => {
  await inTemp(async (dir) => {
    const off = await twoStarts(dir, BASE);
    const notice =
      "sandbox: the generated store is not cached (no permission for .cache/sandbox), so every start builds " +
      "it again; add --allow-write=.cache to cache it";
    assert.equal(off.split(notice).length - 1, 1, off);
    const on = await twoStarts(dir, [...BASE, "--allow-write=.cache"]);
    assert.doesNotMatch(on, /not cached/);
    const files = await Array.fromAsync(Deno.readDir(`${dir}/.cache/sandbox`));
    assert.ok(files.some((f) => /^tiny-seed42-\w+\.db$/.test(f.name)), files.map((f) => f.name).join());
  });
});
