/**
 * The pure pieces of the error contract at their edges: the retry defaults and the wait before each
 * retry, an abortable sleep that cleans up after itself, Retry-After parsing, reading any error body,
 * the status → class table, and the caller-input mark.
 */
import assert from "node:assert/strict";
import {
  AuthError,
  badInput,
  BadRequestError,
  ConfigError,
  DEFAULT_RETRY,
  IncompleteResultError,
  isBadInput,
  NetworkError,
  NotFoundError,
  QuotaExhaustedError,
  RateLimitError,
  RiError,
  SchemaMismatchError,
  ServerError,
  TierError,
  TimeoutError,
  UnresolvedEntityError,
  ValidationError,
} from "../../lib/client/mod.ts";
import { resolveRetry, retryDelay, sleep } from "../../lib/client/retry.ts";
import { errorFromResponse, parseRetryAfter, readErrorBody } from "../../lib/client/_http_errors.ts";

const ctx = { endpoint: "trials.search", method: "GET", path: "/api/v1/clinical-trials" };

Deno.test("retry defaults are the documented ones; a number sets the limit, an object merges", () => {
  assert.deepEqual(DEFAULT_RETRY, {
    limit: 3,
    backoffMs: 200,
    maxBackoffMs: 5_000,
    retryAfterCapMs: 10_000,
    statusCodes: [429, 502, 503, 504],
  });
  assert.deepEqual(resolveRetry(undefined), DEFAULT_RETRY);
  assert.deepEqual(resolveRetry(0), { ...DEFAULT_RETRY, limit: 0 });
  assert.deepEqual(resolveRetry({ backoffMs: 5 }), { ...DEFAULT_RETRY, backoffMs: 5 });
});

Deno.test("retryDelay() at its edges: the last attempt, the cap, the retry list, what is never retried", () => {
  const opts = resolveRetry({ limit: 2, retryAfterCapMs: 1_000 });
  const net = new NetworkError("Dropped", ctx);
  assert.notEqual(retryDelay(net, 1, opts), null, "attempt limit-1 still retries");
  assert.equal(retryDelay(net, 2, opts), null);
  assert.equal(retryDelay(new TimeoutError("Slow", { ...ctx, timeoutMs: 5 }), 0, opts, () => 0.5), 100);
  const limited = (ms?: number) =>
    new RateLimitError("Slow", { ...ctx, status: 429, ...(ms === undefined ? {} : { retryAfterMs: ms }) });
  assert.equal(retryDelay(limited(1_000), 0, opts), 1_000, "a Retry-After equal to the cap is honoured");
  assert.equal(retryDelay(limited(1_001), 0, opts), null);
  assert.equal(retryDelay(limited(), 1, opts, () => 0.999), 399, "no Retry-After: backoff");
  assert.equal(retryDelay(limited(0), 0, opts), 0);
  assert.equal(retryDelay(limited(500), 0, { ...opts, statusCodes: [503] }), null, "429 not in the list");
  assert.equal(retryDelay(new QuotaExhaustedError("Spent", { ...ctx, status: 429 }), 0, opts), null);
  for (const status of [500, 501, 505]) {
    assert.equal(retryDelay(new ServerError("x", { ...ctx, status }), 0, opts), null, String(status));
  }
  for (const status of [502, 503, 504]) {
    assert.notEqual(retryDelay(new ServerError("x", { ...ctx, status }), 0, opts), null, String(status));
  }
  assert.notEqual(
    retryDelay(new ServerError("x", { ...ctx, status: 500 }), 0, { ...opts, statusCodes: [500] }),
    null,
  );
  assert.equal(retryDelay(new RiError("x", { ...ctx, status: 418 }), 0, opts), null);
  assert.equal(retryDelay(new TypeError("bug"), 0, opts), null);
});

Deno.test("sleep() waits, rejects at once or on abort with the signal's reason, and leaves no timer or listener", async () => {
  const t0 = performance.now();
  await sleep(30);
  assert.ok(performance.now() - t0 >= 25);
  const gone = new AbortController();
  gone.abort(new Error("already"));
  await assert.rejects(sleep(10_000, gone.signal), /already/);
  const ac = new AbortController();
  const pending = sleep(10_000, ac.signal);
  setTimeout(() => ac.abort(new Error("stop")), 10);
  const t1 = performance.now();
  const cleared: unknown[] = [];
  const realClear = globalThis.clearTimeout;
  globalThis.clearTimeout = ((id?: number) => {
    cleared.push(id);
    realClear(id);
  }) as typeof clearTimeout;
  try {
    await assert.rejects(pending, /stop/);
  } finally {
    globalThis.clearTimeout = realClear;
  }
  assert.ok(performance.now() - t1 < 5_000, "rejected on abort, not after the wait");
  assert.equal(cleared.length, 1, "an aborted wait frees its timer");
  // A long-lived signal shared by many requests must not collect a listener per finished wait.
  const calls: string[] = [];
  const spy = {
    aborted: false,
    addEventListener: (type: string) => calls.push(`add ${type}`),
    removeEventListener: (type: string) => calls.push(`remove ${type}`),
  } as unknown as AbortSignal;
  await sleep(1, spy);
  assert.deepEqual(calls, ["add abort", "remove abort"]);
});

