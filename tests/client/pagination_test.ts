/**
 * Auto-pagination against the sandbox: completeness against the exact total, bounded concurrency,
 * duplicates and total drift detected, maxRows, progress events, iterate, hasMore endpoints.
 */
import assert from "node:assert/strict";
import { IncompleteResultError, type Progress, ValidationError } from "../../lib/client/mod.ts";
import type { HandlerContext } from "../../lib/sandbox/mod.ts";
import { HANDLERS } from "../../lib/sandbox/handlers/mod.ts";
import { clientFor, fixtures, withSandbox } from "./_sandbox.ts";

type ListBody = { data: { trial_id: string }[]; meta: { totalItems: number } };
const search = HANDLERS["trials.search"];

Deno.test(".all() uses the largest page size unless one is given, and matches the total", async () => {
  await withSandbox(async (sb) => {
    const ri = clientFor(sb);
    const r = await ri.trials.search.all({});
    assert.equal(r.meta.params.limit, 100);
    assert.equal(r.meta.pages, Math.ceil(r.total! / 100));
    assert.equal(r.rows.length, r.total);
    assert.equal(r.meta.complete, true);
    const small = await ri.trials.search.all({ search: "cancer", limit: 30 });
    assert.equal(small.meta.pages, Math.ceil(small.total! / 30));
  });
});

Deno.test(".all() never has more requests in flight than the client's concurrency", async () => {
  await withSandbox(async (sb) => {
    let inFlight = 0;
    let peak = 0;
    const tracking: typeof fetch = async (input, init) => {
      peak = Math.max(peak, ++inFlight);
      try {
        const res = await fetch(input, init);
        return new Response(await res.text(), res);
      } finally {
        inFlight--;
      }
    };
    const ri = clientFor(sb, { fetch: tracking, concurrency: 3, adaptive: false });
    const [a, b] = await Promise.all([
      ri.trials.search.all({ limit: 50 }),
      ri.regulatory.search.all({ limit: 20 }),
    ]);
    assert.equal(peak, 3, "the limiter is shared by both pulls");
    assert.equal(a.rows.length, a.total);
    assert.equal(b.rows.length, b.total);
  }, { faults: { latencyMs: 20 } });
});

Deno.test("rows duplicated by page drift are detected: an error, or flagged with allowPartial", async () => {
  const drifting = (ctx: HandlerContext) => {
    const body = search(ctx) as ListBody;
    // Page 2 repeats the last row of page 1 (a row inserted ahead shifted the pages).
    if (ctx.params.page === 2) {
      const prev = search({ ...ctx, params: { ...ctx.params, page: 1 } }) as ListBody;
      body.data[0] = prev.data[prev.data.length - 1];
    }
    return body;
  };
  await withSandbox(async (sb) => {
    const ri = clientFor(sb);
    await assert.rejects(ri.trials.search.all({ search: "cancer", limit: 20 }), (e: unknown) => {
      assert.ok(e instanceof IncompleteResultError);
      assert.equal(e.received, e.expected - 1);
      assert.match(e.message, /1 duplicates/);
      return true;
    });
    const r = await ri.trials.search.all({ search: "cancer", limit: 20 }, { allowPartial: true });
    assert.equal(r.meta.complete, false);
    assert.deepEqual(r.meta.warnings.map((w) => w.code), ["duplicates", "incomplete"]);
    assert.equal(new Set(r.rows.map((x) => x.trial_id)).size, r.rows.length);
  }, { handlers: { "trials.search": drifting } });
});

Deno.test("a total that changes during the pull is an IncompleteResultError", async () => {
  const growing = (ctx: HandlerContext) => {
    const body = search(ctx) as ListBody;
    if (ctx.params.page === 3) body.meta.totalItems += 1;
    return body;
  };
  await withSandbox(async (sb) => {
    await assert.rejects(clientFor(sb).trials.search.all({ search: "cancer", limit: 20 }), /total changed/);
  }, { handlers: { "trials.search": growing } });
});

Deno.test("maxRows stops early and says how many rows exist", async () => {
  await withSandbox(async (sb) => {
    const r = await clientFor(sb).trials.search.all({}, { maxRows: 250 });
    assert.equal(r.rows.length, 250);
    assert.equal(r.meta.pages, 3);
    assert.equal(r.meta.complete, false);
    assert.equal(r.meta.warnings[0].code, "capped");
    assert.match(r.meta.warnings[0].message, new RegExp(`${r.total} rows exist`));
  });
});

Deno.test("progress is reported as pages complete", async () => {
  await withSandbox(async (sb) => {
    const events: Progress[] = [];
    const ri = clientFor(sb, { onProgress: (p) => events.push(p) });
    const r = await ri.trials.search.all({ search: "cancer", limit: 20 });
    assert.equal(events.length, r.meta.pages);
    assert.deepEqual(events.map((e) => e.pagesDone), events.map((_, i) => i + 1));
    const last = events[events.length - 1];
    assert.equal(last.pagesTotal, r.meta.pages);
    assert.equal(last.rowsTotal, r.total);
    assert.equal(last.rowsDone, r.total);
    assert.equal(last.endpoint, "trials.search");
  });
});

Deno.test(".iterate() yields the same rows in the same order as .all()", async () => {
  await withSandbox(async (sb) => {
    const ri = clientFor(sb);
    const all = await ri.regulatory.search.all({ limit: 25 });
    const seen: string[] = [];
    for await (const row of ri.regulatory.search.iterate({ limit: 25 })) seen.push(row.approval_id);
    assert.deepEqual(seen, all.rows.map((r) => r.approval_id));
    let n = 0;
    for await (const _ of ri.regulatory.search.iterate({ limit: 10 })) if (++n === 15) break;
    assert.equal(n, 15);
  });
});

Deno.test("researcher works paginate with the exact total and end with hasMore=false", async () => {
  await withSandbox(async (sb) => {
    const r = await clientFor(sb).researchers.works.all({ authorId: fixtures(sb).authorId, limit: 5 });
    assert.equal(r.rows.length, r.total);
    assert.equal((r.body as { hasMore: boolean }).hasMore, false);
    assert.equal(r.meta.complete, true);
  });
});

Deno.test(".all() refuses a page parameter", async () => {
  await withSandbox(async (sb) => {
    // @ts-expect-error page is not a parameter of .all()
    await assert.rejects(clientFor(sb).trials.search.all({ page: 2 }), ValidationError);
  });
});
