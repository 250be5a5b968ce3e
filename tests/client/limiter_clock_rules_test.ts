/**
 * The adaptive limiter's timed rules (lib/client/_limiter.ts), from its definitions, on a clock the test
 * drives (no sleeping, no timed assertion): which rate limits are one episode, the pace learnt between
 * episodes (time over the successes in between), the 2 % faster probe after every 10th success, and the
 * smoothed latency (0.8 × smoothed + 0.2 × new) that ends the slow start when it rises above
 * 1.5 × the best + 2 ms (and restarts the run of successes); and, on the same clock, FIFO order at the end of
 * a pause, a pace kept between requests released together, a sub-millisecond pace, and no timer left when
 * nothing waits. `ok()` tasks start at once: the clock is moved past any pause or pace first.
 */
import assert from "node:assert/strict";
import { Limiter } from "../../lib/client/_limiter.ts";

/** A limiter on a clock the test moves; `ok(ms)` runs one task that takes `ms` on that clock. */
function clocked(start: number, max = 64) {
  const clock = { t: 1000 };
  const l = new Limiter(start, { max, now: () => clock.t });
  const ok = async (ms = 0, n = 1) => {
    for (let i = 0; i < n; i++) {
      assert.equal(l.active, 0);
      const run = l.run(() => {
        clock.t += ms;
        return Promise.resolve();
      });
      assert.equal(l.active, 1, "admitted at once (no pause or pace left on the clock)");
      await run;
    }
  };
  return { clock, l, ok };
}

Deno.test("episode: a rate limit within the wait of the episode's first one (inclusive) is the same episode", async () => {
  const { clock, l, ok } = clocked(4);
  l.throttle(500, true); // t = 1000: the episode begins
  clock.t = 1500;
  await ok(0, 3);
  l.throttle(500, true); // exactly the wait later: the same refusal, it teaches nothing
  assert.equal(l.interval, 0, "one episode teaches no pace");
  clock.t = 2000;
  await ok(0, 3);
  clock.t = 2200;
  l.throttle(0, true); // a new episode: 1200 ms since the first began, 6 successes since then
  assert.equal(l.interval, 1200 / 6);
});

Deno.test("episode: one past its wait begins a new one; a throttle whose server said nothing starts one too", async () => {
  const { clock, l, ok } = clocked(4);
  l.throttle(500, true);
  clock.t = 1501; // 501 ms > 500 ms: a new episode, 1 success at least
  l.throttle(500, true);
  assert.equal(l.interval, 501);
  clock.t = 3000;
  await ok(600, 4); // each task takes longer than the pace: none is held
  l.throttle(0); // t = 5400, an overload: begins an episode, learns no pace (the server did not say when)
  assert.equal(l.interval, 501);
  await ok(600, 2);
  l.throttle(0, true); // 1200 ms over the 2 successes since the overload
  assert.equal(l.interval, 600);
});

Deno.test("pace: the time between episodes over the successes in between, never lowered by a later, faster one", async () => {
  const { clock, l, ok } = clocked(8);
  l.throttle(0, true);
  await ok(100, 4);
  l.throttle(0, true); // 400 ms over 4 successes
  assert.equal(l.interval, 100);
  clock.t += 1000;
  await ok(100, 20); // the clock moves 100 ms per task: never ahead of the pace
  l.throttle(0, true); // 3000 ms over 20: 150 ms apart
  assert.equal(l.interval, 150);
  clock.t += 100;
  l.throttle(0, true); // 100 ms over 1 (at least 1): faster than learnt, so ignored
  assert.equal(l.interval, 150);
});

Deno.test("probe: after every 10th success since the episode began, a paced client starts 2 % faster", async () => {
  const { clock, l, ok } = clocked(4);
  await ok(0, 15);
  assert.equal(l.interval, 0, "unpaced: nothing to probe");
  l.throttle(0, true);
  clock.t += 200;
  l.throttle(0, true); // 200 ms over at least 1
  assert.equal(l.interval, 200);
  await ok(200, 9);
  assert.equal(l.interval, 200, "9 successes: no probe yet");
  await ok(200, 1);
  assert.equal(l.interval, 200 * 0.98, "the 10th");
  await ok(200, 9);
  assert.equal(l.interval, 200 * 0.98);
  await ok(200, 1);
  assert.equal(l.interval, 200 * 0.98 * 0.98, "the 20th");
});

Deno.test("latency: one slow answer among fast ones moves the smoothed latency a fifth of the way; a second ends the slow start", async () => {
  const { l, ok } = clocked(1, 16);
  await ok(10, 3); // best 10 ms, smoothed 10: holds (the rise begins above 1.5 × 10 + 2 = 17)
  assert.equal(l.max, 4, "slow start: one slot per success");
  await ok(40); // smoothed 0.8 × 10 + 0.2 × 40 = 16: holds
  assert.equal(l.max, 5);
  await ok(40); // smoothed 0.8 × 16 + 0.2 × 40 = 20.8: risen, the slow start ends
  assert.equal(l.max, 5);
  await ok(10); // 0.8 × 20.8 + 2 = 18.64: still risen
  await ok(10, 4); // 16.9…: holds, and now one slot per 5 successes in a row, not one per success
  assert.equal(l.max, 5);
  await ok(10);
  assert.equal(l.max, 6);
});

