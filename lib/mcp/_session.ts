/**
 * Private: one MCP session's results. Each analysis run gets a handle (`r1`, `r2`, …); its frames stay
 * here, whole, as SQL tables `<handle>_<frame>` (`r1_matrix`), with the report section behind its
 * summary and charts. Oldest results are dropped past a cap, so a long session cannot grow without end.
 *
 * @module
 */
import type { ReportSection } from "../report/html.ts";
import { NotInSessionError } from "./_errors.ts";
import type { DataFrame } from "../frames/polars.ts";

/** One analysis run kept in the session. */
export interface StoredResult {
  /** `r1`, `r2`, … */
  readonly handle: string;
  /** The tool that made it. */
  readonly tool: string;
  /** Frames by the analysis's names (`matrix`, `byPhase`). */
  readonly frames: Readonly<Record<string, { table: string; df: DataFrame }>>;
  /** The report section: summary, charts, warnings. */
  readonly section: ReportSection;
}

const snake = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();

/** Results of one session. */
export class Session {
  readonly #results = new Map<string, StoredResult>();
  #next = 1;
  /** Results kept at most (the oldest goes first). */
  readonly maxResults: number;

  /** Create an empty session keeping at most `maxResults` results. */
  constructor(maxResults = 20) {
    this.maxResults = maxResults;
  }

  /** Keep a result; returns it with its handle and table names. */
  add(tool: string, frames: Record<string, DataFrame>, section: ReportSection): StoredResult {
    const handle = `r${this.#next++}`;
    const stored: StoredResult = {
      handle,
      tool,
      section,
      frames: Object.fromEntries(
        Object.entries(frames).map(([name, df]) => [name, { table: `${handle}_${snake(name)}`, df }]),
      ),
    };
    this.#results.set(handle, stored);
    for (const old of this.#results.keys()) {
      if (this.#results.size <= this.maxResults) break;
      this.#results.delete(old);
    }
    return stored;
  }

  /** The result of a handle; a typed error naming the handles kept when it is not there. */
  get(handle: string): StoredResult {
    const hit = this.#results.get(handle.trim());
    if (hit) return hit;
    throw this.missing(`handle '${handle.slice(0, 20)}'`);
  }

  /**
   * The error for a handle or table this session does not hold: where handles live, what this session
   * holds, and how to get the rows in one call.
   */
  missing(what: string): Error {
    const kept = [...this.#results.keys()];
    return new NotInSessionError(
      `${what} is not in this session: a handle and its tables live only in the MCP session whose analysis ` +
        `made them (a client that opens a session per call, such as the Inspector's --cli, keeps none), and ` +
        (kept.length ? `this session holds ${kept.join(", ")}` : "this session holds no results yet") +
        `. To get the rows in one call, call the analysis tool in this session: its answer gives each ` +
        `frame's first rows and size, and a handle whose tables query_frames reads in the same session`,
    );
  }

  /** Every table of the session: name → frame. */
  tables(): Map<string, DataFrame> {
    const out = new Map<string, DataFrame>();
    for (const r of this.#results.values()) {
      for (const f of Object.values(r.frames)) out.set(f.table, f.df);
    }
    return out;
  }

  /** Results, oldest first. */
  results(): StoredResult[] {
    return [...this.#results.values()];
  }
}
