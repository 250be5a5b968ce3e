/**
 * Provenance of frames: where their rows came from (endpoint, params, server total, rows fetched,
 * fetch time, cache state, completeness, warnings). Polars frames cannot carry attributes through
 * operations, so provenance lives in a WeakMap keyed by the frame object: a frame built by
 * {@linkcode frameFromResult} knows its origin; a frame derived from it by Polars operations does not,
 * until {@linkcode withProvenance} attaches it again. Analyses return an {@linkcode AnalysisResult}
 * that carries the provenance of every call behind its frames.
 *
 * @module
 */
import pl from "nodejs-polars";
import type { Provenance, RowsResult, Warning } from "../client/result.ts";
import { emptyFromSchema, toFrame } from "./to_frame.ts";
import type { DataFrame } from "./polars.ts";

export type { Provenance, Warning } from "../client/result.ts";

const registry = new WeakMap<DataFrame, readonly Provenance[]>();

/**
 * Attach provenance to a frame (replacing any it had) and return the same frame.
 *
 * @param df The frame.
 * @param provenance One provenance record or several (a frame built from several calls).
 * @returns `df` itself, for chaining.
 */
export function withProvenance(
  df: DataFrame,
  provenance: Provenance | readonly Provenance[],
): DataFrame {
  registry.set(df, Array.isArray(provenance) ? [...provenance] : [provenance as Provenance]);
  return df;
}

/**
 * The provenance records of a frame (empty when the frame was not built from a client result, or was
 * derived by Polars operations without {@linkcode withProvenance}).
 *
 * @param df The frame.
 * @returns Its provenance records.
 */
export function provenanceOf(df: DataFrame): readonly Provenance[] {
  return registry.get(df) ?? [];
}

/**
 * A typed frame of a client list result's rows, with the result's provenance attached.
 *
 * @param result A `RowsResult` from the client (one page or `.all`).
 * @param resource Resource or endpoint name of the rows; defaults to `result.meta.endpoint`.
 * @returns The typed frame; `provenanceOf(frame)` gives `[result.meta]`.
 * @example Frame from a (hand-made) result
 * ```ts
 * import assert from "node:assert/strict";
 * import { frameFromResult, provenanceOf } from "./provenance.ts";
 * const meta = {
 *   endpoint: "trials.search", method: "GET" as const, path: "/api/v1/clinical-trials", params: {},
 *   total: 0, rows: 0, pages: 1, fetchedAt: new Date(), fromCache: false, cacheAgeMs: 0,
 *   complete: true, warnings: [],
 * };
 * const df = frameFromResult({ rows: [], total: 0, meta, body: {} });
 * assert.equal(df.height, 0);
 * assert.equal(provenanceOf(df)[0].endpoint, "trials.search");
 * ```
 */
export function frameFromResult(result: RowsResult<unknown>, resource?: string): DataFrame {
  const df = toFrame(resource ?? result.meta.endpoint, result.rows as Record<string, unknown>[]);
  return withProvenance(df, result.meta);
}

/** A warning of an analysis, with the call it came from. */
export interface AnalysisWarning extends Warning {
  /** Which call or input it concerns, e.g. `regulatory.catalysts {"ticker":"ABC"}`. */
  readonly source?: string;
}

/** What every analysis result carries beside its frames. */
export interface AnalysisMeta {
  /** Provenance of every client call behind the frames. */
  readonly provenance: readonly Provenance[];
  /** Findings to read before trusting the numbers (unresolved inputs, capped lists, …). */
  readonly warnings: readonly AnalysisWarning[];
  /** True when no call was capped or incomplete. */
  readonly complete: boolean;
  /** How derived columns are defined (column → definition), shown with the result. */
  readonly definitions?: Readonly<Record<string, string>>;
}

/** Named frames plus provenance, warnings and completeness; displays as HTML in Jupyter. */
export type AnalysisResult<F extends { readonly [K in keyof F]: DataFrame }> = F & AnalysisMeta;

/** One-line description of a call, for warning sources. */
export function describeCall(p: Pick<Provenance, "endpoint" | "params">): string {
  return `${p.endpoint} ${JSON.stringify(p.params)}`;
}

/**
 * Build an analysis result: frames, provenance, warnings (the calls' own plus the analysis's) and a
 * Jupyter display (warnings, provenance table, then each frame).
 *
 * @param frames Named output frames.
 * @param provenance Provenance of the calls made (empty for the pure cores).
 * @param warnings Analysis-level warnings, added after the calls' warnings.
 * @param complete Overrides completeness (default: every call complete).
 * @param definitions How derived columns are defined (column → definition).
 * @returns The result object.
 */
