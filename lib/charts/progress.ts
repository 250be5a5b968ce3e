/**
 * A progress reporter for long paginated fetches, usable as a client `onProgress` callback. It adapts to
 * where it runs: a redrawn single line on a terminal, an updating HTML bar in a Jupyter notebook, one final
 * line in CI, and sparse lines when stderr is piped to a file.
 *
 * @module
 */

/** One progress report from a paginated fetch. */
export interface ProgressEvent {
  /** Pages fetched so far. */
  pagesDone: number;
  /** Total pages, when known. */
  pagesTotal?: number;
  /** Rows fetched so far. */
  rowsDone: number;
  /** Exact total rows, when known. */
  rowsTotal?: number;
  /** Endpoint being fetched. */
  endpoint: string;
}

/** A writable sink; `Deno.stderr` fits. */
export interface ProgressStream {
  /** Writes bytes synchronously. */
  writeSync(p: Uint8Array): number;
  /** Whether the sink is an interactive terminal. */
  isTerminal?(): boolean;
}

/** How the bar renders; `"auto"` picks from the environment. */
export type ProgressMode = "auto" | "tty" | "lines" | "ci" | "jupyter" | "quiet";

/** The part of `Deno.jupyter` the bar uses; injectable for tests. */
export interface JupyterApi {
  /** Sends a message on IOPub (`display_data`, `update_display_data`). */
  broadcast(type: string, content: Record<string, unknown>): Promise<void>;
}

/** Options for {@linkcode progressBar}. */
export interface ProgressOptions {
  /** Text before the bar. @default {"fetch"} */
  label?: string;
  /** Where to write. @default {Deno.stderr} */
  stream?: ProgressStream;
  /** Force a mode instead of detecting it. @default {"auto"} */
  mode?: ProgressMode;
  /** Minimum time between redraws on a terminal or in Jupyter. @default {100} */
  minIntervalMs?: number;
  /** Minimum time between lines when output is not a terminal (mode `"lines"`). @default {10000} */
  logIntervalMs?: number;
  /** Jupyter API for mode `"jupyter"`. @default {Deno.jupyter, when running in a kernel} */
  jupyter?: JupyterApi;
}

/** The callback returned by {@linkcode progressBar}; call `finish()` when totals were never known. */
export interface ProgressCallback {
  /** Reports progress. */
  (event: ProgressEvent): void;
  /** Prints the final state (idempotent; called automatically when the totals are reached). */
  finish(): void;
}

function envFlag(name: string): string | undefined {
  try {
    if (Deno.permissions.querySync({ name: "env", variable: name }).state !== "granted") return undefined;
    return Deno.env.get(name);
  } catch {
    return undefined;
  }
}

/** `Deno.jupyter` outside `deno jupyter` is a getter that throws, hence the try. */
function jupyterApi(): JupyterApi | undefined {
  try {
    const api = (Deno as unknown as { jupyter?: Partial<JupyterApi> }).jupyter;
    return typeof api?.broadcast === "function" ? api as JupyterApi : undefined;
  } catch {
    return undefined;
  }
}

function detectMode(stream: ProgressStream): ProgressMode {
  // A notebook shows its bar in the cell output even when the kernel runs under CI.
  if (jupyterApi() || envFlag("JPY_PARENT_PID")) return "jupyter";
  const ci = envFlag("CI");
  if (ci && ci !== "false" && ci !== "0") return "ci";
  return stream.isTerminal?.() ? "tty" : "lines";
}

const fmt = (n: number): string => n.toLocaleString("en-US");

/** Fraction done in [0, 1], from rows if known, else pages; undefined when no total is known. */
function fraction(e: ProgressEvent): number | undefined {
  if (e.rowsTotal !== undefined) return e.rowsTotal === 0 ? 1 : Math.min(1, e.rowsDone / e.rowsTotal);
  if (e.pagesTotal !== undefined) return e.pagesTotal === 0 ? 1 : Math.min(1, e.pagesDone / e.pagesTotal);
  return undefined;
}

