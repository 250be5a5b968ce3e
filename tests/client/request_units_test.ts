/**
 * The transport's pure pieces at their edges: redaction of a key of the shortest redactable length and of
 * non-Error causes, the envelope and schema checks with the field they name, and the headers every request
 * carries, and the service's x-data-missing notice as it reaches the answer.
 */
import assert from "node:assert/strict";
import { z } from "zod";
import { SchemaMismatchError } from "../../lib/client/mod.ts";
import {
  redact,
  redactedCause,
  send,
  type TransportConfig,
  validate,
  type WireRequest,
} from "../../lib/client/request.ts";
import { Limiter } from "../../lib/client/_limiter.ts";
import { resolveRetry } from "../../lib/client/retry.ts";
import { hostile, KEY } from "../_hostile.ts";
import { clientFor, fixtures, withSandbox } from "./_sandbox.ts";

const req: WireRequest = { endpoint: "x.y", method: "GET", path: "/api/v1/x", query: [] };

/** A transport to `baseUrl` with no retries, one slot, no cache: each answer is seen as sent. */
const noRetries = (baseUrl: string): TransportConfig => ({
  baseUrl,
  apiKey: KEY,
  retry: resolveRetry(0),
  timeoutMs: 10_000,
  fetch,
  limiter: new Limiter(1, { adaptive: false }),
  cache: null,
  userAgent: "units",
});

Deno.test("redact(): a 4-character key is redacted, a shorter one is not; non-Error causes keep their text", () => {
  assert.equal(redact("key=abcd; again abcd", "abcd"), "key=[redacted]; again [redacted]");
  assert.equal(redact("abc", "abc"), "abc", "too short to tell from ordinary text");
  const cause = redactedCause("socket closed for abcd", "abcd");
  assert.equal(cause.message, "socket closed for [redacted]");
  assert.equal(cause.name, "Error");
  const typed = redactedCause(new TypeError("fetch failed abcd"), "abcd");
  assert.deepEqual([typed.name, typed.message, typed.stack], [
    "TypeError",
    "fetch failed [redacted]",
    "TypeError: fetch failed [redacted]",
  ]);
});

Deno.test("validate(): no schema passes the body; a flagged envelope needs success: true; a mismatch names its field", () => {
  assert.deepEqual(validate(req, { any: 1 }), { any: 1 });
  const flagged = { ...req, envelope: "flagged" as const };
  assert.deepEqual(validate(flagged, { success: true, data: 1 }), { success: true, data: 1 });
  assert.throws(() => validate(flagged, { success: false }), (e: unknown) => {
    assert.ok(e instanceof SchemaMismatchError && e.field === "success" && e.value === false);
    assert.match(e.message, /lacks success: true \(found false\)/);
    return true;
  });
  const schema = z.object({ data: z.array(z.object({ id: z.string() })) });
  assert.throws(() => validate({ ...req, schema }, { data: [{ id: "a" }, { id: 7 }] }), (e: unknown) => {
    assert.ok(e instanceof SchemaMismatchError, String(e));
    assert.equal(e.field, "data.1.id");
    assert.equal(e.value, 7);
    assert.match(
      e.message,
      /^Response of x\.y does not match the catalogue at 'data\.1\.id' \(value 7\): .+; the service/,
    );
    return true;
  });
});

Deno.test("every request asks for JSON; a POST says it sends JSON", async () => {
  const seen: Headers[] = [];
  const spy: typeof fetch = (input, init) => {
    seen.push(new Headers(init?.headers));
    return fetch(input, init);
  };
  await withSandbox(async (sb) => {
    const ri = clientFor(sb, { fetch: spy });
    await ri.trials.search({ limit: 1 });
    await ri.diseases.landscape({ efo_id: fixtures(sb).efoId });
  });
  assert.equal(seen.length, 2);
  for (const h of seen) assert.equal(h.get("accept"), "application/json");
  assert.equal(seen[0].get("content-type"), null, "a GET sends no body");
  assert.equal(seen[1].get("content-type"), "application/json");
});

Deno.test("the service's x-data-missing notice is kept as sent (its first 300 characters), the key redacted", async () => {
  const long = `patent full text ${"x".repeat(400)}`;
  const notices = [undefined, "", "patent full text", long, `claims of ${KEY} not imported`];
  let i = 0;
  const server = hostile(() => {
    const notice = notices[i++];
    return Response.json({ data: [] }, notice === undefined ? {} : { headers: { "x-data-missing": notice } });
  });
  const cfg = noRetries(server.url);
  try {
    const got = [];
    for (const _ of notices) got.push((await send(cfg, req)).dataMissing);
    assert.deepEqual(got, [
      undefined,
      undefined,
      "patent full text",
      long.slice(0, 300),
      "claims of [redacted] not imported",
    ]);
  } finally {
    await server.close();
  }
});

Deno.test("only a 2xx is an answer: a 300 or a 302 without Location is an error of its status; a cut-off 200 is a NetworkError", async () => {
  const answers = [
    new Response(JSON.stringify({ data: [] }), { status: 300 }),
    new Response(JSON.stringify({ data: [] }), { status: 302 }),
    new Response('{"data": [', { status: 200 }),
  ];
  let i = 0;
  const server = hostile(() => answers[i++]);
  const cfg = noRetries(server.url);
  try {
    const got = [];
    for (const _ of answers) {
      const e = await send(cfg, req).catch((x) => x);
      got.push([e?.name, e?.status]);
    }
    assert.deepEqual(got, [["RiError", 300], ["RiError", 302], ["NetworkError", 200]]);
  } finally {
    await server.close();
  }
});
