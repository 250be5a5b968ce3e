/**
 * Private: the provenance shape shown above frames, and its rendering to text lines.
 *
 * @module
 */

/** A warning attached to a result: plain text, or the client's `{code, message}` object. */
export type ProvenanceWarning = string | {
  readonly code: string;
  readonly message: string;
  readonly pitfall?: number;
};

/**
 * A warning as a reader reads it: its sentence, nothing else. The code (`horizon-beyond-reach`) stays in
 * the structured warning (`result.warnings[i].code`, the MCP answer's JSON) for programs that filter on it.
 */
export function warningText(w: ProvenanceWarning): string {
  return typeof w === "string" ? w : w.message;
}

/**
 * Where a frame's rows came from; every field is optional and shown when present. The client's result
 * `meta` fits this shape.
 */
export interface DisplayProvenance {
  /** Endpoint name, e.g. `"trials.search"`. */
  readonly endpoint?: string;
  /** Path with path parameters filled in. */
  readonly path?: string;
  /** Query parameters used (never the API key). */
  readonly params?: Readonly<Record<string, unknown>>;
  /** Exact total reported by the server (null when the endpoint has none). */
  readonly total?: number | null;
  /** Rows actually fetched. */
  readonly rows?: number;
  /** Pages fetched. */
  readonly pages?: number;
  /** When the data was fetched (Date, ISO string or epoch ms). */
  readonly fetchedAt?: string | number | Date;
  /** Whether the rows came from the local cache. */
  readonly fromCache?: boolean;
  /** Age of the cached entry in milliseconds. */
  readonly cacheAgeMs?: number;
  /** False when rows the server has for this query are missing; shown as a warning. */
  readonly complete?: boolean;
  /** The sort the service applied, when it may differ from the one asked for. */
  readonly appliedSort?: string;
  /** Guard warnings (silent-trap detections); shown highlighted. */
  readonly warnings?: readonly ProvenanceWarning[];
}

const fmt = (n: number): string => n.toLocaleString("en-US");

function formatAge(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 7_200_000) return `${Math.round(ms / 60_000)} min`;
  return `${(ms / 3_600_000).toFixed(1)} h`;
}

/** Provenance as plain lines: first a summary, then one line per warning (prefixed with ⚠). */
export function provenanceLines(p: DisplayProvenance): { summary: string; warnings: string[] } {
  const bits: string[] = [];
  if (p.endpoint) bits.push(p.endpoint);
  else if (p.path) bits.push(p.path);
  if (p.params && Object.keys(p.params).length) bits.push(JSON.stringify(p.params));
  if (p.total != null) bits.push(`total ${fmt(p.total)}`);
  if (p.rows !== undefined) {
    bits.push(`fetched ${fmt(p.rows)} rows${p.pages ? ` in ${fmt(p.pages)} pages` : ""}`);
  }
  if (p.appliedSort) bits.push(`sorted by ${p.appliedSort}`);
  if (p.fetchedAt !== undefined) {
    bits.push(`at ${new Date(p.fetchedAt).toISOString().replace(/\.\d+Z$/, "Z")}`);
  }
  if (p.fromCache !== undefined) {
    bits.push(
      p.fromCache
        ? `from cache${p.cacheAgeMs !== undefined ? ` (age ${formatAge(p.cacheAgeMs)})` : ""}`
        : "live",
    );
  }
  const warnings = (p.warnings ?? []).map(warningText);
  if (p.complete === false) {
    warnings.unshift("Incomplete: the server has more rows for this query than were fetched");
  }
  return { summary: bits.join(" · "), warnings };
}
