/**
 * Auto-pagination of page+limit endpoints: page 1 first (it carries the exact total from the
 * documented field), then the remaining pages concurrently through the client's shared limiter, in
 * order. The pull checks that the distinct rows collected equal the total (duplicates from page drift
 * are detected by the row id), that the total did not change mid-pull and that `hasMore` agrees;
 * anything else is an {@link IncompleteResultError} unless `allowPartial` (then `complete: false`
 * and a warning). `maxRows` stops early, flagged as `capped`.
 *
 * @module
 */
import type { z } from "zod";
import type { Endpoint } from "./catalogue.ts";
import { type CallContext, type PageView, rowsResult, viewOf, wireOf } from "./call.ts";
import { ImplausibleTotalError, IncompleteResultError, RiError, ValidationError } from "./errors.ts";
import { prepare, type Prepared } from "./guards.ts";
import type { ParamDef } from "./params.ts";
import { type Answer, type RequestOptions, send } from "./request.ts";
import type { RowsResult, Warning } from "./result.ts";

/** Options of `.all()` and `.iterate()`. */
export interface AllOptions extends RequestOptions {
  /** Stop after this many rows (the result is then flagged `capped`, `complete: false`). */
  readonly maxRows?: number;
  /** Return what was collected, flagged, instead of throwing when rows are missing. @default false */
  readonly allowPartial?: boolean;
}

/** Row id fields, in order of preference (the first one a row has is used for duplicate detection). */
export const ID_FIELDS: readonly string[] = [
  "trial_id",
  "id",
  "approval_id",
  "patent_id",
  "grant_id",
  "_key",
  "work_id",
  "alert_id",
];

/** The largest page size an endpoint accepts (from its `limit` parameter), if it has one. */
export function maxPageSize(ep: Endpoint): number | undefined {
  const def = (ep.params as Record<string, ParamDef>).limit;
  const max = (def?.wire as z.ZodNumber | undefined)?.maxValue;
  return typeof max === "number" && Number.isFinite(max) ? max : undefined;
}

interface Fetched {
  readonly view: PageView;
  readonly answer: Answer;
}

/**
 * Pull every page of `ep`, yielding each page's new distinct rows in page order; the generator's
 * return value is the complete {@link RowsResult}. `window` bounds how many pages are requested ahead.
 */
