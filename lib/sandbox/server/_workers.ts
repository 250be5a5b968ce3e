/**
 * Private: the sandbox's pool of read workers, so concurrent requests no longer queue on one thread.
 * The main thread routes, authenticates, counts quotas and rate limits, validates and injects faults
 * (everything that writes or must be consistent); each worker holds its own read-only connection to the
 * store file (WAL) and runs the handlers. Requests go to the least busy worker.
 *
 * @module
 */
import { SandboxError, type Tenant } from "../handler.ts";

/** The first message to a worker. */
export interface WorkerInit {
  readonly kind: "init";
  /** The store file. */
  readonly path: string;
  /** The response profile. */
  readonly profile: string;
}

/** Switch a worker to another store file (the private copy made before a write). */
export interface WorkerReopen {
  readonly kind: "reopen";
  readonly path: string;
}

/** One request for a worker. */
export interface WorkerJob {
  readonly kind: "job";
  readonly id: number;
  readonly endpoint: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly given: readonly string[];
  readonly query: string;
  readonly tenant: Tenant;
  readonly now: number;
  /** The store's reference day now (it moves when the sandbox advances). */
  readonly today: string;
}

/** A worker's answer: the JSON text, a sandbox error, or an unexpected failure. */
export interface WorkerAnswer {
  readonly kind: "answer";
  readonly id: number;
  readonly body?: string;
  readonly error?: {
    status: number;
    code: string;
    message: string;
    parameter?: string;
    input?: string;
    value?: unknown;
    retryAfterSeconds?: number;
  };
  readonly failure?: string;
}

/** The pool. */
export interface WorkerPool {
  /** Run a job; resolves with the JSON body text, or rejects with a SandboxError or Error. */
  run(job: Omit<WorkerJob, "kind" | "id">): Promise<string>;
  /** Point every worker at another store file; resolves once all have reopened (jobs sent before finish first). */
  reopen(path: string): Promise<void>;
  /** Stop every worker. */
  close(): void;
  /** Workers in the pool. */
  readonly size: number;
}

/** Start `size` workers over the store file at `path`. */
export async function startPool(size: number, init: Omit<WorkerInit, "kind">): Promise<WorkerPool> {
  const url = new URL("./_worker.ts", import.meta.url).href;
  const pending = new Map<number, { resolve: (s: string) => void; reject: (e: Error) => void }>();
  const busy: number[] = [];
  const reopened: (() => void)[] = [];
  const workers = await Promise.all(Array.from({ length: size }, async (_, i) => {
    const w = new Worker(url, { type: "module" });
    busy[i] = 0;
    await new Promise<void>((resolve, reject) => {
      w.onmessage = () => resolve();
      w.onerror = (e) => {
        e.preventDefault();
        reject(new Error(`sandbox worker failed to start: ${e.message}`));
      };
      w.postMessage({ kind: "init", ...init } satisfies WorkerInit);
    });
    w.onmessage = (e: MessageEvent<WorkerAnswer | { kind: "reopened" }>) => {
      if (e.data.kind === "reopened") return reopened[i]?.();
      const a = e.data;
      busy[i]--;
      const p = pending.get(a.id);
      if (!p) return;
      pending.delete(a.id);
      if (a.body !== undefined) p.resolve(a.body);
      else if (a.error) {
        const { status, code, message, parameter, input, value, retryAfterSeconds } = a.error;
        const err = new SandboxError(status, code, message, {
          ...(parameter === undefined ? {} : { parameter }),
          ...(input === undefined ? {} : { input }),
        });
        if (value !== undefined) (err as { value?: unknown }).value = value;
        if (retryAfterSeconds !== undefined) {
          (err as { retryAfterSeconds?: number }).retryAfterSeconds = retryAfterSeconds;
        }
        p.reject(err);
      } else p.reject(new Error(a.failure ?? "sandbox worker failed"));
    };
    return w;
  }));
  let next = 0;
  return {
    size,
    run(job) {
      const id = next++;
      let pick = 0;
      for (let i = 1; i < workers.length; i++) if (busy[i] < busy[pick]) pick = i;
      busy[pick]++;
      return new Promise<string>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        workers[pick].postMessage({ kind: "job", id, ...job } satisfies WorkerJob);
      });
    },
    async reopen(path) {
      await Promise.all(workers.map((w, i) =>
        new Promise<void>((resolve) => {
          reopened[i] = resolve;
          w.postMessage({ kind: "reopen", path } satisfies WorkerReopen);
        })
      ));
    },
    close() {
      for (const w of workers) w.terminate();
      for (const p of pending.values()) p.reject(new Error("sandbox closed"));
      pending.clear();
    },
  };
}
