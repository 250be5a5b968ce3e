/**
 * A NUL (or another control character) in any parameter is malformed: the sandbox answers 400 naming the
 * parameter for every endpoint (the check is in the catalogue-derived validation), instead of matching on
 * what the NUL leaves.
 */
import assert from "node:assert/strict";
import { get, P, post, withSandbox } from "./_helpers.ts";

Deno.test("a NUL in a parameter is a 400 naming it, never a match on what the NUL leaves", async () => {
  await withSandbox(async (sb) => {
    assert.equal((await get(sb, P.approvals, { trade_name: "zz" })).body.meta.totalItems, 0);
    // Before: `trade_name=a%00zz` answered 200 with 92 rows, though no trade name matches "zz".
    const nul = await get(sb, P.approvals, { trade_name: "a\u0000zz" });
    assert.equal(nul.status, 400, nul.text);
    assert.equal(nul.body.error.code, "invalid_parameter");
    assert.match(nul.body.error.message, /'trade_name'.*control character U\+0000 at 2/);
    const others = [[P.trials, { search: "a\u0000" }], [P.autocomplete, { q: "lu\u0001ng" }]] as const;
    for (const [path, q] of others) {
      const r = await get(sb, path, q, "pro");
      assert.equal(r.status, 400, r.text);
      assert.match(r.body.error.message, /control character/);
    }
    const body = await post(sb, P.landscape, { disease: "lung\u0000cancer" });
    assert.equal(body.status, 400, body.text);
    assert.match(body.body.error.message, /'disease'.*control character/);
  });
});
