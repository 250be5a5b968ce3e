/**
 * The call's one deadline (lib/client/_deadline.ts), from its definition: it starts with the first attempt
 * and covers every attempt, retry wait and retry, so a call whose attempts each fit in `timeout` but
 * together do not is a TimeoutError, and the time a retry wait may take counts from the first attempt; and when the call is over, its timer is gone (it must not keep a
 * script alive for the length of the deadline).
 */
import assert from "node:assert/strict";
import { createClient, TimeoutError } from "../../lib/client/mod.ts";
import { hostile, KEY } from "../_hostile.ts";

const later = (ms: number, answer: () => Response) =>
  new Promise<Response>((done) => setTimeout(() => done(answer()), ms));

Deno.test("one deadline spans the first attempt, the retry wait and the retry: each fits, together they do not", async () => {
  // 400 ms to a 429 (a rate limit) asking to come back in 1 s (honoured: it fits the 2 s left), then 700 ms to a 200:
  // at least 2.1 s from the first attempt, so a 2 s deadline has passed, though no part of it alone took 2 s.
  let n = 0;
  const server = hostile(() =>
    n++ === 0
      ? later(400, () => new Response("slow down", { status: 429, headers: { "retry-after": "1" } }))
      : later(700, () => Response.json({ data: [] }))
  );
  try {
    const ri = createClient({ baseUrl: server.url, apiKey: KEY, timeout: 2000, adaptive: false });
    const e = await ri.request("GET", "/api/v1/x").catch((x) => x);
    assert.ok(
      e instanceof TimeoutError,
      `expected a TimeoutError, got ${e?.constructor?.name}: ${e?.message}`,
    );
    assert.match(e.message, /within 2000 ms \(the call's deadline, 2 attempts\)/);
    assert.equal(n, 2, "the retry was made (its wait fitted in what was left)");
  } finally {
    await server.close();
  }
});

Deno.test("the time left for a retry counts from the first attempt, not the latest: a wait that would pass it is not made", async () => {
  // Two attempts of 600 ms each, both rate limited; the second asks to come back in 1 s. From the first
  // attempt at least 1.2 s of the 2 s are gone, so the 1 s wait does not fit: the call ends after 2 attempts.
  let n = 0;
  const server = hostile(() =>
    later(
      600,
      () => new Response("slow down", { status: 429, headers: { "retry-after": n++ === 0 ? "0" : "1" } }),
    )
  );
  try {
    const ri = createClient({ baseUrl: server.url, apiKey: KEY, timeout: 2000, adaptive: false });
    const e = await ri.request("GET", "/api/v1/x").catch((x) => x);
    assert.ok(
      e instanceof TimeoutError,
      `expected a TimeoutError, got ${e?.constructor?.name}: ${e?.message}`,
    );
    assert.match(e.message, /within 2000 ms \(the call's deadline, 2 attempts\)/);
    assert.equal(n, 2);
  } finally {
    await server.close();
  }
});

Deno.test("a finished call leaves no timer behind: a script ends when its call has, not when the deadline would pass", async () => {
  // A retried call (a 503, then the answer): every attempt's share of the deadline must be gone with it.
  let n = 0;
  const server = hostile(() =>
    n++ === 0
      ? new Response("busy", { status: 503, headers: { "retry-after": "0" } })
      : Response.json({ data: [1] })
  );
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-net=127.0.0.1",
      new URL("./_deadline_child.ts", import.meta.url).pathname,
      server.url,
      KEY,
    ],
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  // The child's deadline is an hour; a minute is far more than the call needs.
  let guard: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<"hung">((done) => guard = setTimeout(() => done("hung"), 60_000));
  try {
    const out = await Promise.race([child.output(), hung]);
    if (out === "hung") {
      child.kill();
      await child.output();
      assert.fail(
        "the script was still running a minute after its call: the deadline's timer outlived the call",
      );
    }
    assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
    assert.deepEqual(JSON.parse(new TextDecoder().decode(out.stdout)), { data: [1] });
    assert.equal(n, 2, "the call was retried once");
  } finally {
    clearTimeout(guard);
    await server.close();
  }
});