export function analysisResult<F extends { readonly [K in keyof F]: DataFrame }>(
  frames: F,
  provenance: readonly Provenance[] = [],
  warnings: readonly AnalysisWarning[] = [],
  complete?: boolean,
  definitions?: Readonly<Record<string, string>>,
): AnalysisResult<F> {
  // The same notice from many calls (a split pull, every page) is shown once, naming how many calls.
  const byText = new Map<string, { w: AnalysisWarning; n: number }>();
  for (const p of provenance) {
    for (const w of p.warnings) {
      const k = `${w.code}\u0000${w.message}`;
      const hit = byText.get(k);
      if (hit) hit.n++;
      else byText.set(k, { w: { ...w, source: describeCall(p) }, n: 1 });
    }
  }
  const callWarnings = [...byText.values()].map(({ w, n }) =>
    n === 1 ? w : { ...w, source: `${w.source} and ${n - 1} more call${n === 2 ? "" : "s"}` }
  );
  for (const df of Object.values(frames) as DataFrame[]) {
    if (typeof df === "object" && df !== null && !registry.has(df)) withProvenance(df, provenance);
  }
  const out = {
    ...frames,
    provenance,
    warnings: [...callWarnings, ...warnings],
    complete: complete ?? provenance.every((p) => p.complete),
    ...(definitions ? { definitions } : {}),
  } as AnalysisResult<F>;
  Object.defineProperty(out, Symbol.for("Jupyter.display"), {
    enumerable: false,
    value: () => ({ "text/html": analysisHtml(out, Object.keys(frames)) }),
  });
  return out;
}

/**
 * Provenance records as a DataFrame (one row per call), for display in notebooks.
 *
 * @param source A frame (its registered provenance), an analysis result, or provenance records.
 * @returns Columns endpoint, params (JSON), total, rows, pages, fetched_at, from_cache, cache_age_ms,
 *   complete, warnings (list[str]).
 */
export function provenanceFrame(
  source: DataFrame | AnalysisMeta | readonly Provenance[],
): DataFrame {
  const list: readonly Provenance[] = Array.isArray(source)
    ? source as readonly Provenance[]
    : "provenance" in source
    ? (source as AnalysisMeta).provenance
    : provenanceOf(source as DataFrame);
  const schema = {
    endpoint: pl.Utf8,
    params: pl.Utf8,
    total: pl.Int64,
    rows: pl.Int64,
    pages: pl.Int64,
    fetched_at: pl.Int64,
    from_cache: pl.Bool,
    cache_age_ms: pl.Int64,
    complete: pl.Bool,
    warnings: pl.List(pl.Utf8),
  };
  // No calls (a derived frame, a pure analysis): nodejs-polars cannot build an empty List column from
  // rows (STACK §2), hence the typed empty frame.
  if (!list.length) return emptyFromSchema({ ...schema, fetched_at: pl.Datetime("ms") });
  const col = <T>(f: (p: Provenance) => T) => list.map(f);
  return pl.DataFrame({
    endpoint: col((p) => p.endpoint),
    params: col((p) => JSON.stringify(p.params)),
    total: col((p) => p.total),
    rows: col((p) => p.rows),
    pages: col((p) => p.pages),
    fetched_at: col((p) => new Date(p.fetchedAt).getTime()),
    from_cache: col((p) => p.fromCache),
    cache_age_ms: col((p) => p.cacheAgeMs),
    complete: col((p) => p.complete),
    warnings: col((p) => p.warnings.map((w) => `${w.code}: ${w.message}`)),
  }, { schema }).withColumns(pl.col("fetched_at").cast(pl.Datetime("ms")));
}

const esc = (s: string): string =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

function frameHtml(df: DataFrame): string {
  // deno-lint-ignore no-explicit-any
  const show = (df as any)[Symbol.for("Jupyter.display")];
  const html = typeof show === "function" ? show.call(df)?.["text/html"] : undefined;
  return `<p><small>shape (${df.height}, ${df.width})</small></p>${html ?? `<pre>${esc(String(df))}</pre>`}`;
}

function analysisHtml(r: AnalysisMeta & Record<string, unknown>, names: string[]): string {
  const warn = r.warnings.map((w) =>
    `<li>⚠ ${esc(w.message)} <code>${esc(w.code)}</code>${
      w.source ? ` <small>${esc(w.source)}</small>` : ""
    }</li>`
  ).join("");
  const calls = r.provenance.map((p) =>
    `<li><code>${esc(describeCall(p))}</code> total ${p.total ?? "n/a"}, ${p.rows} rows, ${
      p.fromCache ? `cache (${Math.round(p.cacheAgeMs / 1000)} s old)` : "live"
    }${p.complete ? "" : ", <b>incomplete</b>"}</li>`
  ).join("");
  const defs = Object.entries(r.definitions ?? {}).map(([c, d]) =>
    `<li><code>${esc(c)}</code>: ${esc(d)}</li>`
  )
    .join("");
  const parts = [
    `<p><b>${r.complete ? "Complete" : "Incomplete"}</b> · ${r.provenance.length} calls</p>`,
    warn ? `<ul>${warn}</ul>` : "",
    defs ? `<p><small>Definitions</small></p><ul>${defs}</ul>` : "",
    calls ? `<details><summary>Provenance</summary><ul>${calls}</ul></details>` : "",
    ...names.map((n) => `<h4>${esc(n)}</h4>${frameHtml(r[n] as DataFrame)}`),
  ];
  return parts.join("\n");
}
