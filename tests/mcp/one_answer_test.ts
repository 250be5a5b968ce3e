/**
 * One company, one answer (issue 39) in the MCP server: its name check (`resolve_name`) resolves a sponsor
 * as the report does (lib/report/resolve_inputs.ts), on the sandbox's own terms (`full`: its `resolution`
 * beside the rows) and on the spec's alone (`spec-minimal`: the real service's shape), over loopback HTTP on
 * the one-answer store (an Orange Book edition of real applicant-name shapes with the public samples).
 */
import assert from "node:assert/strict";
import { HEADLINE_INPUTS, type SectionId } from "../../lib/report/inputs.ts";
import { resolveInputs } from "../../lib/report/resolve_inputs.ts";
import type { Client as RiClient } from "../../lib/client/mod.ts";
import { oneAnswerStore } from "../report/_one_answer_store.ts";
import { body, call, overHttp, text } from "./_mcp.ts";

/** The report's problem line for one sponsor (it exits 2 with it), or its resolution. */
async function report(client: RiClient, sponsor: string, sections: SectionId[]) {
  try {
    const r = await resolveInputs(client, { ...HEADLINE_INPUTS, sponsors: [sponsor] }, sections);
    return { name: r.inputs.sponsors[0], resolution: r.sponsors[0], problem: "" };
  } catch (e) {
    return { name: undefined, resolution: undefined, problem: (e as Error).message };
  }
}

/** The quoted names of a report's problem line after `after` ('A' (…), 'B' → [A, B]). */
const quoted = (line: string, after: RegExp): string[] => {
  const m = after.exec(line);
  assert.ok(m, line);
  return [...line.slice(m.index + m[0].length).matchAll(/'([^']+)'/g)].map((x) => x[1]);
};

Deno.test("MCP resolve_name and the report resolve a sponsor alike (Pfizer's units, Merck's question, a typo's suggestions), full and spec-minimal", async () => {
  const { dir, store } = await oneAnswerStore();
  try {
    for (const profile of ["full", "spec-minimal"] as const) {
      await using conn = await overHttp({ synthetic: false }, {}, { store, profile });
      // Pfizer: the same name asked, the same units (its own and three named as Pfizer's), the same approvals.
      const pfizer = await call(conn.mcp, "resolve_name", { kind: "sponsor", name: "Pfizer" });
      assert.ok(!pfizer.isError, `${profile}: ${text(pfizer)}`);
      const rep = await report(conn.client, "Pfizer", ["sponsor", "regulatory"]);
      assert.ok(rep.resolution, `${profile}: ${rep.problem}`);
      const mcp = body(pfizer);
      assert.equal(mcp.name, rep.name, profile);
      assert.equal(mcp.approvals, rep.resolution.approvals, profile);
      assert.equal(mcp.approvals, 4, profile);
      assert.deepEqual(
        [...mcp.units].sort(),
        [rep.resolution.name, ...rep.resolution.units].sort(),
        profile,
      );
      assert.ok(mcp.units.some((u: string) => /SUB OF PFIZER INC/.test(u)), `${profile}: ${mcp.units}`);
      assert.match(text(pfizer), /4 organizations of PFIZER INC's family/, profile);

      // Merck: a question naming both companies, the report's candidates.
      const merck = await call(conn.mcp, "resolve_name", { kind: "sponsor", name: "Merck" });
      assert.ok(merck.isError, `${profile}: ${text(merck)}`);
      assert.match(text(merck), /ambiguous/, profile);
      const repMerck = await report(conn.client, "Merck", ["catalysts"]);
      const companies = quoted(repMerck.problem, /'Merck' fits \d+ companies: /);
      assert.deepEqual([...body(merck).error.suggestions].sort(), companies.sort(), profile);
      assert.deepEqual(companies.sort(), ["MERCK AND CO INC", "MERCK KGAA"], profile);

      // A typo: the report's did-you-mean, in its order.
      const typo = await call(conn.mcp, "resolve_name", { kind: "sponsor", name: "Pfzer" });
      assert.ok(typo.isError, `${profile}: ${text(typo)}`);
      const repTypo = await report(conn.client, "Pfzer", ["catalysts"]);
      const near = quoted(repTypo.problem, /'Pfzer' did not resolve; did you mean: /);
      assert.ok(near.length && near.every((n) => /PFIZER/.test(n)), repTypo.problem);
      assert.deepEqual(body(typo).error.suggestions, near, profile);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
