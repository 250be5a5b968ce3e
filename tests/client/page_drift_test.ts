/**
 * Page drift is caught by each paged endpoint's own row id (lib/client/paginate.ts ID_FIELDS), from the
 * definition: a row that a later page repeats (the data shifted between two page requests) is dropped and
 * flagged `duplicates`, and the pull is incomplete. The sandbox, told to repeat page 1's last row at the top
 * of page 2, serves each paged endpoint whose id the other drift tests (trials, works, composite) leave out.
 */
import assert from "node:assert/strict";
import type { Handler } from "../../lib/sandbox/handler.ts";
import { HANDLERS } from "../../lib/sandbox/handlers/mod.ts";
import type { RowsResult } from "../../lib/client/result.ts";
import { clientFor, withSandbox } from "./_sandbox.ts";

type Row = Record<string, unknown>;

type Body = { data: unknown[] };

/** `name`'s handler, with page 2 starting with page 1's last row. */
const drifting = (name: string): Handler => async (ctx) => {
  const body = await HANDLERS[name](ctx) as Body;
  if (ctx.params.page === 2) {
    const prev = (await HANDLERS[name]({ ...ctx, params: { ...ctx.params, page: 1 } }) as Body).data;
    body.data[0] = prev[prev.length - 1];
  }
  return body;
};

const PAGED = {
  "regulatory.search": "approval_id",
  "grants.search": "grant_id",
  "patents.search": "patent_id",
  "medicare.search": "_key",
  "alerts.list": "alert_id",
} as const;

Deno.test("page drift is caught on approval_id, grant_id, patent_id, _key and alert_id rows", async () => {
  await withSandbox(async (sb) => {
    const ri = clientFor(sb) as unknown as Record<
      string,
      Record<string, { all: (p: unknown, o: unknown) => Promise<RowsResult<Row>> }>
    >;
    for (const [name, id] of Object.entries(PAGED)) {
      const [ns, method] = name.split(".");
      const r = await ri[ns][method].all({ limit: 2 }, { allowPartial: true, maxRows: 6 });
      assert.ok(r.meta.pages > 1, `${name}: more than one page (${r.meta.pages})`);
      assert.ok(
        r.rows.every((row) => typeof row[id] === "string"),
        `${name} rows carry ${id}`,
      );
      const dup = r.meta.warnings.find((w) => w.code === "duplicates");
      assert.ok(dup, `${name}: ${JSON.stringify(r.meta.warnings)}`);
      assert.match(dup.message, new RegExp(`^1 duplicate rows \\(same ${id}\\)`));
      assert.equal(dup.pitfall, 1, "PITFALLS #1: rows collected must match the total");
      assert.equal(
        new Set(r.rows.map((row) => row[id])).size,
        r.rows.length,
        `${name}: no row twice`,
      );
      assert.equal(r.meta.complete, false);
    }
  }, { handlers: Object.fromEntries(Object.keys(PAGED).map((n) => [n, drifting(n)])) });
});
