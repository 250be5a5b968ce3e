/**
 * The concurrency limiter's rules (lib/client/_limiter.ts), from its definition, on instant tasks (so
 * latency always holds): fixed, a FIFO semaphore of `concurrency` slots that never changes; adaptive, a
 * slow start of one more slot per success up to the cap, and after a throttle the slots halved (unless the
 * server said when) and one more slot per `max` successes in a row; a throttle holds every new request
 * until its wait has passed. Bad settings are a RangeError naming the value.
 */
import assert from "node:assert/strict";
import { Limiter } from "../../lib/client/_limiter.ts";

/** A task that runs until `release()`; `started` tells when it began. */
function gate() {
  let release!: () => void;
  let started = false;
  const done = new Promise<void>((r) => release = r);
  return {
    task: () => {
      started = true;
      return done;
    },
    release: () => release(),
    get started() {
      return started;
    },
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));
const instant = (l: Limiter, n: number) =>
  Promise.all(Array.from({ length: n }, () => l.run(async () => {})));

Deno.test("settings: concurrency a whole number >= 1, maxConcurrency a whole number >= it; the cap is 16 by default", () => {
  for (const bad of [0, -1, 1.5, NaN]) {
    assert.throws(
      () => new Limiter(bad),
      (e: unknown) => e instanceof RangeError && e.message.includes(`got ${bad}`),
    );
  }
  for (const bad of [3, 4.5]) {
    assert.throws(
      () => new Limiter(4, { max: bad }),
      (e: unknown) => e instanceof RangeError && /maxConcurrency .*\(4\), got/.test(e.message),
    );
  }
  assert.equal(new Limiter(4).cap, 16);
  assert.equal(new Limiter(20).cap, 20, "never below concurrency");
  assert.equal(new Limiter(4, { max: 4 }).cap, 4);
  assert.equal(
    new Limiter(4, { adaptive: false, max: 64 }).cap,
    4,
    "a fixed limiter's cap is its concurrency",
  );
  assert.equal(new Limiter(1).max, 1);
  assert.equal(new Limiter(3).adaptive, true, "adaptive by default");
});

Deno.test("fixed: at most `concurrency` at once, the rest in the order they came; a failed task frees its slot", async () => {
  const l = new Limiter(2, { adaptive: false });
  const gates = Array.from({ length: 5 }, gate);
  const order: number[] = [];
  const runs = gates.map((g, i) => l.run(() => (order.push(i), g.task())));
  await tick();
  assert.deepEqual(order, [0, 1]);
  assert.equal(l.active, 2);
  gates[1].release();
  await tick();
  assert.deepEqual(order, [0, 1, 2]);
  const failing = l.run(() => Promise.reject(new Error("boom")));
  gates[0].release();
  gates[2].release();
  await tick();
  assert.deepEqual(order, [0, 1, 2, 3, 4], "queued in order; the failing one came after them");
  for (const g of gates) g.release();
  await Promise.all(runs);
  await assert.rejects(failing, /boom/);
  assert.equal(l.active, 0);
  assert.equal(l.max, 2, "a fixed limiter never changes");
  l.throttle(0);
  assert.equal(l.max, 2);
});

Deno.test("fixed: a throttle holds nothing", async () => {
  const l = new Limiter(1, { adaptive: false });
  l.throttle(3_600_000);
  assert.equal(await l.run(() => Promise.resolve(7)), 7);
});

Deno.test("adaptive slow start: one more slot per success, never above the cap", async () => {
  const l = new Limiter(2, { max: 5 });
  await instant(l, 1);
  assert.equal(l.max, 3);
  await instant(l, 1);
  assert.equal(l.max, 4);
  await instant(l, 5);
  assert.equal(l.max, 5);
  await assert.rejects(l.run(() => Promise.reject(new Error("x"))));
  assert.equal(l.max, 5, "a failure is no success");
});

Deno.test("adaptive after a throttle: slots halved (rounded down, at least 1), then one more per `max` successes in a row", async () => {
  const l = new Limiter(8, { max: 64 });
  l.throttle(0);
  assert.equal(l.max, 4);
  await instant(l, 3);
  assert.equal(l.max, 4, "3 successes of 4: no slot yet");
  await instant(l, 1);
  assert.equal(l.max, 5);
  await instant(l, 4);
  assert.equal(l.max, 5, "4 successes of 5");
  await instant(l, 1);
  assert.equal(l.max, 6);
  l.throttle(0, true);
  assert.equal(l.max, 6, "the server said when: a pace, not too many in flight");
  await instant(l, 5);
  l.throttle(0);
  assert.equal(l.max, 3, "a throttle restarts the run of successes");
  await instant(l, 1);
  assert.equal(l.max, 3, "the 5 before it count for nothing: 1 success of 3");
  const capped = new Limiter(2, { max: 2 });
  capped.throttle(0);
  await instant(capped, 10);
  assert.equal(capped.max, 2, "never above the cap after a throttle either");
  l.throttle(0);
  assert.equal(l.max, 1, "3 halved, rounded down");
  const one = new Limiter(1);
  one.throttle(0);
  assert.equal(one.max, 1, "never below 1");
});

Deno.test("a throttle holds every new request until its wait has passed; requests in flight go on", async () => {
  const l = new Limiter(4);
  const inFlight = gate();
  const running = l.run(inFlight.task);
  await tick();
  const t0 = Date.now();
  l.throttle(120, true);
  const startedAt: number[] = [];
  const held = [
    l.run(() => Promise.resolve(void startedAt.push(Date.now()))),
    l.run(() => Promise.resolve(void startedAt.push(Date.now()))),
  ];
  await tick();
  assert.deepEqual(startedAt, [], "held");
  assert.ok(inFlight.started);
  inFlight.release();
  await running;
  await Promise.all(held);
  for (const t of startedAt) assert.ok(t >= t0 + 120, `started ${t - t0} ms after a 120 ms throttle`);
});

Deno.test("a throttle with nothing in flight still starts the held requests once it has passed", async () => {
  const l = new Limiter(2);
  const t0 = Date.now();
  l.throttle(60, true);
  let startedAt = 0;
  await l.run(() => Promise.resolve(void (startedAt = Date.now())));
  assert.ok(startedAt >= t0 + 60, `started ${startedAt - t0} ms after a 60 ms throttle`);
});

Deno.test("the server's pace is learnt from two rate limits: the requests between them over the time between them", async () => {
  const l = new Limiter(4);
  l.throttle(0, true);
  await instant(l, 1);
  await new Promise((r) => setTimeout(r, 60));
  l.throttle(0, true); // 1 request in >= 60 ms: at least 60 ms apart from now on
  const starts: number[] = [];
  await Promise.all([0, 1, 2].map(() => l.run(() => Promise.resolve(void starts.push(Date.now())))));
  for (let i = 1; i < starts.length; i++) {
    assert.ok(starts[i] - starts[i - 1] >= 59, `starts ${starts.map((t) => t - starts[0]).join(", ")} ms`);
  }
});
