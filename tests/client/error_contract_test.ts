/**
 * The client's error contract, over HTTP against the sandbox told what to answer (a handler override
 * returning a Response): which statuses are retried and how often, which class each status becomes, how
 * Retry-After is read, and that a key echoed back by the service never survives into an error.
 */
import assert from "node:assert/strict";
import {
  AuthError,
  BadRequestError,
  type ClientOptions,
  NotFoundError,
  QuotaExhaustedError,
  RateLimitError,
  RiError,
  ServerError,
  TierError,
  UnresolvedEntityError,
} from "../../lib/client/mod.ts";
import type { Handler, HandlerContext } from "../../lib/sandbox/handler.ts";
import { HANDLERS } from "../../lib/sandbox/handlers/mod.ts";
import { clientFor, withSandbox } from "./_sandbox.ts";

/** One scripted answer: an error Response, or `null` for the sandbox's real answer. */
type Scripted = { status: number; body?: unknown; headers?: Record<string, string> } | null;

/** A handler answering `script` in order (the last one repeats), counting the requests it saw. */
function scripted(endpoint: string, script: readonly Scripted[]): { handler: Handler; count: () => number } {
  let n = 0;
  const handler: Handler = (ctx: HandlerContext) => {
    const a = script[Math.min(n++, script.length - 1)];
    if (a === null) return HANDLERS[endpoint](ctx);
    const text = typeof a.body === "string" ? a.body : JSON.stringify(a.body ?? {});
    return new Response(text, {
      status: a.status,
      headers: { "content-type": "application/json", ...a.headers },
    });
  };
  return { handler, count: () => n };
}

const FIXED: ClientOptions = { adaptive: false, retry: { limit: 2, backoffMs: 1 } };

/** Call trials.search (no entity) or biology.drugToTargets (resolves `drug`) against `script`. */
async function run(
  script: readonly Scripted[],
  opts: ClientOptions = FIXED,
  endpoint: "trials.search" | "biology.drugToTargets" = "trials.search",
): Promise<{ error?: unknown; count: number }> {
  const s = scripted(endpoint, script);
  return await withSandbox(async (sb) => {
    const ri = clientFor(sb, opts);
    try {
      if (endpoint === "trials.search") await ri.trials.search({ limit: 1 });
      else await ri.biology.drugToTargets({ drug: "Mystery drug" });
      return { count: s.count() };
    } catch (error) {
      return { error, count: s.count() };
    }
  }, { handlers: { [endpoint]: s.handler } });
}

const err = (status: number, code: string, message: string, extra: Record<string, unknown> = {}) => ({
  status,
  body: { error: { code, message, ...extra } },
});

Deno.test("429 without Retry-After, 502, 503 and 504 are retried; the second answer is used", async () => {
  for (
    const first of [
      err(429, "rate_limited", "Slow"),
      err(502, "x", "Gw"),
      err(503, "x", "Down"),
      err(504, "x", "T"),
    ]
  ) {
    const r = await run([first, null]);
    assert.equal(r.error, undefined, `${first.status}: ${r.error}`);
    assert.equal(r.count, 2, `${first.status} retried once`);
  }
});

Deno.test("a persistent 503 is tried limit + 1 times, then a ServerError with its status", async () => {
  const r = await run([err(503, "service_unavailable", "Down")]);
  assert.ok(r.error instanceof ServerError, String(r.error));
  assert.equal(r.error.status, 503);
  assert.equal(r.count, 3);
  const none = await run([err(503, "service_unavailable", "Down")], { ...FIXED, retry: 0 });
  assert.equal(none.count, 1, "retry: 0 sends once");
});

Deno.test("plain 500 and 501, a quota without Retry-After and every 4xx are never retried", async () => {
  const cases: [Scripted, new (...a: never[]) => RiError][] = [
    [err(500, "internal_error", "Boom"), ServerError],
    [{ status: 500, body: "Internal Server Error" }, ServerError],
    [err(501, "not_implemented", "Not here"), ServerError],
    [err(429, "quota_exhausted", "Daily quota spent"), QuotaExhaustedError],
    [err(400, "invalid_parameter", "Bad limit", { parameter: "limit" }), BadRequestError],
    [err(401, "unauthorized", "Who"), AuthError],
    [err(402, "tier", "Pay"), TierError],
    [err(403, "forbidden", "No"), AuthError],
    [err(404, "not_found", "Gone"), NotFoundError],
  ];
  for (const [answer, cls] of cases) {
    const r = await run([answer, null], { ...FIXED, retry: { limit: 3, backoffMs: 1 } });
    assert.ok(r.error instanceof cls, `${answer!.status} → ${r.error}`);
    assert.equal(r.error.status, answer!.status);
    assert.equal(r.count, 1, `${answer!.status} not retried`);
    assert.match(r.error.message, /trials\.search .*\[GET \/api\/v1\/clinical-trials\]$/);
  }
});

