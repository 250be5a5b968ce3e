/**
 * Sandbox service core over real loopback HTTP: routing from the catalogue, auth, tiers, quotas
 * with the injectable clock, parameter validation, size limits, hostile strings, fault injection.
 */
import assert from "node:assert/strict";
import { ENDPOINTS } from "../../lib/client/endpoints/mod.ts";
import { ErrorBody } from "../../lib/client/schemas/common.ts";
import { TrialSearchResponse } from "../../lib/client/schemas/trials.ts";
import { count, get, P, post, withSandbox } from "./_helpers.ts";

Deno.test("sandbox core", async (t) => {
  await withSandbox(async (sb) => {
    await t.step("every catalogue endpoint is routed (its path does not answer 404 not_found)", async () => {
      for (const e of Object.values(ENDPOINTS)) {
        const path = e.path.replace(/:(\w+)/g, "x");
        const res = await fetch(sb.url + path, {
          method: e.method,
          headers: { "x-api-key": sb.keys.pos, "content-type": "application/json" },
          body: e.method === "POST" ? "{}" : undefined,
        });
        const body = await res.json();
        assert.equal(res.headers.get("x-data-source"), "synthetic-sandbox", e.name);
        assert.ok(
          !(res.status === 404 && body.error?.code === "not_found" && /No endpoint/.test(body.error.message)),
          e.name,
        );
      }
    });

    await t.step("unknown path → 404 JSON; wrong method → 405 with Allow", async () => {
      const a = await get(sb, "/api/v1/nope");
      assert.equal(a.status, 404);
      assert.ok(ErrorBody.safeParse(a.body).success);
      assert.equal(a.headers.get("x-data-source"), "synthetic-sandbox");
      const res = await fetch(sb.url + P.landscape, { headers: { "x-api-key": sb.keys.pro } });
      assert.equal(res.status, 405);
      assert.equal(res.headers.get("allow"), "POST");
      await res.body?.cancel();
    });

    await t.step("missing or unknown key → 401 unauthorized, key never echoed", async () => {
      const a = await get(sb, P.trials, {}, "none");
      assert.equal(a.status, 401);
      assert.equal(a.body.error.code, "unauthorized");
      const secret = "sk-live-SECRET-123";
      const b = await get(sb, P.trials, {}, { raw: secret });
      assert.equal(b.status, 401);
      assert.ok(!b.text.includes(secret));
      const c = await get(sb, P.trials, { search: "x" }, { raw: "demo-pro-key-x" });
      assert.equal(c.status, 401);
    });

    await t.step("tiers: Pro endpoints → 402 for free; trial-pos → 402 for pro", async () => {
      const a = await get(sb, P.autocomplete, { q: "lung" }, "free");
      assert.equal(a.status, 402);
      assert.equal(a.body.error.code, "payment_required");
      assert.match(a.body.error.message, /Pro/);
      assert.equal((await get(sb, "/api/v1/patents", { include_total: "true" }, "free")).status, 402);
      const nct = "NCT00000000";
      assert.equal((await get(sb, P.pos, { trialId: nct }, "pro")).status, 402);
      assert.equal((await get(sb, P.pos, { trialId: nct }, "pos")).status, 404);
      assert.equal((await get(sb, P.autocomplete, { q: "lung" }, "pos")).status, 200);
    });

    await t.step("validation: kinds, ranges, required, rejects; unknown parameters ignored", async () => {
      const bad = [
        [P.trials, { limit: 0 }, "limit"],
        [P.trials, { limit: 101 }, "limit"],
        [P.trials, { page: "2x" }, "page"],
        [P.trials, { enrollment_min: "1.5" }, "enrollment_min"],
        [P.trials, { healthy_volunteers: "yes" }, "healthy_volunteers"],
        [P.trials, { start_date_after: "2024-13-01" }, "start_date_after"],
        [P.trials, { sort: "newest" }, "sort"],
        [P.topics, {}, "topic"],
      ] as const;
      for (const [path, params, name] of bad) {
        const a = await get(sb, path, params);
        assert.equal(a.status, 400, JSON.stringify(params));
        assert.equal(a.body.error.parameter, name);
        assert.ok(ErrorBody.safeParse(a.body).success);
      }
      const agg = await get(sb, "/api/v1/patents/aggregate", { country: "US" }, "pro");
      assert.equal(agg.status, 400);
      assert.equal(agg.body.error.parameter, "country");
      const ok = await get(sb, P.trials, { limit: 2, frobnicate: "1" });
      assert.equal(ok.status, 200);
      assert.ok(TrialSearchResponse.safeParse(ok.body).success);
      assert.equal(ok.body.meta.limit, 2);
    });

    await t.step("size limits: 414 long query, 413 large body, 400 invalid JSON", async () => {
      assert.equal((await get(sb, P.trials, { search: "a".repeat(9000) })).status, 414);
      assert.equal((await post(sb, P.landscape, { disease: "x".repeat(70_000) })).status, 413);
      const bad = await post(sb, P.landscape, "{not json");
      assert.equal(bad.status, 400);
      assert.equal(bad.body.error.code, "invalid_body");
    });

    await t.step("hostile strings are inert: quotes, NEAR, *, SQL injection", async () => {
      const before = count(sb, "SELECT count(*) AS n FROM trials");
      for (
        const s of [
          '"',
          '"lung',
          "lung*",
          "NEAR(lung cancer)",
          "lung AND cancer",
          "-cancer",
          "'; DROP TABLE trials; --",
          "%",
          "^",
        ]
      ) {
        for (
          const [path, p] of [[P.trials, { search: s }], [P.topics, { topic: s }], [P.approvals, {
            search: s,
          }], [
            P.approvals,
            { applicant: s },
          ], [P.trials, { sponsor: s }]] as const
        ) {
          const a = await get(sb, path, p);
          assert.equal(a.status, 200, `${path} ${s}`);
          assert.ok(a.body.meta.totalItems >= 0);
        }
      }
      assert.equal(count(sb, "SELECT count(*) AS n FROM trials"), before);
      const pct = await get(sb, P.approvals, { applicant: "%" });
      assert.equal(
        pct.body.meta.totalItems,
        count(sb, "SELECT count(*) AS n FROM approvals WHERE instr(applicant_raw, '%') > 0"),
      );
      const empty = await get(sb, P.trials, { search: "'; --" });
      assert.equal(empty.body.meta.totalItems, 0, "a search with no words matches nothing");
    });
  });
});

