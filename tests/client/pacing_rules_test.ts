/**
 * Which answers slow the whole client (adaptive pacing, lib/client/request.ts + _limiter.ts), from the
 * definition: a rate limit (a 429 that is not a quota) and an overloaded service (a 503) throttle — new
 * requests are held for the wait and the slots are halved, unless the server said when to come back (a
 * 429's Retry-After: a pace, not too many in flight) — and a rate limit the client waits out does not spend
 * the request's retries (at most MAX_THROTTLED_RETRIES of them). Every other retried failure (500, 502, 504,
 * a quota with a short reset, a dropped connection) slows its own request only. A fixed client never
 * throttles. Each call goes to a real loopback server through `send` with a limiter of 8 slots.
 */
import assert from "node:assert/strict";
import { Limiter } from "../../lib/client/_limiter.ts";
import { MAX_THROTTLED_RETRIES, send, type TransportConfig } from "../../lib/client/request.ts";
import { resolveRetry, type RetryOptions } from "../../lib/client/retry.ts";
import { QuotaExhaustedError, RateLimitError, ServerError } from "../../lib/client/mod.ts";
import { hostile, KEY } from "../_hostile.ts";

const SLOTS = 8;
const req = { endpoint: "GET /api/v1/x", method: "GET", path: "/api/v1/x", query: [] } as const;

type Answer = { status: number; headers?: Record<string, string>; body?: unknown };

/**
 * `answers` in turn (the last one for ever after), each a status with its headers and body; status 0 is
 * a connection that fails before any answer (the fetch rejects, as it does on a reset).
 */
function serving(answers: Answer[]) {
  let n = 0;
  const next = () => answers[Math.min(n++, answers.length - 1)];
  const server = hostile(() => {
    const a = next();
    return Response.json(a.body ?? (a.status === 200 ? { data: [] } : { error: "no" }), a);
  });
  const dropping: typeof fetch = (input, init) =>
    answers[Math.min(n, answers.length - 1)].status === 0
      ? (next(), Promise.reject(new TypeError("connection reset")))
      : fetch(input, init);
  return { server, fetch: dropping, requests: () => n };
}

/** Send one request through a fresh limiter; the limiter's slots afterwards and the outcome. */
async function call(
  answers: Answer[],
  { adaptive = true, retry = {} }: { adaptive?: boolean; retry?: RetryOptions } = {},
) {
  const { server, fetch, requests } = serving(answers);
  const limiter = new Limiter(SLOTS, { adaptive, max: 64 });
  const cfg: TransportConfig = {
    baseUrl: server.url,
    apiKey: KEY,
    retry: { ...resolveRetry({ backoffMs: 1, ...retry }) },
    timeoutMs: 30_000,
    fetch,
    limiter,
    cache: null,
    userAgent: "pacing-test",
  };
  try {
    const out = await send(cfg, req).then((a) => a.body, (e: unknown) => e);
    return { out, slots: limiter.max, requests: requests() };
  } finally {
    await server.close();
  }
}

const ok = { status: 200 };
const said = (status: number, retryAfter: string, body?: unknown) => ({
  status,
  headers: { "retry-after": retryAfter },
  ...(body ? { body } : {}),
});

Deno.test("a 503, or a 429 without Retry-After, throttles the client: its slots halve", async () => {
  for (const first of [{ status: 503 }, { status: 429 }]) {
    const r = await call([first, ok]);
    assert.deepEqual(r.out, { data: [] }, `${first.status}: answered after the retry`);
    assert.equal(r.slots, SLOTS / 2, `${first.status}: the slots are halved`);
  }
});

Deno.test("a 429 with a Retry-After throttles without halving: the server said when, not how many", async () => {
  const r = await call([said(429, "0"), ok]);
  assert.deepEqual(r.out, { data: [] });
  assert.equal(r.slots, SLOTS);
});

Deno.test("500, 502, 504, a short quota and a dropped connection slow their own request only", async () => {
  const quota = said(429, "0", { error: { code: "quota_exhausted", message: "spent" } });
  for (const first of [{ status: 500 }, { status: 502 }, { status: 504 }, quota, { status: 0 }]) {
    const r = await call([first, ok], { retry: { statusCodes: [500, 502, 503, 504, 429] } });
    assert.deepEqual(r.out, { data: [] }, `${first.status}: answered after the retry`);
    assert.ok(r.slots >= SLOTS, `${first.status}: not throttled (${r.slots} slots)`);
  }
});

Deno.test("a fixed client never throttles: a 503 or a 429 keeps its slots and spends its retries", async () => {
  for (const first of [{ status: 503 }, said(429, "0")]) {
    const r = await call([first], { adaptive: false, retry: { limit: 1 } });
    assert.ok(r.out instanceof (first.status === 503 ? ServerError : RateLimitError), String(r.out));
    assert.equal(r.requests, 2, `${first.status}: one try and its one retry`);
    assert.equal(r.slots, SLOTS);
  }
});

Deno.test("a rate limit waited out spends no retry, up to MAX_THROTTLED_RETRIES; a 503 or a quota spends them", async () => {
  // With 1 retry: 3 rate limits then the answer — all absorbed.
  const absorbed = await call([said(429, "0"), said(429, "0"), said(429, "0"), ok], { retry: { limit: 1 } });
  assert.deepEqual(absorbed.out, { data: [] });
  assert.equal(absorbed.requests, 4);
  // Rate limited for ever: the free waits, then the one try and its one retry.
  const forever = await call([said(429, "0")], { retry: { limit: 1 } });
  assert.ok(forever.out instanceof RateLimitError, String(forever.out));
  assert.equal(forever.requests, MAX_THROTTLED_RETRIES + 2);
  // A 503 throttles but spends the retry; so does a quota.
  const busy = await call([{ status: 503 }, { status: 503 }, ok], { retry: { limit: 1 } });
  assert.ok(busy.out instanceof ServerError, String(busy.out));
  assert.equal(busy.requests, 2);
  const quota = said(429, "0", { error: { code: "quota_exhausted", message: "spent" } });
  const spent = await call([quota, quota, ok], { retry: { limit: 1 } });
  assert.ok(spent.out instanceof QuotaExhaustedError, String(spent.out));
  assert.equal(spent.requests, 2);
});
