/**
 * A failed page stops the pull (lib/client/paginate.ts): once a page fails for good (no retry left, no
 * `allowPartial`), no page queued behind it is requested — even while `.all()` is still waiting on an
 * earlier page, whose answer would end the pull anyway. The sandbox holds page 2, fails page 3, and counts
 * the pages requested; a probe call queued behind the pull's pages on the same fixed client (its one FIFO
 * limiter) marks the moment every queued page has been either requested or dropped.
 */
import assert from "node:assert/strict";
import type { Handler } from "../../lib/sandbox/handler.ts";
import { HANDLERS } from "../../lib/sandbox/handlers/mod.ts";
import { ServerError } from "../../lib/client/mod.ts";
import { clientFor, withSandbox } from "./_sandbox.ts";

const search = HANDLERS["trials.search"];

Deno.test(".all(): after a page fails, the pages queued behind it are not requested", async () => {
  const requested: number[] = [];
  let releasePage2!: () => void;
  const page2 = new Promise<void>((r) => releasePage2 = r);
  let probe: Promise<unknown> | undefined;
  let handler: Handler = search;
  await withSandbox(async (sb) => {
    // A fixed client of 2 slots: pages 2 .. 5 are scheduled (a window of 2 × 2), 2 and 3 on the wire.
    const ri = clientFor(sb, { adaptive: false, concurrency: 2, retry: { limit: 0 } });
    const q = { search: "cancer", limit: 10 };
    handler = async (ctx) => {
      const page = Number(ctx.params.page ?? 1);
      if (Number(ctx.params.limit) === 1) { // the probe: every page queued before it has been dealt with
        releasePage2();
        return search(ctx);
      }
      requested.push(page);
      if (page === 2) await page2;
      if (page === 3) {
        probe = ri.trials.search({ ...q, limit: 1 }); // queued behind pages 4 and 5
        await new Promise((r) => setTimeout(r, 0)); // let the probe reach the limiter's queue first
        return Response.json({ error: { code: "internal", message: "page 3 broke" } }, { status: 500 });
      }
      return search(ctx);
    };
    await assert.rejects(ri.trials.search.all(q, { maxRows: 300 }), ServerError);
    await probe;
  }, { handlers: { "trials.search": (ctx) => handler(ctx) } });
  assert.ok(!requested.includes(5), `pages requested: ${requested.join(", ")}`);
  // Page 4 may have been sent in the instant page 3's slot was freed; page 5 waited behind it.
  assert.deepEqual(requested.slice(0, 3).sort(), [1, 2, 3]);
});
