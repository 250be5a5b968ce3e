/**
 * Private: where a sandbox's answers come from. A generated store answers `x-data-source:
 * synthetic-sandbox` (set by the pipeline); an imported store (`deno task import`) answers with its sources
 * — `x-data-source: imported; orange_book=<file>@<edition>; …` — and, on a route whose data none of the
 * imported sources provides (patents, grants, researchers, biology, financials, or a source not imported),
 * `x-data-missing` naming what is missing and the source that would provide it. The answer itself is the
 * route's ordinary answer over empty tables (no rows), so clients need no change.
 *
 * @module
 */
import { flagOf, type SourceId } from "../import/sources.ts";
import type { DatabaseSync } from "node:sqlite";
import { metaValue } from "../store/_open.ts";

/** An imported source as the store records it (`meta.sources`). */
export interface ImportedSource {
  /** The public source's name. */
  readonly name: string;
  /** Its name for readers ("FDA Orange Book"); stores imported before it was recorded lack it. */
  readonly short?: string;
  /** The file imported. */
  readonly file: string;
  /** The source's edition (release) imported. */
  readonly edition: string;
  /** When it was imported (ISO date-time). */
  readonly importedAt: string;
  /** Rows imported from it. */
  readonly rows: number;
}

/** Where a sandbox's data comes from. */
export interface DataSource {
  /** `synthetic` (the seeded generator) or `imported` (public files). */
  readonly kind: "synthetic" | "imported";
  /** The imported sources by id (`orange_book`, `part_d`, `ctgov`); empty for synthetic data. */
  readonly sources: Readonly<Record<string, ImportedSource>>;
  /** One line for people: "synthetic sandbox data" or the sources with their editions. */
  readonly label: string;
}

/**
 * Route prefixes → the source that provides their data (null: no public source the import reads; a list:
 * each provides a part, and the ones not imported are named).
 */
const COVERAGE: readonly [RegExp, string | readonly string[] | null, string][] = [
  [/^\/api\/v1\/(clinical-trials|tools\/clinical\/)/, "ctgov", "trials"],
  [/^\/api\/v1\/(diseases\/|analysis\/disease-landscape)/, "ctgov", "diseases"],
  [/^\/api\/v1\/(regulatory|tools\/regulatory\/)/, "orange_book", "approvals"],
  [/^\/api\/v1\/medicare-drugs/, "part_d", "Medicare drugs"],
  [/^\/api\/v1\/patents/, "patentsview", "patents"],
  [/^\/api\/v1\/grants/, ["nih_exporter", "cordis"], "grants"],
  [/^\/api\/v1\/researchers\//, "openalex", "researchers and works"],
  [/^\/api\/v1\/tools\/biology\//, "open_targets", "biology (targets, associations, molecules)"],
  [/^\/api\/v1\/tools\/financials\//, ["sec_tickers", "gleif"], "financial identifiers"],
];

/** The data source of a store (from its `meta`). */
export function dataSourceOf(db: DatabaseSync): DataSource {
  const kind = metaValue(db, "data_source");
  if (kind === undefined || kind === "synthetic-sandbox") {
    return { kind: "synthetic", sources: {}, label: "synthetic sandbox data" };
  }
  const sources = JSON.parse(metaValue(db, "sources") ?? "{}") as Record<string, ImportedSource>;
  const label = Object.values(sources).map((s) => `${s.short ?? s.name} ${s.edition} (${s.file})`).join("; ");
  return { kind: "imported", sources, label: label || "imported store with no sources" };
}

/** The provenance headers of an answer on `path` from an imported store (none for synthetic data). */
export function provenanceHeaders(source: DataSource, path: string): Record<string, string> {
  if (source.kind === "synthetic") return {};
  const ascii = (s: string) => s.replace(/[^\x20-\x7e]/g, "?").replace(/[;=]/g, "_");
  const out: Record<string, string> = {
    "x-data-source": [
      "imported",
      ...Object.entries(source.sources).map(([id, s]) => `${id}=${ascii(s.file)}@${ascii(s.edition)}`),
    ].join("; "),
  };
  const hit = COVERAGE.find(([re]) => re.test(path));
  if (hit) {
    const [, need, what] = hit;
    if (need === null) out["x-data-missing"] = `${what}: no public source is imported for them`;
    else {
      const missing = (typeof need === "string" ? [need] : need).filter((n) => !source.sources[n]);
      if (missing.length) {
        const how = missing.map((n) => `deno task import -- ${flagOf(n as SourceId)} <file>`).join("; ");
        const which = missing.length === 1
          ? `the ${missing[0]} source was`
          : `the ${missing.join(" and ")} sources were`;
        out["x-data-missing"] = `${what}: ${which} not imported (${how})`;
      }
    }
  }
  // Header values are bytes: anything outside printable ASCII becomes "?".
  for (const k of Object.keys(out)) out[k] = out[k].replace(/[^\x20-\x7e]/g, "?");
  return out;
}
