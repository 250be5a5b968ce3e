/**
 * One call's result from the catalogue's definitions (lib/client/call.ts): an endpoint of row groups
 * (regulatory.landscape's tiers) gives every group's rows, each labelled with its group's name, checked
 * against the raw answer; an endpoint that is no list gives a body result without rows; a 500 from an
 * endpoint that resolves an entity means that entity could not be resolved, whatever the body says, and
 * names the parameter and the input the caller sent; a whole answer is complete and fresh; a LEI with no
 * ticker is an empty mapping flagged with PITFALLS #25; a pull is dated by its first page, and one cached
 * answer makes a result cached; a paged answer without its documented total is refused; a sandbox-chosen field is absent only when no answer carried it.
 */
import assert from "node:assert/strict";
import { createClient, SchemaMismatchError, UnresolvedEntityError } from "../../lib/client/mod.ts";
import { absentFields } from "../../lib/client/call.ts";
import type { Answer } from "../../lib/client/request.ts";
import { emptyAudit } from "../../lib/client/schemas/origin.ts";
import type { Handler } from "../../lib/sandbox/handler.ts";
import { HANDLERS } from "../../lib/sandbox/handlers/mod.ts";
import { hostile, KEY } from "../_hostile.ts";
import { clientFor, fixtures, raw, withSandbox } from "./_sandbox.ts";

const GROUPS = ["biologics", "small_molecules_modern", "commodities"] as const;

Deno.test("row groups: every group's rows, in group order, each labelled with its group's name", async () => {
  await withSandbox(async (sb) => {
    const r = await clientFor(sb).regulatory.landscape({});
    const answer = await raw(sb, "/api/v1/tools/regulatory/landscape");
    const data = answer.body.data as Record<string, Record<string, unknown>[]>;
    const want = GROUPS.flatMap((g) => data[g].map((row) => [g, row.generic_name]));
    assert.ok(GROUPS.every((g) => data[g].length > 0), "fixture: every tier has drugs");
    assert.deepEqual(
      r.rows.map((row) => [row.group, row.generic_name]),
      want,
    );
  });
});

Deno.test("an endpoint that is no list gives its body, and no rows", async () => {
  await withSandbox(async (sb) => {
    const r = await clientFor(sb).diseases.landscape({ efo_id: fixtures(sb).efoId });
    assert.ok(r.body !== null && typeof r.body === "object");
    assert.equal("rows" in r, false);
    assert.equal(r.meta.rows, 0);
  });
});

Deno.test("a 500 from an entity-resolving endpoint is an UnresolvedEntityError naming the parameter and input sent", async () => {
  const server = hostile(() => Response.json({ error: "Internal Server Error" }, { status: 500 }));
  try {
    const ri = createClient({ baseUrl: server.url, apiKey: KEY, retry: 0 });
    const e = await ri.biology.drugToTargets({ drug: "zz-unknown-drug" }).catch((x) => x);
    assert.ok(e instanceof UnresolvedEntityError, String(e));
    assert.equal(e.input, "zz-unknown-drug");
    assert.equal(e.parameter, "drug");
  } finally {
    await server.close();
  }
});

Deno.test("a whole answer is complete and fresh (age 0); a LEI without a ticker is an empty mapping, pitfall 25", async () => {
  await withSandbox(async (sb) => {
    const ri = clientFor(sb);
    const fx = fixtures(sb);
    const some = await ri.financials.leiToTicker({ lei: fx.lei });
    assert.ok(some.rows.length > 0);
    assert.deepEqual([some.meta.complete, some.meta.fromCache, some.meta.cacheAgeMs], [true, false, 0]);
    const none = await ri.financials.leiToTicker({ lei: fx.leiWithoutTicker });
    assert.deepEqual(none.meta.warnings.map((w) => [w.code, w.pitfall]), [["no-mapping", 25]]);
    assert.deepEqual([none.meta.complete, none.meta.cacheAgeMs], [true, 0]);
  });
});