Deno.test("parseRetryAfter() reads seconds and HTTP dates; blanks and junk are absent, the past is 0", () => {
  assert.equal(parseRetryAfter(null), undefined);
  assert.equal(parseRetryAfter(""), undefined);
  assert.equal(parseRetryAfter("   "), undefined);
  assert.equal(parseRetryAfter("soon"), undefined);
  assert.equal(parseRetryAfter("0"), 0);
  assert.equal(parseRetryAfter("1.5"), 1_500);
  assert.equal(parseRetryAfter("-3"), 0);
  const now = Date.parse("2026-01-01T00:00:00Z");
  assert.equal(parseRetryAfter("Thu, 01 Jan 2026 00:01:00 GMT", now), 60_000);
  assert.equal(parseRetryAfter("Wed, 31 Dec 2025 23:00:00 GMT", now), 0);
});

Deno.test("readErrorBody() reads every shape, keeps only what was sent, and bounds the message", () => {
  const sb = (error: Record<string, unknown>) => JSON.stringify({ error });
  assert.deepEqual(readErrorBody(sb({ status: 400, code: "c", message: "m", parameter: "p" }), 400), {
    message: "m",
    code: "c",
    parameter: "p",
  });
  assert.deepEqual(readErrorBody(sb({ message: "m", input: "", retryAfterSeconds: 0 }), 500), {
    message: "m",
    input: "",
    retryAfterSeconds: 0,
  });
  assert.deepEqual(readErrorBody(sb({ code: "", parameter: "" }), 503), { message: "HTTP 503" });
  assert.deepEqual(readErrorBody(JSON.stringify({ title: " Teapot " }), 418), { message: "Teapot" });
  assert.deepEqual(readErrorBody(JSON.stringify({ description: "Down" }), 503), { message: "Down" });
  assert.deepEqual(readErrorBody(JSON.stringify({ message: "  ", detail: "d" }), 400), { message: "d" });
  assert.deepEqual(readErrorBody(JSON.stringify({ detail: [{ loc: "q" }] }), 422), {
    message: '[{"loc":"q"}]',
  });
  assert.deepEqual(readErrorBody(JSON.stringify({ detail: [] }), 422), { message: '{"detail":[]}' });
  const long = "x".repeat(400);
  assert.equal(readErrorBody(JSON.stringify({ message: ` ${long}` }), 500).message, "x".repeat(300));
  assert.equal(readErrorBody(JSON.stringify({ detail: [long] }), 500).message.length, 300);
  assert.equal(readErrorBody(` ${long}`, 500).message, "x".repeat(300));
  assert.equal(readErrorBody("  plain  ", 502).message, "plain");
  assert.equal(readErrorBody("null", 500).message, "null");
  assert.equal(
    readErrorBody("<html><title> Oops </title></html>", 500).message,
    "an HTML page titled 'Oops'",
  );
  assert.equal(readErrorBody("<html><body>no title</body></html>", 500).message, "an HTML page");
  assert.equal(readErrorBody("<html><title>  </title></html>", 500).message, "an HTML page");
});