Deno.test("latency: a steady latency, however long, holds; the best single latency is the yardstick", async () => {
  const { l, ok } = clocked(1, 16);
  await ok(1000, 5);
  assert.equal(l.max, 6, "slow start goes on at 1 s a task");
  await ok(1510); // smoothed 0.8 × 1000 + 0.2 × 1510 = 1102 <= 1502: holds
  assert.equal(l.max, 7);
});

Deno.test("latency has risen above 1.5 × the best + 2 ms, not at it: 16.5 and 17 ms hold, 17.5 ms ends the slow start", async () => {
  for (const [slow, after] of [[42.5, 5], [45, 5], [47.5, 4]]) {
    const { l, ok } = clocked(1, 16);
    await ok(10, 3); // best 10 ms: the line is 1.5 × 10 + 2 = 17 ms
    await ok(slow); // smoothed 0.8 × 10 + 0.2 × slow: 16.5, 17 or 17.5
    assert.equal(l.max, after, `a ${slow} ms answer`);
  }
});

Deno.test("a latency rise restarts the run of successes that earns the next slot", async () => {
  const { l, ok } = clocked(4, 16);
  await ok(10); // best 10 ms
  l.throttle(0); // slow start over: 2 slots, one more per 2 successes in a row
  await ok(10, 2);
  assert.equal(l.max, 3);
  await ok(10, 2); // 2 of the 3 the next slot needs
  await ok(100); // smoothed 0.8 × 10 + 0.2 × 100 = 28 ms: risen, the run restarts
  await ok(10, 4); // 24.4, 21.5, 19.2, 17.4 ms: still risen
  await ok(10); // 15.9 ms: holds, 1 in a row
  assert.equal(l.max, 3);
  await ok(10, 2);
  assert.equal(l.max, 4, "3 in a row");
});

Deno.test("a paced request starts when the pace allows, while the one before it is still in flight", async () => {
  const { clock, l, ok } = clocked(4);
  l.throttle(0, true); // t = 1000: an episode begins
  await ok(10); // t = 1010: one success
  l.throttle(5, true); // a new episode: 10 ms apart from now on; every request held until 1015
  assert.equal(l.interval, 10);
  let release!: () => void;
  const slow = l.run(() => {
    clock.t += 10; // the clock reaches the next start while this one is on the wire
    return new Promise<void>((r) => release = r);
  });
  const next = l.run(() => Promise.resolve());
  clock.t = 1015; // the pause is over on the clock: its timer starts `slow`, and `next` waits out the pace
  // Should `next` wait for `slow` instead, this lets `slow` finish first (timers fire in deadline order).
  const fallback = setTimeout(() => release(), 2_000);
  await next;
  assert.equal(l.active, 1, "`next` started and settled while `slow` was in flight");
  clearTimeout(fallback);
  release();
  await slow;
});

Deno.test("a sub-millisecond pace is a pace too: kept between starts and probed like any other", async () => {
  const { clock, l, ok } = clocked(4);
  l.throttle(0, true);
  await ok(0, 2);
  clock.t += 1;
  l.throttle(0, true); // 1 ms over 2 successes
  assert.equal(l.interval, 0.5);
  await ok(0.5, 10);
  assert.equal(l.interval, 0.5 * 0.98, "probed after the 10th");
  const order: string[] = [];
  const first = l.run(() => Promise.resolve(void order.push("first")));
  const second = l.run(() => Promise.resolve(void order.push("second")));
  assert.equal(l.active, 1, "the second is held until the pace has passed on the clock");
  await first;
  assert.deepEqual(order, ["first"]);
  clock.t += 1;
  await second;
  assert.deepEqual(order, ["first", "second"]);
  l.throttle(10, true); // t = 1007, 6 ms into the episode: the same one, held until 1017
  const [a, b] = ["a", "b"].map((name) => l.run(() => Promise.resolve(void order.push(name))));
  clock.t = 1017; // the pause's timer starts `a`; `b` is still a pace behind it
  await a;
  assert.deepEqual(order.slice(2), ["a"]);
  clock.t += 1;
  await b;
  assert.deepEqual(order.slice(2), ["a", "b"]);
});

Deno.test("FIFO: a request arriving the moment a pause ends starts after those the pause held", async () => {
  const { clock, l } = clocked(4);
  l.throttle(5, true); // t = 1000: held until 1005
  const order: string[] = [];
  const held = l.run(() => Promise.resolve(void order.push("held")));
  assert.equal(l.active, 0, "held by the pause");
  clock.t = 1005; // exactly the end of the pause
  const late = l.run(() => Promise.resolve(void order.push("late")));
  await Promise.all([held, late]);
  assert.deepEqual(order, ["held", "late"]);
  await new Promise((r) => setTimeout(r, 20)); // the pause's own timer fires (and finds nothing to do)
});

Deno.test({
  name: "a pause with nothing waiting sets no timer, so a finished script exits at once",
  sanitizeOps: true, // fails the test on a timer left running (not on by default in this Deno)
  fn: async () => {
    const { l } = clocked(4);
    let release!: () => void;
    const inFlight = l.run(() => new Promise<void>((r) => release = r));
    l.throttle(2_000, true);
    release();
    await inFlight; // its slot is freed during the pause with nothing queued: no timer may be left running
    assert.equal(l.active, 0);
  },
});