Deno.test("one page of a paged endpoint is incomplete and says which page of how many rows, pitfall 1", async () => {
  await withSandbox(async (sb) => {
    const r = await clientFor(sb).trials.search({ search: "cancer", limit: 10 });
    assert.ok(r.total! > 10, "fixture: more than one page");
    assert.equal(r.meta.complete, false);
    assert.deepEqual(r.meta.warnings.map((w) => [w.code, w.pitfall]), [["one-page", 1]]);
    assert.equal(
      r.meta.warnings[0].message,
      `This is page 1 (10 rows) of ${r.total} rows; use .all() or .iterate() for every row`,
    );
  });
});

Deno.test("provenance: a pull's fetchedAt is its first page's time; one cached answer makes a result fromCache", async () => {
  const search = HANDLERS["trials.search"];
  const slowLater: Handler = async (ctx) => {
    if (ctx.params.page !== 1) await new Promise((r) => setTimeout(r, 30));
    return search(ctx);
  };
  await withSandbox(async (sb) => {
    let firstPage = 0;
    const ri = clientFor(sb, { onProgress: (p) => void (p.pagesDone === 1 && (firstPage = Date.now())) });
    const r = await ri.trials.search.all({ search: "cancer", limit: 50 }, { maxRows: 150 });
    assert.ok(r.meta.pages > 1);
    assert.ok(r.meta.fetchedAt.getTime() <= firstPage, "not a later page's time");
    const dir = await Deno.makeTempDir();
    try {
      const cached = clientFor(sb, { cache: { dir } });
      assert.equal((await cached.trials.search({ limit: 5 })).meta.fromCache, false);
      const again = await cached.trials.search({ limit: 5 });
      assert.equal(again.meta.fromCache, true);
      assert.equal(again.meta.pages, 1);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  }, { handlers: { "trials.search": slowLater } });
});

Deno.test("field-absent: a sandbox-chosen field no answer carried, at most 8 named and the rest counted", () => {
  const answer = (present: string[], missing: string[]): Answer => ({
    body: {},
    fetchedAt: new Date(0),
    fromCache: false,
    cacheAgeMs: 0,
    fields: { ...emptyAudit(), chosenPresent: new Set(present), chosenMissing: new Set(missing) },
  });
  assert.equal(absentFields([answer(["a"], [])]), undefined);
  // "b" is missing on page 1 but carried on page 2: not absent; "c" is missing on both.
  const w = absentFields([answer(["a"], ["b", "c"]), answer(["b"], ["c"])]);
  assert.deepEqual([w?.code, w?.pitfall], ["field-absent", 36]);
  assert.equal(
    w?.message,
    "The service sent no c (fields the spec does not name); columns built from them are left empty",
  );
  // A field's path in words: what a reader reads, not a JSON path.
  assert.match(
    absentFields([answer([], ["data.small_molecules_modern[].chembl_id"])])!.message,
    /^The service sent no ChEMBL id of small molecules modern \(/,
  );
  const nine = Array.from({ length: 9 }, (_, i) => `f${i}`);
  assert.match(
    absentFields([answer([], nine)])!.message,
    /^The service sent no f0, f1, f2, f3, f4, f5, f6, f7 and 1 more \(/,
  );
  assert.match(
    absentFields([answer([], nine.slice(0, 8))])!.message,
    /^The service sent no f0, f1, f2, f3, f4, f5, f6, f7 \(/,
  );
});

Deno.test("a paged answer without its documented exact total is a SchemaMismatchError naming the field", async () => {
  // patents.search's schema leaves meta.total optional (it exists because include_total=true is sent).
  const server = hostile(() => Response.json({ data: [], meta: {} }));
  try {
    const ri = createClient({ baseUrl: server.url, apiKey: KEY, retry: 0 });
    const e = await ri.patents.search({}).catch((x) => x);
    assert.ok(e instanceof SchemaMismatchError, String(e));
    assert.equal(e.field, "meta.total");
  } finally {
    await server.close();
  }
});
