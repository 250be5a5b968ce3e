/**
 * The user-facing documents: README links resolve inside the repository (no absolute paths to machines'
 * folders), and docs/PITFALLS.md covers every trap number the client's warnings carry, once each.
 */
import assert from "node:assert/strict";

const ROOT = new URL("../", import.meta.url);
const readme = await Deno.readTextFile(new URL("README.md", ROOT));
const pitfalls = await Deno.readTextFile(new URL("docs/PITFALLS.md", ROOT));

Deno.test("README links point at files of the repository, not at absolute paths", async () => {
  assert.doesNotMatch(readme, /\/work\/shared/, "no link into a machine's shared folder");
  for (const [, target] of readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
    if (/^[a-z]+:/.test(target)) continue; // an http(s) or mailto link
    assert.ok(!target.startsWith("/"), `absolute link ${target}`);
    assert.ok(await Deno.stat(new URL(target, ROOT)).then(() => true, () => false), `broken link ${target}`);
  }
});

Deno.test("docs/PITFALLS.md has one row per trap 1..36, and the README gives the same count", async () => {
  const numbers = [...pitfalls.matchAll(/^\| (\d+) +\|/gm)].map((m) => Number(m[1])).sort((a, b) => a - b);
  assert.deepEqual(numbers, Array.from({ length: 36 }, (_, i) => i + 1));
  assert.match(readme, /\[docs\/PITFALLS\.md\]\(docs\/PITFALLS\.md\) lists the 36 places/);
  // Every `pitfall: n` a warning carries is documented: the client's and the analyses' warnings alike.
  const carried: number[] = [];
  for (const dir of ["lib/client/", "lib/analyses/"]) {
    for await (const entry of Deno.readDir(new URL(dir, ROOT))) {
      if (!entry.isFile || !entry.name.endsWith(".ts")) continue;
      const source = await Deno.readTextFile(new URL(`${dir}${entry.name}`, ROOT));
      for (const [, n] of source.matchAll(/pitfall: (\d+)/g)) carried.push(Number(n));
    }
  }
  assert.ok(carried.length >= 10, `the scan found the warnings' pitfall numbers (${carried.length})`);
  for (const n of carried) assert.ok(numbers.includes(n), `pitfall ${n}`);
});
