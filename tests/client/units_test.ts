/** Pure pieces of the client: retry policy, did-you-mean, Retry-After parsing, the docs table. */
import assert from "node:assert/strict";
import {
  DEFAULT_RETRY,
  ENDPOINTS,
  endpointTable,
  NetworkError,
  NotFoundError,
  QuotaExhaustedError,
  RateLimitError,
  UnresolvedEntityError,
} from "../../lib/client/mod.ts";
import { resolveRetry, retryDelay } from "../../lib/client/retry.ts";
import { didYouMean } from "../../lib/client/guards.ts";
import { parseRetryAfter } from "../../lib/client/_http_errors.ts";

const ctx = { endpoint: "trials.search", method: "GET", path: "/api/v1/clinical-trials" };

Deno.test("retryDelay() uses full jitter below the exponential ceiling and stops at the limit", () => {
  const opts = resolveRetry({ limit: 5, backoffMs: 100, maxBackoffMs: 1_000 });
  const err = new NetworkError("Dropped", ctx);
  assert.equal(retryDelay(err, 0, opts, () => 0.999), 99);
  assert.equal(retryDelay(err, 3, opts, () => 0.5), 400);
  assert.equal(retryDelay(err, 4, opts, () => 0.999), 999, "capped at maxBackoffMs");
  assert.equal(retryDelay(err, 0, opts, () => 0), 0);
  assert.equal(retryDelay(err, 5, opts), null, "attempts spent");
});

Deno.test("retryDelay() honours Retry-After up to the cap and never retries what cannot help", () => {
  const opts = resolveRetry(3);
  assert.equal(
    retryDelay(new RateLimitError("Slow down", { ...ctx, status: 429, retryAfterMs: 1_500 }), 0, opts),
    1_500,
  );
  assert.equal(
    retryDelay(new RateLimitError("Slow down", { ...ctx, status: 429, retryAfterMs: 60_000 }), 0, opts),
    null,
  );
  assert.equal(
    retryDelay(new QuotaExhaustedError("Quota", { ...ctx, status: 429, retryAfterMs: 3_600_000 }), 0, opts),
    null,
  );
  assert.equal(
    retryDelay(new QuotaExhaustedError("Quota", { ...ctx, status: 429, retryAfterMs: 2_000 }), 0, opts),
    2_000,
  );
  assert.equal(retryDelay(new NotFoundError("Gone", { ...ctx, status: 404 }), 0, opts), null);
  assert.equal(
    retryDelay(new UnresolvedEntityError("No", { ...ctx, status: 500, input: "x" }), 0, opts),
    null,
  );
  assert.equal(retryDelay(new NetworkError("Dropped", ctx), 0, resolveRetry(0)), null, "retry: 0 disables");
  assert.deepEqual(DEFAULT_RETRY.statusCodes, [429, 502, 503, 504]);
});

Deno.test("didYouMean() finds case, separator and small-typo variants only", () => {
  const known = ["status", "start_date_after", "sponsor", "disease_id"];
  assert.equal(didYouMean("Status", known), "status");
  assert.equal(didYouMean("startDateAfter", known), "start_date_after");
  assert.equal(didYouMean("sponser", known), "sponsor");
  assert.equal(didYouMean("diseaseId", known), "disease_id");
  assert.equal(didYouMean("completely_else", known), undefined);
});

Deno.test("parseRetryAfter() reads seconds and HTTP dates", () => {
  assert.equal(parseRetryAfter("2"), 2_000);
  assert.equal(parseRetryAfter(new Date(10_000).toUTCString(), 4_000), 6_000);
  assert.equal(parseRetryAfter(null), undefined);
  assert.equal(parseRetryAfter("soon"), undefined);
});

Deno.test("endpointTable() has one row per catalogue endpoint with its total field", () => {
  const lines = endpointTable().split("\n");
  assert.equal(lines.length, 2 + Object.keys(ENDPOINTS).length);
  assert.ok(lines.some((l) => l.startsWith("| trials.composite | GET |") && l.includes("`data.totalCount`")));
  assert.ok(lines.some((l) => l.startsWith("| patents.aggregate |") && l.includes("| — |")));
  assert.ok(lines.some((l) => l.startsWith("| researchers.works |") && l.includes("hasMore")));
});
