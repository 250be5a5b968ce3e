/**
 * Private: a counting semaphore shared by every request of one client, so auto-pagination, parallel
 * calls and retries together never exceed the client's `concurrency`.
 *
 * @module
 */

/** A FIFO concurrency limiter. */
export class Limiter {
  #active = 0;
  readonly #queue: (() => void)[] = [];

  /** Create a limiter admitting `max` tasks at once. */
  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) {
      throw new RangeError(`concurrency must be a whole number >= 1, got ${max}`);
    }
  }

  /** Run `task` when a slot is free; the slot is released when it settles. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#active >= this.max) await new Promise<void>((resolve) => this.#queue.push(resolve));
    else this.#active++;
    try {
      return await task();
    } finally {
      const next = this.#queue.shift();
      if (next) next();
      else this.#active--;
    }
  }
}
