import assert from "node:assert/strict";
import { withTable } from "../tools/readme.ts";
import { ENDPOINTS } from "../lib/client/endpoints/mod.ts";

const readme = await Deno.readTextFile(new URL("../README.md", import.meta.url));

Deno.test("README endpoint table matches the catalogue (run `deno task docs` when this fails)", () => {
  assert.equal(readme, withTable(readme));
});

Deno.test("README names every catalogue endpoint and both fresh-machine commands", () => {
  for (const name of Object.keys(ENDPOINTS)) assert.ok(readme.includes(`| ${name} |`), name);
  assert.ok(readme.includes("npx -y deno@2.9.6 task demo"));
  assert.ok(readme.includes("npx -y deno@2.9.6 task test"));
});
