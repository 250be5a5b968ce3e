/**
 * Analyses print nothing of their own: the native Polars library writes deprecation notices straight to
 * stderr (not through `console`), so the check runs an analysis in a child process and reads its stderr.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

Deno.test("sponsorScan() on a service without regulatory flags prints no Polars deprecation notice", async () => {
  // The spec-minimal profile sends no regulatory_flags, so the scan derives is_orphan with an `is_in`.
  const code = `
    import { createClient } from "./lib/client/mod.ts";
    import { startSandbox } from "./lib/sandbox/mod.ts";
    import { sponsorScan } from "./lib/analyses/mod.ts";
    await using sb = await startSandbox({ quiet: true, seed: 42, scale: "tiny", profile: "spec-minimal" });
    const r = await sponsorScan(createClient({ baseUrl: sb.url, apiKey: sb.keys.pos }), { sponsor: "Biogen" });
    console.log(JSON.stringify({ orphans: r.approvals.getColumn("is_orphan").toArray().filter(Boolean).length }));
  `;
  const { code: exit, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--ext=ts", code],
    cwd: ROOT,
    env: { NO_COLOR: "1" },
  }).output();
  const err = new TextDecoder().decode(stderr);
  assert.equal(exit, 0, err);
  assert.ok(JSON.parse(new TextDecoder().decode(stdout)).orphans > 0, "the derived is_orphan path ran");
  assert.doesNotMatch(err, /Deprecation|deprecated/i, `stderr:\n${err}`);
});
