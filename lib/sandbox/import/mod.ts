/**
 * Import public data into a sandbox store: the sources of {@link SOURCES} (FDA Orange Book, CMS Medicare
 * Part D, ClinicalTrials.gov, …) — each as published, from files the user downloaded (nothing is fetched),
 * then linked across sources by name (lib/sandbox/import/link.ts). The result is a store in the sandbox's own schema, served by `startSandbox({store: path})`
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
import { flagOf, SOURCE_IDS, type SourceId, type SourceOption, SOURCES, type SourceSpec } from "./sources.ts";
import { linkImported } from "./link.ts";
import { RUNNERS } from "./runners.ts";

export type { SourceId, SourceOption, SourceRecord, SourceSpec };
export { flagOf, SOURCE_IDS, SOURCES };
export { IMPORTED } from "./_store.ts";

/** Options of {@link importPublicData}: the store, then one path per source given (see {@link SOURCES}). */
export type ImportOptions =
  & {
    /** The store file to create or update. */
    readonly store: string;
    /** The data's reference day (catalyst windows count from it). @default today (UTC) */
    readonly today?: string;
    /** Progress lines (one per source, one for linking). */
    readonly log?: (line: string) => void;
  }
  & { readonly [K in SourceOption]?: string };

/** What an import did. */
export interface ImportResult {
  /** Every source the store holds now (this import's and earlier ones'). */
  readonly sources: Readonly<Record<string, SourceRecord>>;
  /** Milliseconds per source, `link` (names across sources) and `finish` (indexes, full-text, counters). */
  readonly timings: Readonly<Record<string, number>>;
}

const base = (p: string) => p.replace(/[\\/]+$/, "").split(/[\\/]/).pop() ?? p;

/**
 * Import the given sources into the store at `options.store` (created when missing; an imported store
 * is updated in place), then link names across sources (lib/sandbox/import/link.ts). Streams every
 * file: memory stays bounded whatever its size. The whole import is one transaction: a file that fails
 * (naming the file and line) leaves the store as it was.
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
  try {
    return await store.transaction(async () => {
      for (const id of SOURCE_IDS) {
        const spec: SourceSpec = SOURCES[id];
        const path = (options as Record<string, unknown>)[spec.option];
        if (typeof path !== "string") continue;
        const t = performance.now();
        const { rows, edition } = await RUNNERS[id](store, path);
        timings[id] = Math.round(performance.now() - t);
        store.recordSource(id, {
          name: spec.name,
          short: spec.short,
          file: base(path),
          edition,
          importedAt,
          rows,
        });
        log(
          `${spec.name}: ${rows.toLocaleString("en-US")} rows from ${base(path)} (edition ${edition}) ` +
            `in ${(timings[id] / 1000).toFixed(1)} s`,
        );
      }
      let t = performance.now();
      for (const line of linkImported(store)) log(line);
      timings.link = Math.round(performance.now() - t);
      t = performance.now();
      store.finish(today);
      timings.finish = Math.round(performance.now() - t);
      return { sources: store.sources(), timings };
    });
  } finally {
    store.close();
  }
}