Deno.test("sandbox quotas roll over at UTC midnight of the injected clock", async () => {
  const start = new Date("2026-11-21T23:59:00Z");
  await withSandbox(async (sb) => {
    for (let i = 0; i < 3; i++) {
      assert.equal((await get(sb, P.autocomplete, { q: "lung" }, "pro")).status, 200);
    }
    const a = await get(sb, P.autocomplete, { q: "lung" }, "pro");
    assert.equal(a.status, 429);
    assert.equal(a.body.error.code, "quota_exhausted");
    assert.equal(a.headers.get("retry-after"), "60");
    assert.equal(a.body.error.retryAfterSeconds, 60);
    assert.equal((await get(sb, P.autocomplete, { q: "lung" }, "pos")).status, 200, "quotas are per tenant");
    assert.equal(
      (await post(sb, P.landscape, { efo_id: "EFO:0001071" }, "pro")).status,
      200,
      "and per endpoint",
    );
    sb.clock.advance(61_000);
    assert.equal((await get(sb, P.autocomplete, { q: "lung" }, "pro")).status, 200);
  }, { now: () => start, quotas: { "diseases.autocomplete": { pro: 3 } } });
});

Deno.test("sandbox faults: firstN, kinds, seeded rate, latency; 501 without a handler", async () => {
  await withSandbox(async (sb) => {
    assert.equal((await get(sb, P.trials, { limit: 1 })).status, 503);
    const r429 = await get(sb, P.trials, { limit: 1 });
    assert.equal(r429.status, 429);
    assert.equal(r429.body.error.code, "rate_limited");
    assert.equal(r429.headers.get("retry-after"), "2");
    assert.equal((await get(sb, P.approvals, { limit: 1 })).status, 200, "other endpoints unaffected");
    assert.equal((await get(sb, P.trials, { limit: 1 })).status, 200, "then succeeds");

    sb.setFaults({ firstN: 1, kinds: ["drop"] });
    const res = await fetch(`${sb.url}${P.trials}?limit=1`, { headers: { "x-api-key": sb.keys.free } });
    await assert.rejects(() => res.text());

    sb.setFaults({ firstN: 1, kinds: ["truncate"] });
    const tr = await get(sb, P.trials, { limit: 3 });
    assert.equal(tr.status, 200);
    assert.equal(tr.body, undefined, "truncated body is not JSON");
    assert.ok(tr.text.startsWith('{"data":['));

    const seq = async () => {
      sb.setFaults({ seed: 7, rate: 0.5, kinds: ["502", "503"] });
      const out: number[] = [];
      for (let i = 0; i < 12; i++) out.push((await get(sb, P.trials, { limit: 1 })).status);
      return out;
    };
    const a = await seq(), b = await seq();
    assert.deepEqual(a, b, "same seed, same faults");
    assert.ok(a.some((s) => s !== 200) && a.some((s) => s === 200));

    sb.setFaults({ latencyMs: 60 });
    const t0 = performance.now();
    const slow = await get(sb, P.trials, { limit: 1 });
    assert.equal(slow.status, 200);
    assert.ok(performance.now() - t0 >= 55);
    // Server-Timing gives the sandbox's own work, the injected latency left out (benchmarks read it).
    const own = Number(/^app;dur=([0-9.]+)$/.exec(slow.headers.get("server-timing") ?? "")?.[1]);
    assert.ok(own >= 0 && own < 55, `server-timing ${slow.headers.get("server-timing")}`);
    sb.setFaults(undefined);

    const missing = await get(sb, "/api/v1/alerts", {}, "pro");
    assert.equal(missing.status, 501);
    assert.equal(missing.body.error.code, "not_implemented");
  }, {
    faults: { firstN: 2, kinds: ["503", "429"], retryAfterSeconds: 2, endpoints: ["trials.search"] },
    handlers: { "alerts.list": null },
  });
});