function describe(label: string, e: ProgressEvent, elapsedMs: number): string {
  const f = fraction(e);
  const bar = f === undefined
    ? ""
    : `${"█".repeat(Math.round(f * 20)).padEnd(20, "░")} ${Math.floor(f * 100)}% `;
  const pages = `${fmt(e.pagesDone)}${e.pagesTotal !== undefined ? `/${fmt(e.pagesTotal)}` : ""} pages`;
  const rows = `${fmt(e.rowsDone)}${e.rowsTotal !== undefined ? `/${fmt(e.rowsTotal)}` : ""} rows`;
  return `${label} ${bar}${pages} · ${rows} · ${e.endpoint} · ${(elapsedMs / 1000).toFixed(1)} s`;
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function htmlBar(label: string, e: ProgressEvent, elapsedMs: number): string {
  const f = fraction(e);
  const value = f === undefined ? "" : ` value="${f.toFixed(3)}"`;
  return `<div style="font-family:system-ui,sans-serif;font-size:12px"><progress max="1"${value} ` +
    `style="width:240px;vertical-align:middle"></progress> ${
      escapeHtml(describe(label, e, elapsedMs))
    }</div>`;
}

let displayCounter = 0;

/**
 * Creates a progress callback for paginated fetches (`onProgress`).
 *
 * @param options Label, stream and mode.
 * @returns The callback, with a `finish()` method.
 * @example Report to a custom stream
 * ```ts
 * import { progressBar } from "./progress.ts";
 * import assert from "node:assert/strict";
 * const chunks: string[] = [];
 * const stream = { writeSync: (p: Uint8Array) => (chunks.push(new TextDecoder().decode(p)), p.length) };
 * const onProgress = progressBar({ label: "trials", stream, mode: "ci" });
 * onProgress({ pagesDone: 1, pagesTotal: 2, rowsDone: 100, rowsTotal: 150, endpoint: "trials.search" });
 * onProgress({ pagesDone: 2, pagesTotal: 2, rowsDone: 150, rowsTotal: 150, endpoint: "trials.search" });
 * assert.equal(chunks.length, 1);
 * assert.match(chunks[0], /trials .*100% 2\/2 pages · 150\/150 rows/);
 * ```
 */
export function progressBar(options: ProgressOptions = {}): ProgressCallback {
  const { label = "fetch", minIntervalMs = 100, logIntervalMs = 10_000 } = options;
  const stream = options.stream ?? Deno.stderr;
  const requested = !options.mode || options.mode === "auto" ? detectMode(stream) : options.mode;
  const jupyter = requested === "jupyter" ? options.jupyter ?? jupyterApi() : undefined;
  // In a kernel without the broadcast API, fall back to one final line.
  const mode: ProgressMode = requested === "jupyter" && !jupyter ? "ci" : requested;
  const encoder = new TextEncoder();
  const write = (s: string): void => void stream.writeSync(encoder.encode(s));
  const started = performance.now();
  const displayId = `ri-progress-${Date.now()}-${++displayCounter}`;
  let last: ProgressEvent | undefined;
  let lastDraw = -Infinity;
  let shown = false;
  let finished = false;

  const draw = (final: boolean): void => {
    if (!last) return;
    const now = performance.now();
    if (!final && now - lastDraw < (mode === "lines" ? logIntervalMs : minIntervalMs)) return;
    lastDraw = now;
    const text = describe(label, last, now - started);
    if (mode === "tty") write(`\r\x1b[K${text}${final ? "\n" : ""}`);
    else if (mode === "lines" || (mode === "ci" && final)) write(`${text}\n`);
    else if (mode === "jupyter" && jupyter) {
      const content = {
        data: { "text/html": htmlBar(label, last, now - started), "text/plain": text },
        metadata: {},
      };
      const type = shown ? "update_display_data" : "display_data";
      shown = true;
      try {
        // Typed as a Promise, but some kernels return nothing; never let a display failure break a fetch.
        Promise.resolve(jupyter.broadcast(type, { ...content, transient: { display_id: displayId } })).catch(
          () => {},
        );
      } catch { /* display is best effort */ }
    }
  };

  const callback = ((event: ProgressEvent): void => {
    if (finished) return;
    last = { ...event };
    const f = fraction(event);
    if (
      f !== undefined && f >= 1 && (event.pagesTotal === undefined || event.pagesDone >= event.pagesTotal)
    ) {
      callback.finish();
    } else draw(false);
  }) as ProgressCallback;
  callback.finish = (): void => {
    if (finished) return;
    finished = true;
    if (mode !== "quiet") draw(true);
  };
  return callback;
}
