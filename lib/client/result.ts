/**
 * What every client call returns: rows or a body, plus where it came from and what to watch out for.
 *
 * This is the contract between the client, lib/frames and lib/analyses.
 *
 * @module
 */

/** A non-fatal finding about a result: a silent trap of the interface that this result may have hit. */
export interface Warning {
  /** Stable code, e.g. `maybe-unresolved`, `capped`, `not-evidence-of-absence`, `breakdown-unavailable`. */
  readonly code: string;
  /** What it means and what to do. */
  readonly message: string;
  /** PITFALLS.md row, when one applies. */
  readonly pitfall?: number;
}

/** Where a result came from. */
export interface Provenance {
  /** Catalogue name, e.g. `trials.search`. */
  readonly endpoint: string;
  /** HTTP method. */
  readonly method: "GET" | "POST";
  /** Path with path parameters filled in. */
  readonly path: string;
  /** Parameters as sent (after normalisation), never including the API key. */
  readonly params: Readonly<Record<string, unknown>>;
  /** The server's exact total when the endpoint documents one, else null. */
  readonly total: number | null;
  /** Rows in this result. */
  readonly rows: number;
  /** Pages fetched for this result. */
  readonly pages: number;
  /** When the (oldest) response was fetched. */
  readonly fetchedAt: Date;
  /** True when any page came from the on-disk cache. */
  readonly fromCache: boolean;
  /** Age of the oldest cached page, in ms (0 when fresh). */
  readonly cacheAgeMs: number;
  /** True when every row the server has for this query is here. */
  readonly complete: boolean;
  /** The sort the service applied, where it can differ from the one asked for (PITFALLS 2). */
  readonly appliedSort?: string;
  /** Findings that a plain HTTP client would have missed. */
  readonly warnings: readonly Warning[];
}

/** Result of a list endpoint (one page or all pages). */
export interface RowsResult<Row> {
  /** The rows. */
  readonly rows: Row[];
  /** Exact server total (null when the endpoint has none). */
  readonly total: number | null;
  /** Provenance and warnings. */
  readonly meta: Provenance;
  /** The last response body, parsed (for fields beside the rows, e.g. `data.breakdown`). */
  readonly body: unknown;
}

/** Result of a non-list endpoint. */
export interface BodyResult<Body> {
  /** The parsed response body. */
  readonly body: Body;
  /** Provenance and warnings. */
  readonly meta: Provenance;
}

/** Progress of a (multi-page) pull, for bars in terminals and notebooks. */
export interface Progress {
  /** Catalogue name. */
  readonly endpoint: string;
  /** Pages done so far. */
  readonly pagesDone: number;
  /** Pages in all, once known. */
  readonly pagesTotal?: number;
  /** Rows done so far. */
  readonly rowsDone: number;
  /** Rows in all, once known. */
  readonly rowsTotal?: number;
}
