/**
 * The MCP server over a store of public data (`deno task mcp` with RI_STORE, the task's own permissions)
 * resolves a sponsor by its Orange Book applicant name and accepts an applicant only the approvals know,
 * saying which data matched it (issue 31).
 */
import assert from "node:assert/strict";
import { dropStore, importedStore } from "../sandbox/_helpers.ts";
import { body, call, overStdio, text } from "./_mcp.ts";

Deno.test("MCP resolve_name finds a sponsor by its applicant names, and says when only approvals know it", async () => {
  const store = await importedStore();
  try {
    await using conn = await overStdio([], { RI_STORE: store });
    const bms = await call(conn.mcp, "resolve_name", { kind: "sponsor", name: "BRISTOL MYERS SQUIBB CO" });
    assert.ok(!bms.isError, text(bms));
    assert.equal(body(bms).name, "Bristol-Myers Squibb", "the trial registry's spelling of the same company");
    const micro = await call(conn.mcp, "resolve_name", { kind: "sponsor", name: "Micro Labs" });
    assert.ok(!micro.isError, text(micro));
    assert.match(text(micro), /approvals/);
    const typo = await call(conn.mcp, "resolve_name", { kind: "sponsor", name: "Brstol Myers" });
    assert.ok(typo.isError, "a typo still fails");
  } finally {
    await dropStore(store);
  }
});
