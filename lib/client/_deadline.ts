/**
 * Private: the one deadline of a call (`timeout`), shared by its attempts, redirects and retry waits.
 *
 * @module
 */
import { type ErrorContext, TimeoutError } from "./errors.ts";

/**
 * The call's one deadline: it starts with the first attempt and covers every attempt, redirect and retry
 * wait, so "within N ms" in a {@link TimeoutError} is the whole call's time.
 */
export class Deadline {
  readonly #ctl = new AbortController();
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** When it passes (epoch ms; Infinity before the start). */
  #end = Infinity;
  /** Attempts started so far. */
  attempts = 0;
  /** A deadline of `ms` from the first attempt. */
  constructor(readonly ms: number) {}
  /** Start it (once); its signal aborts when it passes. */
  start(): AbortSignal {
    if (this.#timer === undefined) {
      this.#end = Date.now() + this.ms;
      this.#timer = setTimeout(() => this.#ctl.abort(), this.ms);
    }
    return this.#ctl.signal;
  }
  /** Ms left (Infinity before the start). */
  left(): number {
    return this.#end - Date.now();
  }
  /** Stop its timer. */
  clear(): void {
    clearTimeout(this.#timer);
  }
  /** The error when the deadline passes (or a retry's wait would pass it). */
  error(endpoint: string, ctx: ErrorContext, cause: Error): TimeoutError {
    const tries = `${this.attempts} attempt${this.attempts === 1 ? "" : "s"}`;
    return new TimeoutError(
      `No answer from ${endpoint} within ${this.ms} ms (the call's deadline, ${tries}); ` +
        `raise the timeout option or retry later`,
      { ...ctx, timeoutMs: this.ms, cause },
    );
  }
}
