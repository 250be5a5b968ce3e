/**
 * Hardening found when tried as a new user would, over loopback HTTP against the sandbox.
 */
import assert from "node:assert/strict";
import { ConfigError, createClient, NetworkError, ValidationError } from "../../lib/client/mod.ts";
import { clientFor, countingFetch, withSandbox } from "./_sandbox.ts";

const KEY = "sk-live-0123456789abcdef-secret";

Deno.test("a fetch error that echoes the key leaves it out of the error, its cause and Deno.inspect", async () => {
  const echo: typeof fetch = (_input, init) => {
    const key = new Headers(init?.headers).get("x-api-key");
    return Promise.reject(new TypeError(`connect failed; request headers: x-api-key=${key}`));
  };
  const ri = createClient({ baseUrl: "https://ri.example.com", apiKey: KEY, fetch: echo, retry: 0 });
  const e = await ri.trials.search({ limit: 1 }).catch((x) => x);
  assert.ok(e instanceof NetworkError);
  const all = [e.message, String(e.stack), Deno.inspect(e, { depth: 10 }), String((e.cause as Error)?.stack)];
  for (const text of all) assert.ok(!text.includes(KEY), `key leaked: ${text.slice(0, 200)}`);
  assert.match(Deno.inspect(e, { depth: 10 }), /\[redacted\]/);
});

Deno.test("a malformed base URL never quotes the value (it may be the key, when the variables are swapped)", () => {
  let e: unknown;
  try {
    createClient({ baseUrl: KEY, apiKey: "https://ri.example.com", retry: 0 });
  } catch (x) {
    e = x;
  }
  assert.ok(e instanceof ConfigError, String(e));
  assert.ok(!e.message.includes(KEY) && !Deno.inspect(e).includes(KEY), e.message);
  assert.match(e.message, /swapped/);
});

Deno.test("approvals status: the known values' case is normalised before sending (rx → Rx)", async () => {
  await withSandbox(async (sb) => {
    const counting = countingFetch();
    const ri = clientFor(sb, { fetch: counting.fetch });
    const lower = await ri.regulatory.search({ status: "rx", limit: 5 });
    const exact = await ri.regulatory.search({ status: "Rx", limit: 5 });
    assert.ok(exact.total! > 0);
    assert.equal(lower.total, exact.total);
    assert.match(counting.urls[0], /status=Rx/);
    const raw = await fetch(`${sb.url}/api/v1/regulatory?status=rx`, {
      headers: { "x-api-key": sb.keys.pro },
    });
    assert.equal((await raw.json()).meta.totalItems, 0, "the trap: the service matches exactly");
  });
});

Deno.test("an empty sponsor name in a list is rejected with its position, before any request", async () => {
  await withSandbox(async (sb) => {
    const counting = countingFetch();
    const ri = clientFor(sb, { fetch: counting.fetch });
    await assert.rejects(
      () => ri.trials.portfolio({ sponsors: ["Pfizer", " ", "Roche"], conditionKeyword: "asthma" }),
      (e: unknown) =>
        e instanceof ValidationError && /sponsors/.test(e.message) && /item 2 of 3 is empty/.test(e.message),
    );
    await assert.rejects(
      () => ri.trials.portfolio({ sponsors: "Pfizer,,Roche", conditionKeyword: "asthma" }),
      (e: unknown) => e instanceof ValidationError && /item 2 of 3 is empty/.test(e.message),
    );
    assert.equal(counting.count(), 0);
  });
});

Deno.test("an empty disease autocomplete is flagged: only diseases with trial data are returned", async () => {
  await withSandbox(async (sb) => {
    const r = await clientFor(sb).diseases.autocomplete({ q: "zzqx" });
    assert.equal(r.rows.length, 0);
    assert.ok(r.meta.warnings.some((w) => w.code === "not-evidence-of-absence" && w.pitfall === 35));
  });
});
