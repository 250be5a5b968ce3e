/**
 * Auto-pagination when the service misbehaves mid-pull (the sandbox told so by a handler override): a
 * failing page, a total that changes without rows changing, a last page that still says hasMore, and the
 * first real error surfacing rather than the abort it caused.
 */
import assert from "node:assert/strict";
import { IncompleteResultError, ServerError } from "../../lib/client/mod.ts";
import type { Handler } from "../../lib/sandbox/handler.ts";
import { HANDLERS } from "../../lib/sandbox/handlers/mod.ts";
import { clientFor, fixtures, withSandbox } from "./_sandbox.ts";

const search = HANDLERS["trials.search"];
const fail500 = () => new Response(JSON.stringify({ error: { message: "Boom" } }), { status: 500 });
const Q = { search: "melanoma", limit: 10 };

Deno.test("a failing page fails .all() with its own error; with allowPartial it is flagged and its rows missing", async () => {
  const page2fails: Handler = (ctx) => (ctx.params.page === 2 ? fail500() : search(ctx));
  await withSandbox(async (sb) => {
    const ri = clientFor(sb, { retry: 0 });
    await assert.rejects(
      ri.trials.search.all(Q),
      (e: unknown) => e instanceof ServerError && e.status === 500,
    );
    const r = await ri.trials.search.all(Q, { allowPartial: true });
    assert.equal(r.meta.complete, false);
    assert.equal(r.rows.length, r.total! - 10);
    const codes = r.meta.warnings.map((w) => w.code);
    assert.deepEqual(codes, ["page-failed", "incomplete"]);
    assert.match(r.meta.warnings[0].message, /^Page 2 failed \(.*\); its rows are missing$/);
  }, { handlers: { "trials.search": page2fails } });
});

Deno.test("the first page error surfaces, not the abort it caused in a slower page", async () => {
  const slow2fast3: Handler = async (ctx) => {
    if (ctx.params.page === 2) await new Promise((r) => setTimeout(r, 300));
    return ctx.params.page === 3 ? fail500() : search(ctx);
  };
  await withSandbox(async (sb) => {
    const ri = clientFor(sb, { retry: 0, adaptive: false, concurrency: 4 });
    await assert.rejects(
      ri.trials.search.all(Q),
      (e: unknown) => e instanceof ServerError && e.status === 500,
    );
  }, { handlers: { "trials.search": slow2fast3 } });
});

Deno.test("a total that changes mid-pull is caught even when the rows add up", async () => {
  const drift: Handler = (ctx) => {
    const body = search(ctx) as { meta: { totalItems: number } };
    if (ctx.params.page === 2) body.meta.totalItems += 1;
    return body;
  };
  await withSandbox(async (sb) => {
    const ri = clientFor(sb);
    await assert.rejects(ri.trials.search.all(Q), (e: unknown) => {
      assert.ok(e instanceof IncompleteResultError, String(e));
      assert.match(e.message, /The total changed from (\d+) to \d+ during the pull/);
      return true;
    });
    const r = await ri.trials.search.all(Q, { allowPartial: true });
    assert.equal(r.rows.length, r.total, "every row of the first total arrived");
    assert.equal(r.meta.complete, false);
    assert.deepEqual(r.meta.warnings.map((w) => w.code), ["total-changed"]);
  }, { handlers: { "trials.search": drift } });
});

Deno.test("a last page that still says hasMore is incomplete", async () => {
  const works = HANDLERS["researchers.works"];
  const endless: Handler = (ctx) => ({ ...(works(ctx) as object), hasMore: true });
  await withSandbox(async (sb) => {
    const authorId = fixtures(sb).authorId;
    await assert.rejects(clientFor(sb).researchers.works.all({ authorId, limit: 5 }), (e: unknown) => {
      assert.ok(e instanceof IncompleteResultError, String(e));
      assert.match(e.message, /the last page still says hasMore/);
      return true;
    });
  }, { handlers: { "researchers.works": endless } });
});
