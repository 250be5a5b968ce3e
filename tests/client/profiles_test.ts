/**
 * The client on the sandbox's `variant` profile (sandbox-chosen keys re-spelled; error bodies as plain
 * text, `{message}`, `{detail}` or an HTML page): errors are classified by status and the endpoint's
 * documented semantics, never by our sandbox's error body; re-spelled fields are read as declared.
 */
import assert from "node:assert/strict";
import {
  AuthError,
  BadRequestError,
  createClient,
  NotFoundError,
  QuotaExhaustedError,
  type RiError,
  TierError,
  UnresolvedEntityError,
} from "../../lib/client/mod.ts";
import { readErrorBody } from "../../lib/client/_http_errors.ts";
import { clientFor, fixtures, withSandbox } from "./_sandbox.ts";
import { CASES } from "./_cases.ts";
import { calendarDate } from "../../lib/client/schemas/dates.ts";
import type { EndpointName } from "../../lib/client/mod.ts";
import type { Profile } from "../../lib/sandbox/mod.ts";

async function rejectsWith<E extends RiError>(
  p: Promise<unknown>,
  cls: abstract new (...a: never[]) => E,
): Promise<E> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof cls, `expected ${cls.name}, got ${(e as Error).name}: ${(e as Error).message}`);
    return e as E;
  }
  throw new assert.AssertionError({ message: `expected ${cls.name}, got a result` });
}

Deno.test("readErrorBody() reads the sandbox body, {message}, {detail}, plain text and HTML pages", () => {
  const sb = JSON.stringify({
    error: { status: 400, code: "invalid_parameter", message: "Bad x", parameter: "x" },
  });
  assert.deepEqual(readErrorBody(sb, 400), { message: "Bad x", code: "invalid_parameter", parameter: "x" });
  assert.equal(readErrorBody('{"message":"No such trial"}', 404).message, "No such trial");
  assert.equal(readErrorBody('{"detail":"Not authenticated"}', 401).message, "Not authenticated");
  assert.equal(readErrorBody('{"error":"quota"}', 429).message, "quota");
  assert.equal(readErrorBody("upstream timed out", 502).message, "upstream timed out");
  const html =
    "<!DOCTYPE html><html><head><title>500 Internal Server Error</title></head><body></body></html>";
  assert.equal(readErrorBody(html, 500).message, "an HTML page titled '500 Internal Server Error'");
  assert.equal(readErrorBody("", 503).message, "HTTP 503");
});

Deno.test("variant profile: every documented error status keeps its class whatever the body", async () => {
  await withSandbox(async (sb) => {
    const ri = clientFor(sb, { retry: 0 });
    const fx = fixtures(sb);
    // 500 on single-entity biology and composite calls: unresolved, naming the caller's input.
    for (
      const [call, input] of [
        [() => ri.biology.associations({ entity: "Zzyzx-404" }), "Zzyzx-404"],
        [() => ri.biology.drugToTargets({ drug: "Notadrugumab" }), "Notadrugumab"],
        [() => ri.biology.prioritizeTargets({ disease: "Nonexistent syndrome" }), "Nonexistent syndrome"],
        [() => ri.biology.targetLandscape({ target: "NOPE1" }), "NOPE1"],
        [() => ri.biology.targetToDrugs({ target: "NOPE2" }), "NOPE2"],
        [() => ri.trials.composite({ drug: "Notadrugumab" }), "Notadrugumab"],
      ] as const
    ) {
      const e = await rejectsWith(call(), UnresolvedEntityError);
      assert.equal(e.input, input);
      assert.equal(e.status, 500);
    }
    // 400, 402, 401, 404 by status.
    const bad = await rejectsWith(
      ri.request("GET", "/api/v1/patents/aggregate", { query: { country: "US" } }),
      BadRequestError,
    );
    assert.equal(bad.status, 400);
    const free = createClient({ baseUrl: sb.url, apiKey: sb.keys.free, retry: 0 });
    await rejectsWith(free.diseases.autocomplete({ q: "asthma" }), TierError);
    const nobody = createClient({ baseUrl: sb.url, apiKey: "not-a-key-of-this-sandbox", retry: 0 });
    await rejectsWith(nobody.trials.search({ limit: 1 }), AuthError);
    await rejectsWith(ri.trials.details({ nctId: "NCT99999999" }), NotFoundError);
    // lei-to-ticker's 404 is "no mapping", whatever the body.
    const none = await ri.financials.leiToTicker({ lei: fx.leiWithoutTicker });
    assert.equal(none.rows.length, 0);
    assert.equal(none.meta.warnings[0].code, "no-mapping");
  }, { profile: "variant" });
});

