/**
 * The memory bound of a pull (docs/SECURITY.md): `.all()` requests at most 2 × `maxConcurrency` pages
 * ahead (`.iterate()` 2 × the slots open now; a fixed client's are its concurrency), so pages fetched while an earlier one is slow are held in memory only up to that window. The
 * sandbox holds page 2 for a while; every page requested meanwhile is counted.
 */
import assert from "node:assert/strict";
import type { Handler } from "../../lib/sandbox/handler.ts";
import { HANDLERS } from "../../lib/sandbox/handlers/mod.ts";
import { clientFor, withSandbox } from "./_sandbox.ts";

const search = HANDLERS["trials.search"];

for (const how of ["all", "iterate"] as const) {
  Deno.test(`.${how}() requests at most 2 × the client's slots ahead while an earlier page is outstanding`, async () => {
    const CONCURRENCY = 2; // a fixed client: its slots and maxConcurrency are its concurrency
    let page2Done = false;
    const whileHeld = new Set<number>();
    const holdPage2: Handler = async (ctx) => {
      const page = Number(ctx.params.page ?? 1);
      if (!page2Done && page > 2) whileHeld.add(page);
      if (page === 2) {
        // Long enough for a wider window to show; the bound holds however long it is.
        await new Promise((r) => setTimeout(r, 400));
        page2Done = true;
      }
      return search(ctx);
    };
    await withSandbox(async (sb) => {
      const ri = clientFor(sb, { adaptive: false, concurrency: CONCURRENCY });
      const q = { search: "cancer", limit: 10 };
      let rows = 0;
      if (how === "all") rows = (await ri.trials.search.all(q, { maxRows: 300 })).rows.length;
      else for await (const _ of ri.trials.search.iterate(q, { maxRows: 300 })) rows++;
      assert.equal(rows, 300, "fixture: 30 pages");
      // Pages 2 .. 1 + 2×C may be requested before page 2 is answered; page 2 + 2×C must not.
      assert.ok(whileHeld.size > 0, "the other pages went on while page 2 was held");
      assert.ok(
        Math.max(...whileHeld) <= 1 + 2 * CONCURRENCY,
        `requested while page 2 was held: ${[...whileHeld]}`,
      );
    }, { handlers: { "trials.search": holdPage2 } });
  });
}
