/**
 * Private: the concurrency limiter shared by every request of one client, so auto-pagination,
 * parallel calls and retries together never exceed the client's pace.
 *
 * Adaptive (the default), it finds its own pace (AIMD with a slow start, as TCP does): it starts at
 * `concurrency` and, until the first throttle or latency rise, adds one slot per success (the slots double
 * per round trip); after that it adds one slot after each `max` successes in a row while latency holds (the
 * smoothed latency stays within 1.5× the best seen); never above the cap; on a rate limit or an overloaded service (429, 503) it pauses every new
 * request until the server's Retry-After has passed, so one throttle is not met by a burst of further
 * requests, and halves its slots unless the server said when to come back. Fixed, it is a plain FIFO semaphore of `concurrency` slots.
 *
 * Definitions (adaptive; times on one monotonic clock, in ms):
 * - A rate-limit episode begins with a throttle that comes more than its own wait after the episode's
 *   first one; a throttle within that wait (inclusive) is the same refusal (requests already in flight)
 *   and neither restarts the count nor teaches a pace.
 * - The learnt pace (least ms between request starts): when a rate limit with a server-said wait begins
 *   a new episode, the time since the last episode began over the successes since then (at least 1); it
 *   only ever rises from a rate limit.
 * - The probe: after every 10th success since the episode began, a paced client starts 2 % faster.
 * - Latency: the smoothed latency is the first task's latency, then moves 1/5 of the way to each new one
 *   (0.8 × smoothed + 0.2 × new); it has risen when it is above 1.5 × the best single latency + 2 ms.
 *
 * @module
 */

/** Options of a {@link Limiter}. */
export interface LimiterOptions {
  /** Find the pace (AIMD) instead of a fixed number of slots. @default true */
  readonly adaptive?: boolean;
  /** The most slots adaptive pacing may open. @default max(16, concurrency) */
  readonly max?: number;
  /** Private, for tests: the clock in ms. @default performance.now */
  readonly now?: () => number;
}

/** A FIFO concurrency limiter, fixed or adaptive. */
export class Limiter {
  #active = 0;
  #limit: number;
  #pausedUntil = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #streak = 0;
  /** Slow start: one slot per success until the first throttle or latency rise. */
  #slowStart = true;
  #best = Infinity;
  #smooth = 0;
  /** Pacing: least ms between request starts, learnt from rate limits (0 = unpaced). */
  #interval = 0;
  #nextStart = 0;
  /** When the current rate-limit episode began (undefined: none yet). */
  #lastThrottle: number | undefined;
  #sinceThrottle = 0;
  readonly #queue: (() => void)[] = [];
  readonly #now: () => number;
  /** Whether the pace adapts. */
  readonly adaptive: boolean;
  /** The most slots it may open. */
  readonly cap: number;

  /** Create a limiter admitting `start` tasks at once (adaptive: to begin with). */
  constructor(readonly start: number, options: LimiterOptions = {}) {
    if (!Number.isInteger(start) || start < 1) {
      throw new RangeError(`concurrency must be a whole number >= 1, got ${start}`);
    }
    this.adaptive = options.adaptive ?? true;
    // A maxConcurrency below concurrency is refused, not raised to it: the caller asked for at most that many.
    const max = options.max ?? Math.max(16, start);
    if (this.adaptive && !(Number.isInteger(max) && max >= start)) {
      throw new RangeError(
        `maxConcurrency must be a whole number >= concurrency (${start}), got ${options.max}`,
      );
    }
    this.cap = this.adaptive ? max : start;
    this.#limit = start;
    this.#now = options.now ?? (() => performance.now());
  }

  /** Slots open now. */
  get max(): number {
    return this.#limit;
  }

  /** Least ms between request starts, learnt from rate limits (0 = unpaced). */
  get interval(): number {
    return this.#interval;
  }

  /** Requests in flight now. */
  get active(): number {
    return this.#active;
  }

  /** Run `task` when a slot is free and no pause is on; the slot is released when it settles. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    // A free slot with no queue starts at once, unless a pause or the learnt pace says to wait.
    if (this.#active < this.#limit && this.#readyIn() <= 0 && this.#queue.length === 0) {
      this.#admitOne();
    } else {
      const admitted = new Promise<void>((resolve) => this.#queue.push(resolve));
      this.#pump();
      await admitted;
    }
    const t0 = this.#now();
    let ok = false;
    try {
      const out = await task();
      ok = true;
      return out;
    } finally {
      this.#active--;
      if (ok) this.#succeeded(this.#now() - t0);
      this.#pump();
    }
  }

  /**
   * A rate limit or overload answer: hold every new request until `retryAfterMs` has passed and,
   * unless the server said when to come back (a rate limit is a pace, not too many in flight), halve
   * the slots.
   */
  throttle(retryAfterMs: number, serverSaidWhen = false): void {
    if (!this.adaptive) return;
    if (!serverSaidWhen) this.#limit = Math.max(1, Math.floor(this.#limit / 2));
    const now = this.#now();
    const last = this.#lastThrottle;
    if (last === undefined || now - last > retryAfterMs) {
      if (serverSaidWhen && last !== undefined) {
        // The server's pace: the requests it took since the episode began over the time since then.
        this.#interval = Math.max(this.#interval, (now - last) / Math.max(1, this.#sinceThrottle));
      }
      this.#lastThrottle = now;
      this.#sinceThrottle = 0;
    }
    this.#streak = 0;
    this.#slowStart = false;
    this.#pausedUntil = Math.max(this.#pausedUntil, now + retryAfterMs);
  }

  #succeeded(ms: number): void {
    if (!this.adaptive) return;
    this.#sinceThrottle++;
    // Probe a faster pace after each run of successes (additive increase of the rate).
    if (this.#interval > 0 && this.#sinceThrottle % 10 === 0) this.#interval *= 0.98;
    this.#best = Math.min(this.#best, ms);
    this.#smooth = this.#smooth === 0 ? ms : 0.8 * this.#smooth + 0.2 * ms;
    if (this.#smooth > 1.5 * this.#best + 2) {
      this.#streak = 0;
      this.#slowStart = false;
      return;
    }
    if (this.#slowStart) {
      if (this.#limit < this.cap) this.#limit++;
      return;
    }
    if (++this.#streak >= this.#limit && this.#limit < this.cap) {
      this.#limit++;
      this.#streak = 0;
    }
  }

  /** Ms until the next request may start (pause and pacing), 0 or less when it may start now. */
  #readyIn(): number {
    const now = this.#now();
    return Math.max(this.#pausedUntil, this.#nextStart) - now;
  }

  #admitOne(): void {
    this.#active++;
    if (this.#interval > 0) this.#nextStart = Math.max(this.#now(), this.#nextStart) + this.#interval;
  }

  #pump(): void {
    const wait = this.#readyIn();
    if (wait > 0) {
      if (this.#timer === undefined && this.#queue.length) {
        this.#timer = setTimeout(() => {
          this.#timer = undefined;
          this.#pump();
        }, wait);
      }
      return;
    }
    while (this.#active < this.#limit && this.#queue.length && this.#readyIn() <= 0) {
      this.#admitOne();
      this.#queue.shift()!();
    }
    if (this.#queue.length && this.#active < this.#limit) this.#pump(); // paced: wait for the next start
  }
}