Deno.test("variant profile: a daily quota answers 429 with Retry-After and stays a quota error", async () => {
  await withSandbox(async (sb) => {
    const ri = clientFor(sb, { retry: 0 });
    const fx = fixtures(sb);
    await ri.diseases.landscape({ efo_id: fx.efoId });
    const e = await rejectsWith(ri.diseases.landscape({ efo_id: fx.efoId }), QuotaExhaustedError);
    assert.ok((e.retryAfterMs ?? 0) > 60_000, `retryAfterMs ${e.retryAfterMs}`);
  }, { profile: "variant", quotas: { "diseases.landscape": { pos: 1 } } });
});

Deno.test("variant profile: re-spelled sandbox-chosen fields are read under their declared names", async () => {
  await withSandbox(async (sb) => {
    const raw = await fetch(`${sb.url}/api/v1/clinical-trials?limit=3&sort=enrollment`, {
      headers: { "x-api-key": sb.keys.pro },
    }).then((r) => r.json());
    assert.ok(
      "completionDate" in raw.data[0] && !("completion_date" in raw.data[0]),
      "the wire is re-spelled",
    );
    const ri = clientFor(sb);
    const r = await ri.trials.search({ limit: 3, sort: "enrollment" });
    assert.match(raw.data[0].completionDate, /T/, "the wire sends a date-time");
    assert.equal(r.rows[0].completion_date, calendarDate(raw.data[0].completionDate));
    assert.deepEqual(r.rows[0].sponsors, raw.data[0].sponsors);
    assert.deepEqual(r.meta.warnings.filter((w) => w.code === "field-absent"), []);
  }, { profile: "variant" });
});

/** Every endpoint's parsed body, and the wire text it came from, on a sandbox in `profile`. */
function answers(profile: Profile) {
  return withSandbox(async (sb) => {
    let wire = "";
    const ri = clientFor(sb, {
      retry: 0,
      fetch: async (input, init) => {
        const res = await fetch(input, init);
        wire += await res.clone().text();
        return res;
      },
    });
    const fx = fixtures(sb);
    const out: Partial<Record<EndpointName, { body: unknown; wire: string }>> = {};
    for (const name of Object.keys(CASES) as EndpointName[]) {
      wire = "";
      const r = await CASES[name](ri, fx);
      out[name] = { body: r.body, wire };
    }
    return out as Record<EndpointName, { body: unknown; wire: string }>;
  }, { profile });
}

Deno.test("variant profile: dates sent as date-times in other ISO-8601 forms read as the dates written", async () => {
  const full = await answers("full"), variant = await answers("variant");
  // The variant wire writes each open-format date as a date-time (some whose UTC day differs).
  const dateTime = /"\d{4}-?\d{2}-?\d{2}T(00:00:00Z|00:00:00\.000\+00:00|23:30:00-05:00|023000\+0530|12:00)"/;
  const dated = (Object.keys(CASES) as EndpointName[]).filter((n) => dateTime.test(variant[n].wire));
  assert.ok(!(Object.keys(CASES) as EndpointName[]).some((n) => dateTime.test(full[n].wire)));
  assert.deepEqual(dated, [
    "trials.search",
    "trials.topics",
    "trials.composite",
    "trials.portfolio",
    "trials.details",
    "regulatory.search",
    "regulatory.catalysts",
    "grants.sample",
    "grants.search",
    "researchers.works",
  ]);
  // `fetched_at` (works) is the time of the call: the one value that differs between two calls.
  const steady = (b: unknown) => JSON.stringify(b, (k, v) => k === "fetched_at" ? undefined : v);
  for (const name of Object.keys(CASES) as EndpointName[]) {
    assert.deepEqual(
      JSON.parse(steady(variant[name].body)),
      JSON.parse(steady(full[name].body)),
      `${name}: the client reads the same body`,
    );
  }
});
