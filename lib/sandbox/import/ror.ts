/**
 * The ROR data dump (Research Organization Registry; schema v2: one JSON array of organization records,
 * the `…-ror-data.json` / `…_schema_v2.json` file in ROR's zip) → the registry's staging tables, which the
 * linking step (link_orgs.ts) matches the sources' organizations against:
 *
 * - `ror_orgs`: one row per record — the bare 9-character id (`https://ror.org/02yn1nr06` → `02yn1nr06`),
 *   the `ror_display` name, `status` (active / inactive / withdrawn), `types` (comma-separated: company,
 *   education, healthcare, government, facility, funder, nonprofit, archive, other), the country of its first
 *   location, the year established and the GRID, ISNI, Wikidata and FundRef ids (preferred, else the first);
 * - `ror_names`: every name by its organization keys ({@linkcode nameKeys}: orgKey of lib/client/names.ts,
 *   with and without a trailing parenthesis such as the country in "Pfizer (United States)") with its kind —
 *   the best of `ror_display`, `label`, `alias`, `acronym` when two names share a key;
 * - `ror_links`: `relationships` — parent, child, related, predecessor, successor.
 *
 * The dump is hundreds of MB: its array is streamed element by element (jsonArraySink), one record in
 * memory at a time. Fields are read by name; a record without an `id` or `names` is refused, naming the
 * file and line. Schema v1 files (the plain `.json` of a v1.x release, whose v2 twin is
 * `…_schema_v2.json`) are skipped; a dump holding only v1 records is refused.
 *
 * The edition is the release the file name states (`v1.55-2024-10-31-ror-data…` → `v1.55-2024-10-31`),
 * else the latest `admin.last_modified.date` of the records. A dump is a snapshot: a re-import replaces
 * the staging tables whole.
 *
 * @module
 */
import { batched, type ImportStore, orgKey } from "./_store.ts";
import { fileError, jsonArraySink, readSource, wholeSink } from "./_read.ts";

/** The staging tables of the ROR dump (created by the import; read by the linking step). */
export const ROR_DDL = `
CREATE TABLE IF NOT EXISTS ror_orgs (ror_id TEXT PRIMARY KEY, name TEXT NOT NULL, status TEXT NOT NULL,
  types TEXT NOT NULL, country TEXT, established INTEGER, grid TEXT, isni TEXT, wikidata TEXT, fundref TEXT,
  last_modified TEXT) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS ror_names (key TEXT NOT NULL, ror_id TEXT NOT NULL, name TEXT NOT NULL,
  kind TEXT NOT NULL, lang TEXT, PRIMARY KEY (key, ror_id)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS ror_links (ror_id TEXT NOT NULL, type TEXT NOT NULL, other_id TEXT NOT NULL,
  label TEXT, PRIMARY KEY (ror_id, type, other_id)) WITHOUT ROWID;
`;

const NAME_RANK = ["ror_display", "label", "alias", "acronym"];
const ID = /^0[a-z0-9]{6}[0-9]{2}$/;

/**
 * The keys a name is matched by: its orgKey, and the orgKey without a trailing parenthesis (ROR names
 * companies with their country, "Pfizer (United States)"; trial registries add acronyms, "National Cancer
 * Institute (NCI)").
 */
export function nameKeys(name: string): string[] {
  const keys = [orgKey(name)];
  const bare = name.replace(/\s*\([^()]*\)\s*$/, "");
  if (bare && bare !== name) {
    const k = orgKey(bare);
    if (k !== "unnamed" && !keys.includes(k)) keys.push(k);
  }
  return keys;
}