export async function* pull(
  ctx: CallContext,
  ep: Endpoint,
  params: unknown,
  opts: AllOptions,
  window: number,
): AsyncGenerator<unknown[], RowsResult<unknown>, undefined> {
  const given = { ...((params ?? {}) as Record<string, unknown>) };
  const where = { endpoint: ep.name, method: ep.method, path: ep.path };
  if (given.page !== undefined) {
    throw new ValidationError(
      `Parameter 'page' is not accepted by ${ep.name}.all() and .iterate(), which fetch every page; remove it`,
      {
        ...where,
        parameter: "page",
        value: given.page,
      },
    );
  }
  const { maxRows, allowPartial = false } = opts;
  if (maxRows !== undefined && !(Number.isInteger(maxRows) && maxRows >= 1)) {
    throw new ValidationError(`Option maxRows = ${maxRows} is invalid: must be a whole number >= 1`, {
      ...where,
      parameter: "maxRows",
      value: maxRows,
    });
  }
  given.limit ??= maxPageSize(ep);
  const prepared = (page: number): Prepared => prepare(ep, { ...given, page });
  const first = prepared(1);
  const limit = Number(first.sent.limit);
  const cfg = ctx.config();
  const stop = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, stop.signal]) : stop.signal;
  const reqOpts: RequestOptions = { ...opts, signal };
  const answers: Answer[] = [];
  const warnings: Warning[] = [];
  const rows: unknown[] = [];
  const seen = new Set<unknown>();
  let dupes = 0;
  let idField: string | undefined;
  let failed = 0;
  let rowsDone = 0;
  let pagesDone = 0;

  const totals: { pagesTotal?: number; rowsTotal?: number } = {};
  const fetchPage = async (n: number): Promise<Fetched> => {
    const p = n === 1 ? first : prepared(n);
    const answer = await send(cfg, wireOf(ep, p), reqOpts);
    const view = viewOf(ep, p.path, answer.body);
    pagesDone++;
    rowsDone += view.rows.length;
    ctx.onProgress?.({ endpoint: ep.name, pagesDone, rowsDone, ...totals });
    return { view, answer };
  };
  const take = (f: Fetched): unknown[] => {
    answers.push(f.answer);
    const fresh: unknown[] = [];
    for (const row of f.view.rows) {
      if (maxRows !== undefined && rows.length >= maxRows) break;
      idField ??= ID_FIELDS.find((k) => row !== null && typeof row === "object" && k in row);
      const id = idField === undefined ? undefined : (row as Record<string, unknown>)[idField];
      if (id !== undefined && seen.has(id)) {
        dupes++;
        continue;
      }
      if (id !== undefined) seen.add(id);
      rows.push(row);
      fresh.push(row);
    }
    return fresh;
  };

  const head = await fetchPage(1);
  const total = head.view.total;
  checkTotal(total, head.view.rows.length, limit, maxRows, where);
  const want = total === null ? undefined : Math.min(total, maxRows ?? Infinity);
  const nPages = want === undefined ? undefined : Math.max(1, Math.ceil(want / limit));
  if (nPages !== undefined) Object.assign(totals, { pagesTotal: nPages, rowsTotal: want });
  yield take(head);
  let last = head;

  // Remaining pages: scheduled up to `window` ahead (the shared limiter bounds real concurrency), so the
  // pages in memory are O(window) whatever the claimed total.
  const pending = new Map<number, Promise<Fetched | RiError>>();
  let firstError: unknown;
  const schedule = (n: number) => {
    const pr = fetchPage(n).catch((e) => {
      if (allowPartial && e instanceof RiError) return e;
      firstError ??= e;
      stop.abort();
      throw e;
    });
    pr.catch(() => {}); // handled when awaited in order; avoid an unhandled rejection meanwhile
    pending.set(n, pr);
  };
  let next = 2;
  const more = (n: number) =>
    nPages !== undefined
      ? n <= nPages
      : (maxRows === undefined || rows.length < maxRows) && last.view.hasMore === true;
  try {
    for (let n = 2; more(n); n++) {
      if (nPages !== undefined) {
        while (next <= nPages && next < n + window) schedule(next++);
      } else schedule(n);
      let got: Fetched | RiError;
      try {
        got = await pending.get(n)!;
      } catch (e) {
        throw opts.signal?.aborted ? e : firstError ?? e;
      }
      pending.delete(n);
      if (got instanceof RiError) {
        failed++;
        warnings.push({
          code: "page-failed",
          message: `Page ${n} failed (${got.message}); its rows are missing`,
        });
        continue;
      }
      if (got.view.total !== null && got.view.total !== total) {
        const msg = `The total changed from ${total} to ${got.view.total} during the pull (the data changed)`;
        if (!allowPartial) throw incomplete(`${msg}; call again`, total ?? 0, rows.length);
        warnings.push({ code: "total-changed", pitfall: 1, message: msg });
      }
      last = got;
      yield take(got);
    }
  } finally {
    stop.abort();
  }

  const expected = want ?? rows.length;
  if (dupes > 0) {
    warnings.push({
      code: "duplicates",
      pitfall: 1,
      message:
        `${dupes} duplicate rows (same ${idField}) were dropped: pages shifted while they were fetched`,
    });
  }
  const hasMoreLeft = maxRows === undefined && last.view.hasMore === true;
  if (rows.length !== expected || failed > 0 || hasMoreLeft) {
    const why = hasMoreLeft
      ? "the last page still says hasMore"
      : `${rows.length} distinct rows of ${expected} expected`;
    if (!allowPartial) {
      throw incomplete(
        `Incomplete pull: ${why}${dupes ? ` (${dupes} duplicates)` : ""}; call again`,
        expected,
        rows.length,
      );
    }
    warnings.push({ code: "incomplete", pitfall: 1, message: `Incomplete: ${why}` });
  }
  let complete = rows.length === expected && failed === 0 && !hasMoreLeft &&
    !warnings.some((w) => w.code === "total-changed");
  if (maxRows !== undefined && (total === null ? last.view.hasMore === true : total > maxRows)) {
    complete = false;
    warnings.push({
      code: "capped",
      message:
        `Stopped at maxRows = ${maxRows}: ${total === null ? "more" : total} rows exist for this query; ` +
        `raise or drop maxRows for all of them`,
    });
  }
  const p = { ...first, sent: Object.fromEntries(Object.entries(first.sent).filter(([k]) => k !== "page")) };
  return rowsResult(ep, p, answers, { rows, total }, last.answer.body, { complete, warnings });

  function incomplete(message: string, exp: number, received: number): IncompleteResultError {
    return new IncompleteResultError(message, { ...where, expected: exp, received });
  }
}

/** The most pages one pull fetches; a larger claimed total is an {@link ImplausibleTotalError}. */
export const MAX_PULL_PAGES = 100_000;

/**
 * Check page 1's total before anything else is scheduled: a whole number, no more pages than
 * {@link MAX_PULL_PAGES} (unless `maxRows` stops earlier), and consistent with the page (a first page
 * holds `min(total, limit)` rows).
 */
function checkTotal(
  total: number | null,
  rows: number,
  limit: number,
  maxRows: number | undefined,
  where: { endpoint: string; method: string; path: string },
): void {
  if (total === null) return;
  const fail = (why: string) => {
    throw new ImplausibleTotalError(
      `${where.endpoint} claims ${total} rows, ${why}; nothing more was requested. Narrow the query or pass ` +
        `maxRows, and report it if the service means it`,
      { ...where, total, pageRows: rows },
    );
  };
  if (!Number.isSafeInteger(total) || total < 0) fail("which is not a whole number of rows");
  const pages = Math.ceil(Math.min(total, maxRows ?? Infinity) / limit);
  if (pages > MAX_PULL_PAGES) {
    fail(`${pages} pages of ${limit}: more than one pull fetches (${MAX_PULL_PAGES})`);
  }
  if (rows > limit || (rows < limit && rows < total)) {
    fail(`but its first page holds ${rows} of a page size of ${limit}`);
  }
}

/** Collect every page of `ep` into one {@link RowsResult}, a bounded window of pages ahead. */
export async function all(
  ctx: CallContext,
  ep: Endpoint,
  params: unknown,
  opts: AllOptions = {},
): Promise<RowsResult<unknown>> {
  const gen = pull(ctx, ep, params, opts, 2 * ctx.config().limiter.cap);
  for (;;) {
    const r = await gen.next();
    if (r.done) return r.value;
  }
}

/** Iterate every row of `ep`, fetching a few pages ahead. */
export async function* iterate(
  ctx: CallContext,
  ep: Endpoint,
  params: unknown,
  opts: AllOptions = {},
): AsyncGenerator<unknown, void, undefined> {
  for await (const rows of pull(ctx, ep, params, opts, 2 * ctx.config().limiter.max)) yield* rows;
}