Deno.test("each status becomes its class, with what the body said", async () => {
  const bad =
    (await run([err(400, "invalid_parameter", "limit must be <= 100.", { parameter: "limit" })])).error;
  assert.ok(bad instanceof BadRequestError && bad.parameter === "limit" && bad.code === "invalid_parameter");
  assert.equal(bad.serverMessage, "limit must be <= 100.");
  assert.match(bad.message, /rejected parameter 'limit' \(the service said: limit must be <= 100\)/);
  const noParam = (await run([err(400, "invalid_parameter", "Bad")])).error as BadRequestError;
  assert.equal(noParam.parameter, undefined);
  assert.match(noParam.message, /rejected the request/);
  const tier = (await run([err(402, "tier_required", "Pro needed")])).error;
  assert.ok(tier instanceof TierError && tier.requiredTier === "any", String(tier));
  assert.match(tier.message, /needs a 'any' workspace tier/);
  const odd = (await run([{ status: 418, body: { message: "I am a teapot" } }])).error;
  assert.ok(odd instanceof RiError && odd.constructor === RiError, String(odd));
  assert.equal(odd.status, 418);
  assert.equal(odd.serverMessage, "I am a teapot");
  const empty = (await run([{ status: 500, body: "" }])).error as ServerError;
  assert.equal(empty.serverMessage, "HTTP 500");
});

Deno.test("a 500 is an unresolved entity on an entity-resolving endpoint, a ServerError elsewhere", async () => {
  const onEntity = await run(
    [{ status: 500, body: "Internal Server Error" }],
    FIXED,
    "biology.drugToTargets",
  );
  assert.ok(onEntity.error instanceof UnresolvedEntityError, String(onEntity.error));
  assert.equal(onEntity.error.input, "Mystery drug");
  assert.equal(onEntity.error.parameter, "drug");
  assert.match(onEntity.error.message, /could not resolve drug 'Mystery drug'/);
  assert.equal(onEntity.count, 1, "never retried");
  const elsewhere = await run([{ status: 500, body: "Internal Server Error" }]);
  assert.ok(elsewhere.error instanceof ServerError && !(elsewhere.error instanceof UnresolvedEntityError));
  // The body alone may say so on another endpoint: its code, or an input it names.
  for (
    const body of [err(500, "unresolved_entity", "No such thing"), err(500, "x", "No", { input: "Foo" })]
  ) {
    const said = (await run([body])).error;
    assert.ok(said instanceof UnresolvedEntityError, String(said));
  }
  const named = (await run([err(500, "unresolved_entity", "No", { input: "Foo", parameter: "q" })])).error;
  assert.ok(named instanceof UnresolvedEntityError && named.input === "Foo" && named.parameter === "q");
  const bare = (await run([err(500, "unresolved_entity", "No")])).error as UnresolvedEntityError;
  assert.equal(bare.input, "");
  assert.equal(bare.parameter, undefined);
  // Other 5xx on an entity endpoint stay server errors (and are retried).
  const gw = await run([err(502, "bad_gateway", "Gw")], FIXED, "biology.drugToTargets");
  assert.ok(gw.error instanceof ServerError && !(gw.error instanceof UnresolvedEntityError));
  assert.equal(gw.count, 3);
});

Deno.test("the caller's own retry list replaces the default one", async () => {
  const own = { adaptive: false, retry: { limit: 2, backoffMs: 1, statusCodes: [500] } };
  assert.equal((await run([err(500, "internal_error", "Boom"), null], own)).error, undefined);
  const only503 = { adaptive: false, retry: { limit: 2, backoffMs: 1, statusCodes: [503] } };
  const gw = await run([err(502, "bad_gateway", "Gw"), null], only503);
  assert.ok(gw.error instanceof ServerError && gw.count === 1);
  const limited = await run([err(429, "rate_limited", "Slow"), null], only503);
  assert.ok(limited.error instanceof RateLimitError && limited.count === 1, "429 not in the list");
  assert.equal((await run([err(503, "x", "Down"), null], only503)).count, 2);
});