/** `https://ror.org/02yn1nr06` (or the bare id) → `02yn1nr06`; undefined when it is not a ROR id. */
export function bareRorId(id: unknown): string | undefined {
  if (typeof id !== "string") return undefined;
  const bare = id.trim().replace(/^https?:\/\/ror\.org\//i, "").toLowerCase();
  return ID.test(bare) ? bare : undefined;
}

// deno-lint-ignore no-explicit-any
type Json = any;

/** Import the ROR dump at `path` (the JSON file, a folder or ROR's zip). */
export async function importRor(
  store: ImportStore,
  path: string,
): Promise<{ rows: number; edition: string }> {
  const { db } = store;
  db.exec(ROR_DDL);
  db.exec("DELETE FROM ror_orgs; DELETE FROM ror_names; DELETE FROM ror_links;");
  db.exec("DROP INDEX IF EXISTS ror_names_id");
  const org = db.prepare(
    `INSERT INTO ror_orgs (ror_id, name, status, types, country, established, grid, isni, wikidata, fundref,
       last_modified) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(ror_id) DO UPDATE SET name = excluded.name, status = excluded.status, types = excluded.types,
       country = excluded.country, established = excluded.established, grid = excluded.grid, isni = excluded.isni,
       wikidata = excluded.wikidata, fundref = excluded.fundref, last_modified = excluded.last_modified`,
  );
  const name = db.prepare(
    "INSERT OR IGNORE INTO ror_names (key, ror_id, name, kind, lang) VALUES (?, ?, ?, ?, ?)",
  );
  const link = db.prepare(
    "INSERT OR IGNORE INTO ror_links (ror_id, type, other_id, label) VALUES (?, ?, ?, ?)",
  );
  let rows = 0, v1 = 0, latest = "", release = "";
  const tx = batched<Json>(db, 2000, (r) => {
    const id = bareRorId(r.id)!;
    const names = (r.names as Json[]).filter((n) => typeof n?.value === "string" && n.value.trim())
      .map((n) => {
        const types: string[] = Array.isArray(n.types) ? n.types : [];
        const rank = Math.min(...types.map((t) => NAME_RANK.indexOf(t)).filter((x) => x >= 0), 9);
        return { value: n.value.trim() as string, rank, lang: typeof n.lang === "string" ? n.lang : null };
      })
      .sort((a, b) => a.rank - b.rank);
    const display = names.find((n) => n.rank === 0) ?? names[0];
    const ext = (type: string): string | null => {
      const e = ((r.external_ids ?? []) as Json[]).find((x) => String(x?.type).toLowerCase() === type);
      const v = e?.preferred ?? (Array.isArray(e?.all) ? e.all[0] : null);
      return typeof v === "string" ? v : null;
    };
    const loc = ((r.locations ?? []) as Json[])[0]?.geonames_details;
    const modified = typeof r.admin?.last_modified?.date === "string" ? r.admin.last_modified.date : null;
    if (modified && modified > latest) latest = modified;
    org.run(
      id,
      display?.value ?? id,
      String(r.status ?? "active").toLowerCase(),
      ((r.types ?? []) as unknown[]).filter((t) => typeof t === "string").map((t) => String(t).toLowerCase())
        .join(","),
      typeof loc?.country_code === "string" ? loc.country_code.toUpperCase() : null,
      Number.isInteger(r.established) ? r.established : null,
      ext("grid"),
      ext("isni"),
      ext("wikidata"),
      ext("fundref"),
      modified,
    );
    for (const n of names) {
      for (const k of nameKeys(n.value)) name.run(k, id, n.value, NAME_RANK[n.rank] ?? "other", n.lang);
    }
    for (const rel of (r.relationships ?? []) as Json[]) {
      const other = bareRorId(rel?.id);
      if (other && typeof rel.type === "string") {
        link.run(id, rel.type.toLowerCase(), other, typeof rel.label === "string" ? rel.label : null);
      }
    }
    rows++;
  });
  const expected = "a ROR schema v2 record (an object with id and names)";
  await readSource(path, (file) => {
    const base = file.split("/").pop() ?? file;
    const lower = base.toLowerCase();
    if (!lower.endsWith(".json")) return undefined;
    // A v1.x release ships its schema v1 records as the plain .json beside the `_schema_v2.json`.
    if (/^v1\.[^/]*-ror-data\.json$/.test(lower) || lower.endsWith("_schema_v1.json")) return undefined;
    const m = /(v\d+(?:\.\d+)+)-(\d{4}-\d{2}-\d{2})-ror-data/i.exec(base);
    if (m && `${m[1]}-${m[2]}` > release) release = `${m[1]}-${m[2]}`;
    const record = (r: Json, line: number | undefined) => {
      if (typeof r !== "object" || r === null || Array.isArray(r)) {
        throw fileError("--ror", file, line, JSON.stringify(r) ?? String(r), expected);
      }
      if (!Array.isArray(r.names) && typeof r.name === "string") return void v1++;
      if (!bareRorId(r.id) || !Array.isArray(r.names)) {
        throw fileError("--ror", file, line, JSON.stringify(r), expected);
      }
      tx.add(r);
    };
    // ROR's records repository (ror-community/ror-records) publishes one record per file, `<ror id>.json`.
    if (/^0[a-z0-9]{6}\d{2}\.json$/.test(lower)) {
      return wholeSink((text) => {
        let r: Json;
        try {
          r = JSON.parse(text);
        } catch {
          throw fileError("--ror", file, undefined, text.trim(), expected);
        }
        record(r, undefined);
      });
    }
    return jsonArraySink((r: Json, at) => record(r, at.line), {
      field: "items",
      error: (found, line, what) => fileError("--ror", file, line, found, what),
    });
  });
  tx.done();
  db.exec("CREATE INDEX IF NOT EXISTS ror_names_id ON ror_names(ror_id)");
  if (rows === 0) {
    throw new RangeError(
      `--ror: no ROR schema v2 record in ${path}${v1 ? ` (${v1} schema v1 records skipped)` : ""}; ` +
        "give the ROR data dump's JSON (…-ror-data.json of a v2 release, or …_schema_v2.json) or ROR's zip",
    );
  }
  return { rows, edition: release || latest || "undated" };
}