Deno.test("errorFromResponse(): the status decides the class; the body only adds detail", () => {
  const h = (o: Record<string, string> = {}) => new Headers(o);
  const body = (error: Record<string, unknown>) => JSON.stringify({ error });
  const at = (status: number, text = "", headers = h(), extra = {}) =>
    errorFromResponse(status, headers, text, { ...ctx, ...extra });
  assert.ok(at(401) instanceof AuthError && at(403) instanceof AuthError);
  const tier = at(402);
  assert.ok(tier instanceof TierError && tier.requiredTier === "higher");
  assert.equal((at(402, "", h(), { tier: "pro" }) as TierError).requiredTier, "pro");
  assert.ok(at(404) instanceof NotFoundError);
  assert.equal(at(499).constructor, RiError);
  assert.match(at(499).message, /answered HTTP 499/);
  assert.ok(at(500) instanceof ServerError && at(599) instanceof ServerError);
  assert.equal(at(400, body({ code: "invalid_parameter", message: "m" })).code, "invalid_parameter");
  assert.equal(at(400, "oops").code, undefined);
  const q = at(429, body({ code: "quota_exhausted", message: "m" })) as QuotaExhaustedError;
  assert.ok(q instanceof QuotaExhaustedError && q.retryAfterMs === undefined);
  assert.match(q.message, /wait for the reset or use another workspace/);
  const qa = at(429, "", h({ "retry-after": "60.2" }));
  assert.ok(qa instanceof QuotaExhaustedError, "a wait over 60 s is a quota");
  assert.match(qa.message, /in about 61 s/);
  assert.ok(at(429, "", h({ "retry-after": "60.001" })) instanceof QuotaExhaustedError, "just over 60 s");
  const r = at(429, "", h({ "retry-after": "60" }));
  assert.ok(r instanceof RateLimitError && !(r instanceof QuotaExhaustedError) && r.retryAfterMs === 60_000);
  assert.equal((at(429, body({ message: "m", retryAfterSeconds: 2 })) as RateLimitError).retryAfterMs, 2_000);
  assert.equal((at(429) as RateLimitError).retryAfterMs, undefined);
  const entity = { entity: { parameter: "drug", input: "Foo" } };
  const u = at(500, "", h(), entity) as UnresolvedEntityError;
  assert.ok(u instanceof UnresolvedEntityError && u.input === "Foo" && u.parameter === "drug");
  assert.ok(at(503, "", h(), entity) instanceof ServerError, "only a 500 is unresolved");
  const bodyOnly = at(500, body({ code: "x", message: "m", input: "Bar" })) as UnresolvedEntityError;
  assert.ok(bodyOnly instanceof UnresolvedEntityError && bodyOnly.input === "Bar");
  assert.match(bodyOnly.message, /could not resolve 'Bar'/);
  assert.ok(at(501, body({ code: "unresolved_entity", message: "m" })) instanceof ServerError);
  assert.ok(at(500, body({ code: "internal", message: "m" })) instanceof ServerError);
});

Deno.test("errors: the request line, status 0 without an answer, cause only when given, names", () => {
  const cfg = new ConfigError("Missing key", { endpoint: "client", method: "", path: "" });
  assert.equal(cfg.message, "Missing key");
  assert.equal(cfg.status, 0);
  assert.equal(cfg.name, "ConfigError");
  assert.ok(!("cause" in cfg));
  const net = new NetworkError("Dropped", { ...ctx, cause: new Error("reset") });
  assert.equal((net.cause as Error).message, "reset");
  assert.equal(net.message, "Dropped [GET /api/v1/clinical-trials]");
  assert.deepEqual([net.endpoint, net.method, net.path], ["trials.search", "GET", "/api/v1/clinical-trials"]);
  const v = new ValidationError("Bad", { ...ctx, parameter: "limit", value: 500 });
  assert.deepEqual([v.parameter, v.value, v.status], ["limit", 500, 0]);
  assert.equal(new TimeoutError("Slow", { ...ctx, timeoutMs: 250 }).timeoutMs, 250);
  const schema = new SchemaMismatchError("Drift", { ...ctx, field: "data.0.trial_id", value: 7 });
  assert.deepEqual([schema.field, schema.value, schema.name], ["data.0.trial_id", 7, "SchemaMismatchError"]);
  const short = new IncompleteResultError("Short", { ...ctx, expected: 10, received: 9 });
  assert.deepEqual([short.expected, short.received, short.message], [
    10,
    9,
    "Short [GET /api/v1/clinical-trials]",
  ]);
  const bad = new BadRequestError("Bad", { ...ctx, status: 400, code: "c", serverMessage: "s" });
  assert.deepEqual([bad.status, bad.code, bad.serverMessage, bad.parameter], [400, "c", "s", undefined]);
});

Deno.test("isBadInput(): validation errors and marked errors, also when marked by another copy of the toolkit", () => {
  assert.ok(isBadInput(new ValidationError("Bad", { ...ctx, parameter: "limit", value: 0 })));
  const marked = badInput(new RangeError("horizonYears must be 0-10"));
  assert.ok(marked instanceof RangeError && isBadInput(marked));
  assert.ok(!isBadInput(new RangeError("a bug")));
  assert.ok(!isBadInput("limit"));
  const other = new TypeError("from another copy");
  Object.defineProperty(other, Symbol.for("research-intel.bad-input"), { value: true });
  assert.ok(isBadInput(other));
});
