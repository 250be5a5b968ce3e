/**
 * The bound on a claimed total at its edges (lib/client/paginate.ts checkTotal): page 1's total must be a
 * whole number, need at most MAX_PULL_PAGES pages (counting only up to maxRows) and agree with page 1's
 * own size. A real loopback service answers the sandbox's rows with the claimed total replaced.
 */
import assert from "node:assert/strict";
import { createClient, ImplausibleTotalError, RiError } from "../../lib/client/mod.ts";
import { MAX_PULL_PAGES } from "../../lib/client/paginate.ts";
import { hostile, KEY } from "../_hostile.ts";
import { withSandbox } from "./_sandbox.ts";

const LIMIT = 10;

/**
 * Page 1 is the sandbox's, with `meta.totalItems` = `claim(rows)`; any later page is refused (a 400), so a
 * pull that went on is told apart from one stopped by the bound.
 */
async function pull(
  claim: (rows: number) => number,
  opts: { maxRows?: number; search?: string; page?: (rows: unknown[]) => unknown[] } = {},
) {
  return await withSandbox(async (sb) => {
    const server = hostile(async (_req, url) => {
      if (url.searchParams.get("page") !== null && url.searchParams.get("page") !== "1") {
        return Response.json({ error: "no later pages here" }, { status: 400 });
      }
      const res = await fetch(`${sb.url}${url.pathname}${url.search}`, {
        headers: { "x-api-key": sb.keys.pos },
      });
      const body = await res.json();
      if (opts.page) body.data = opts.page(body.data);
      body.meta.totalItems = claim(body.data.length);
      return Response.json(body);
    });
    try {
      const ri = createClient({ baseUrl: server.url, apiKey: KEY, retry: 0 });
      const q = { search: opts.search ?? "cancer", limit: LIMIT };
      const out = await ri.trials.search.all(q, opts.maxRows === undefined ? {} : { maxRows: opts.maxRows })
        .then((r) => ({ rows: r.rows.length, error: undefined }), (e) => ({ rows: 0, error: e as Error }));
      return { ...out, requests: server.seen.length };
    } finally {
      await server.close();
    }
  });
}

Deno.test("a total that is not a whole number of rows is refused after page 1", async () => {
  const negative = await pull(() => -1);
  assert.ok(negative.error instanceof ImplausibleTotalError, String(negative.error));
  assert.match(negative.error.message, /claims -1 rows, which is not a whole number of rows/);
  assert.equal(negative.requests, 1);
  // a fraction is already refused by the response schema (an int): still one request, a typed error
  const fraction = await pull(() => 2.5);
  assert.ok(fraction.error instanceof RiError, String(fraction.error));
  assert.equal(fraction.requests, 1);
});

Deno.test("the page bound: MAX_PULL_PAGES pages may be pulled, one more is refused; maxRows counts, not the total", async () => {
  assert.equal(
    MAX_PULL_PAGES,
    100_000,
    "the bound docs/SECURITY.md states: more than 100,000 pages is refused",
  );
  const over = await pull(() => LIMIT * MAX_PULL_PAGES + 1);
  assert.ok(over.error instanceof ImplausibleTotalError, String(over.error));
  assert.match(
    over.error.message,
    new RegExp(`${MAX_PULL_PAGES + 1} pages of ${LIMIT}: more than one pull fetches`),
  );
  assert.equal(over.requests, 1);
  // exactly at the bound: the pull goes on (and meets the refused page 2), no ImplausibleTotalError
  const at = await pull(() => LIMIT * MAX_PULL_PAGES);
  assert.ok(at.error && !(at.error instanceof ImplausibleTotalError), String(at.error));
  assert.ok(at.requests > 1);
  // a huge total with a small maxRows: one page is all the pull needs
  const capped = await pull(() => LIMIT * MAX_PULL_PAGES * 10, { maxRows: LIMIT });
  assert.deepEqual([capped.error?.name, capped.rows, capped.requests], [undefined, LIMIT, 1]);
});

Deno.test("page 1 must agree with the total: a full page may be the only one, a short one must be the last", async () => {
  const full = await pull((rows) => rows);
  assert.deepEqual([full.error?.message, full.rows, full.requests], [undefined, LIMIT, 1]);
  const last = await pull((rows) => rows, { page: (d) => d.slice(0, 7) });
  assert.deepEqual([last.error?.message, last.rows, last.requests], [undefined, 7, 1]);
  const short = await pull((rows) => rows + 1, { page: (d) => d.slice(0, 7) });
  assert.ok(short.error instanceof ImplausibleTotalError, String(short.error));
  assert.match(short.error.message, /claims 8 rows, but its first page holds 7 of a page size of 10/);
  assert.equal(short.requests, 1);
  const overfull = await pull(() => 1000, { page: (d) => [...d, d[0]] });
  assert.ok(overfull.error instanceof ImplausibleTotalError, String(overfull.error));
  assert.match(overfull.error.message, /first page holds 11 of a page size of 10/);
  const none = await pull(() => 0, { page: () => [] });
  assert.deepEqual([none.error?.message, none.rows, none.requests], [undefined, 0, 1]);
});
