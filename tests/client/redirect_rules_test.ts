/**
 * The redirect and deadline rules at their edges (lib/client/_redirect.ts, _deadline.ts), against real
 * loopback servers: which statuses are followed and how (method and body as fetch does), the hop limit
 * exactly, a Location that is no URL or no web address, and a retry the deadline leaves room for.
 */
import assert from "node:assert/strict";
import { createClient, RedirectError, TimeoutError } from "../../lib/client/mod.ts";
import { MAX_REDIRECTS } from "../../lib/client/_redirect.ts";
import { hostile, KEY } from "../_hostile.ts";

/** A server redirecting /api/v1/start with `status` to /api/v1/end, which echoes method and body. */
function hop(status: number, location: string | null = "/api/v1/end") {
  const got: { method: string; body: string; key: string | null }[] = [];
  const server = hostile(async (req, url) => {
    got.push({ method: req.method, body: await req.text(), key: req.headers.get("x-api-key") });
    if (url.pathname !== "/api/v1/start") return Response.json({ at: url.pathname, method: req.method });
    const headers: Record<string, string> = location === null ? {} : { location };
    return new Response(status === 300 ? "choose" : null, { status, headers });
  });
  return { server, got, ri: createClient({ baseUrl: server.url, apiKey: KEY, retry: 0 }) };
}

Deno.test("every redirect status is followed on the same origin; 303, and 301/302 after a POST, become a GET", async () => {
  const body = { q: "asthma" };
  const cases: [number, "GET" | "POST", string, string][] = [
    [301, "GET", "GET", ""],
    [302, "GET", "GET", ""],
    [303, "POST", "GET", ""],
    [301, "POST", "GET", ""],
    [302, "POST", "GET", ""],
    [307, "POST", "POST", JSON.stringify(body)],
    [308, "POST", "POST", JSON.stringify(body)],
  ];
  for (const [status, method, wantMethod, wantBody] of cases) {
    const h = hop(status);
    try {
      const r = await h.ri.request(method, "/api/v1/start", method === "POST" ? { body } : {});
      assert.deepEqual(r.body, { at: "/api/v1/end", method: wantMethod }, `${status} ${method}`);
      assert.deepEqual(h.got[1], { method: wantMethod, body: wantBody, key: KEY }, `${status} ${method}`);
    } finally {
      await h.server.close();
    }
  }
});

Deno.test("a 3xx that is no redirect, or a redirect without a Location, is not followed", async () => {
  for (const [status, location] of [[300, "/api/v1/end"], [302, null]] as const) {
    const h = hop(status, location);
    try {
      await h.ri.request("GET", "/api/v1/start").catch(() => undefined);
      assert.equal(h.got.length, 1, `${status} ${location}`);
    } finally {
      await h.server.close();
    }
  }
});

Deno.test(`exactly ${MAX_REDIRECTS - 1} same-origin hops are followed; one more is a RedirectError`, async () => {
  const chain = (hops: number) =>
    hostile((_req, url) => {
      const n = Number(url.pathname.split("/").pop());
      return n < hops
        ? new Response(null, { status: 302, headers: { location: `/api/v1/${n + 1}` } })
        : Response.json({ n });
    });
  const ok = chain(MAX_REDIRECTS - 1);
  try {
    const ri = createClient({ baseUrl: ok.url, apiKey: KEY, retry: 0 });
    assert.deepEqual((await ri.request("GET", "/api/v1/0")).body, { n: MAX_REDIRECTS - 1 });
    assert.equal(ok.seen.length, MAX_REDIRECTS);
  } finally {
    await ok.close();
  }
  const over = chain(MAX_REDIRECTS);
  try {
    const ri = createClient({ baseUrl: over.url, apiKey: KEY, retry: 0 });
    const e = await ri.request("GET", "/api/v1/0").catch((x) => x);
    assert.ok(e instanceof RedirectError, String(e));
    assert.match(e.message, new RegExp(`more than ${MAX_REDIRECTS} times; check the base URL`));
    assert.deepEqual([e.from, e.to, e.status], [over.url, over.url, 302]);
  } finally {
    await over.close();
  }
});

Deno.test("a Location that is not a URL, not a web address or another https origin is a RedirectError, nothing followed", async () => {
  const cases: [string, string, RegExp][] = [
    ["http://[::1", "(invalid)", /answered 302 with a Location that is not a URL; nothing was followed/],
    ["ftp://files.example/x", "ftp:", /redirected GET \/api\/v1\/start to another origin, ftp:/],
    [
      "https://other.example:8443/x",
      "https://other.example:8443",
      /to another origin, https:\/\/other.example:8443;/,
    ],
  ];
  for (const [location, to, message] of cases) {
    const h = hop(302, location);
    try {
      const e = await h.ri.request("GET", "/api/v1/start").catch((x) => x);
      assert.ok(e instanceof RedirectError, String(e));
      assert.deepEqual([e.from, e.to, e.status], [h.server.url, to, 302]);
      assert.match(e.message, message);
      assert.equal(h.got.length, 1);
    } finally {
      await h.server.close();
    }
  }
});

Deno.test("a retry that fits in the deadline is made, and a deadline passed after two attempts says so", async () => {
  let n = 0;
  const flaky = hostile(() =>
    n++ === 0
      ? new Response("busy", { status: 503, headers: { "retry-after": "0" } })
      : Response.json({ data: [], meta: { totalItems: 0 } })
  );
  try {
    const ri = createClient({ baseUrl: flaky.url, apiKey: KEY, timeout: 2000, adaptive: false });
    const r = await ri.request("GET", "/api/v1/x");
    assert.deepEqual(r.body, { data: [], meta: { totalItems: 0 } });
    assert.equal(n, 2);
  } finally {
    await flaky.close();
  }
  let m = 0;
  // first answer: a 503 at once; the retry's answer comes after the deadline
  const stuck = hostile(() =>
    m++ === 0
      ? new Response("busy", { status: 503, headers: { "retry-after": "0" } })
      : new Promise<Response>((answer) => setTimeout(() => answer(Response.json({})), 900))
  );
  try {
    const ri = createClient({ baseUrl: stuck.url, apiKey: KEY, timeout: 500, adaptive: false });
    const e = await ri.request("GET", "/api/v1/x").catch((x) => x);
    assert.ok(e instanceof TimeoutError, String(e));
    assert.match(e.message, /within 500 ms \(the call's deadline, 2 attempts\)/);
  } finally {
    await stuck.close();
  }
});
