/**
 * Import public data into a sandbox store: FDA Orange Book data files, CMS Medicare Part D Spending by
 * Drug, ClinicalTrials.gov API v2 study JSON — each as published, from files the user downloaded (nothing
 * is fetched). The result is a store in the sandbox's own schema, served by `startSandbox({store: path})`
 * through the same endpoints; its `meta.sources` records every source's file, edition and row count.
 *
 * ```ts ignore
 * import { importPublicData } from "./mod.ts";
 * const r = await importPublicData({ store: "ri.db", orangeBook: "EOBZIP_2026_10.zip", partD: "partd.csv" });
 * console.log(r.sources);
 * ```
 *
 * @module
 */
import { ImportStore, type SourceRecord } from "./_store.ts";
import { importOrangeBook } from "./orange_book.ts";
import { importPartD } from "./part_d.ts";
import { importCtgov } from "./ctgov.ts";

export type { SourceRecord };
export { IMPORTED } from "./_store.ts";

/** The sources an import can read, their publishers' names and the endpoints they fill. */
export const SOURCES = {
  orange_book: {
    name: "FDA Orange Book (Approved Drug Products with Therapeutic Equivalence Evaluations)",
    flag: "--orange-book",
  },
  part_d: { name: "CMS Medicare Part D Spending by Drug", flag: "--part-d" },
  ctgov: { name: "ClinicalTrials.gov (API v2 study records)", flag: "--ctgov" },
} as const;

/** A source id. */
export type SourceId = keyof typeof SOURCES;

/** Options of {@link importPublicData}. */
export interface ImportOptions {
  /** The store file to create or update. */
  readonly store: string;
  /** Orange Book: a folder or zip with products.txt, patent.txt, exclusivity.txt. */
  readonly orangeBook?: string;
  /** Part D Spending by Drug CSV. */
  readonly partD?: string;
  /** ClinicalTrials.gov studies: a folder or zip of study JSON files, or NDJSON. */
  readonly ctgov?: string;
  /** The data's reference day (catalyst windows count from it). @default today (UTC) */
  readonly today?: string;
  /** Progress lines (one per source). */
  readonly log?: (line: string) => void;
}

/** What an import did. */
export interface ImportResult {
  /** Every source the store holds now (this import's and earlier ones'). */
  readonly sources: Readonly<Record<string, SourceRecord>>;
  /** Milliseconds per source, and `finish` (indexes, full-text, counters). */
  readonly timings: Readonly<Record<string, number>>;
}

const base = (p: string) => p.replace(/[\\/]+$/, "").split(/[\\/]/).pop() ?? p;

/** The edition a file's name states (`EOBZIP_2026_10.zip` → `2026-10`), else the day it was last modified. */
async function editionOf(path: string): Promise<string> {
  const m = /(?:^|[^\d])((?:19|20)\d{2})[_-](0[1-9]|1[0-2])(?:[_-](\d{2}))?(?!\d)/.exec(base(path));
  if (m) return m[3] ? `${m[1]}-${m[2]}-${m[3]}` : `${m[1]}-${m[2]}`;
  const s = await Deno.stat(path);
  return (s.mtime ?? new Date()).toISOString().slice(0, 10);
}

/**
 * Import the given sources into the store at `options.store` (created when missing; an imported store
 * is updated in place). Streams every file: memory stays bounded whatever its size.
 *
 * @param options The store and the source files.
 * @returns The sources the store holds and the time each step took.
 */
export async function importPublicData(options: ImportOptions): Promise<ImportResult> {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const log = options.log ?? (() => {});
  const store = new ImportStore(options.store);
  const timings: Record<string, number> = {};
  const importedAt = new Date().toISOString();
  const step = async (
    id: SourceId,
    path: string | undefined,
    run: (p: string) => Promise<[number, string]>,
  ) => {
    if (path === undefined) return;
    const t = performance.now();
    const [rows, edition] = await run(path);
    timings[id] = Math.round(performance.now() - t);
    store.recordSource(id, { name: SOURCES[id].name, file: base(path), edition, importedAt, rows });
    log(
      `${SOURCES[id].name}: ${rows.toLocaleString("en-US")} rows from ${base(path)} (edition ${edition}) ` +
        `in ${(timings[id] / 1000).toFixed(1)} s`,
    );
  };
  try {
    await step("orange_book", options.orangeBook, async (p) => {
      const r = await importOrangeBook(store, p);
      return [r.rows, await editionOf(p)];
    });
    await step("part_d", options.partD, async (p) => {
      const r = await importPartD(store, p);
      return [r.rows, String(r.year)];
    });
    await step("ctgov", options.ctgov, async (p) => {
      const r = await importCtgov(store, p);
      return [r.rows, r.latestUpdate ? `records updated to ${r.latestUpdate}` : await editionOf(p)];
    });
    const t = performance.now();
    store.finish(today);
    timings.finish = Math.round(performance.now() - t);
    return { sources: store.sources(), timings };
  } finally {
    store.close();
  }
}