Deno.test("Retry-After: honoured up to the cap, a wait beyond it fails at once, beyond 60 s is a quota", async () => {
  const capped = { adaptive: false, retry: { limit: 2, backoffMs: 1, retryAfterCapMs: 1_000 } };
  const slow = (after: string) => ({
    ...err(429, "rate_limited", "Slow"),
    headers: { "retry-after": after },
  });
  const t0 = performance.now();
  const atCap = await run([slow("1"), null], capped);
  assert.equal(atCap.error, undefined, "a Retry-After equal to the cap is waited for");
  assert.ok(performance.now() - t0 >= 900, "the wait was the server's");
  const over = await run([slow("2"), null], capped);
  assert.ok(over.error instanceof RateLimitError && over.count === 1);
  assert.equal(over.error.retryAfterMs, 2_000);
  assert.match(over.error.message, /rate limited/);
  const minute = (await run([slow("60")])).error;
  assert.ok(minute instanceof RateLimitError && !(minute instanceof QuotaExhaustedError), String(minute));
  const quota = (await run([slow("61")])).error;
  assert.ok(quota instanceof QuotaExhaustedError && quota.retryAfterMs === 61_000, String(quota));
  assert.match(quota.message, /wait for the reset in about 61 s/);
  // A quota that resets within the cap is worth the wait; the body's retryAfterSeconds counts too.
  const resets = { ...err(429, "quota_exhausted", "Spent", { retryAfterSeconds: 0 }) };
  const r = await run([resets, null]);
  assert.equal(r.error, undefined);
  assert.equal(r.count, 2);
  const fromBody = (await run([err(429, "rate_limited", "Slow", { retryAfterSeconds: 30 })])).error;
  assert.ok(fromBody instanceof RateLimitError && fromBody.retryAfterMs === 30_000, String(fromBody));
  const both = {
    ...err(429, "rate_limited", "Slow", { retryAfterSeconds: 30 }),
    headers: { "retry-after": "20" },
  };
  assert.equal(((await run([both])).error as RateLimitError).retryAfterMs, 20_000, "the header wins");
  const date = new Date(Date.now() + 3_600_000).toUTCString();
  const dated = (await run([slow(date)])).error;
  assert.ok(dated instanceof QuotaExhaustedError && dated.retryAfterMs! > 3_500_000, String(dated));
});

Deno.test("a key echoed back by the service never survives into message, serverMessage or cause", async () => {
  const echoes: ((key: string) => Scripted)[] = [
    (k) => err(400, "invalid_parameter", `Bad request x-api-key=${k}`, { parameter: "limit", input: k }),
    (k) => err(401, "unauthorized", `Unknown key ${k}`),
    (k) => ({ status: 403, body: { message: `Key ${k} is revoked` } }),
    (k) => ({ status: 429, body: { detail: `Slow down, ${k}` }, headers: { "retry-after": "3600" } }),
    (k) => err(500, "unresolved_entity", `Could not resolve '${k}'`, { input: k }),
    (k) => ({ status: 503, body: `upstream said: ${k}` }),
    (k) => ({ status: 502, body: `<html><head><title>Bad key ${k}</title></head></html>` }),
  ];
  for (const echo of echoes) {
    let key = "";
    const handler: Handler = () => {
      const a = echo(key)!;
      const text = typeof a.body === "string" ? a.body : JSON.stringify(a.body);
      return new Response(text, { status: a.status, headers: { ...a.headers } });
    };
    const r = await withSandbox(async (sb) => {
      key = sb.keys.pos;
      return await clientFor(sb, { retry: 0 }).trials.search({ limit: 1 }).then(() => undefined, (e) => e);
    }, { handlers: { "trials.search": handler } });
    assert.ok(r instanceof RiError, String(r));
    assert.ok(r.serverMessage?.includes("[redacted]"), `${r.status}: ${r.serverMessage}`);
    const texts = [r.message, r.serverMessage ?? "", String(r.stack), JSON.stringify(r), String(r.cause)];
    texts.push(Deno.inspect(r, { depth: 10, showHidden: true }));
    if (r instanceof UnresolvedEntityError) texts.push(r.input);
    for (const t of texts) assert.ok(!t.includes(key), `${r.status} leaked the key: ${t.slice(0, 200)}`);
  }
});

Deno.test("adaptive pacing: a rate limit with Retry-After does not spend retries, up to 20 such waits a request", async () => {
  const limited = { ...err(429, "rate_limited", "Slow"), headers: { "retry-after": "0" } };
  // 20 throttled waits (retries kept), then the one retry of `limit: 1`, then the error: 22 requests.
  const r = await run([limited], { retry: { limit: 1, backoffMs: 1 } });
  assert.ok(r.error instanceof RateLimitError, String(r.error));
  assert.equal(r.count, 22);
  const recovers = await run([limited, limited, limited, limited, null], {
    retry: { limit: 1, backoffMs: 1 },
  });
  assert.equal(recovers.error, undefined, "four waits the server asked for cost no retry");
});
