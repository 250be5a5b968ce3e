/**
 * Private: what the grant importers (NIH ExPORTER, CORDIS) share — one grant written into the store's
 * grant tables (`grants`, `grant_organizations`, `grant_topics`, `topics`), keyed by the source's own
 * project id so a re-import replaces the grant's row, organizations and topics; the header reading
 * (by name, case- and punctuation-insensitively, with the publishers' known variants); dates and
 * amounts as the publishers write them.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { batched, type ImportStore } from "./_store.ts";
import { splitDdl } from "../store/schema.ts";

/**
 * Create the schema's indexes `names` now (a fresh store gets its indexes only at the finish): an importer
 * that replaces a record's rows one record at a time (`DELETE … WHERE grant_id = ?`) needs them, or each
 * delete scans the whole table. The same definitions as the schema's, so the finish finds them made.
 */
export function ensureIndexes(db: DatabaseSync, ...names: string[]): void {
  for (const line of splitDdl().indexes.split("\n")) {
    const name = /^CREATE (?:UNIQUE )?INDEX (\w+) /.exec(line)?.[1];
    if (name && names.includes(name)) {
      db.exec(line.replace(/^CREATE (UNIQUE INDEX|INDEX) /, "CREATE $1 IF NOT EXISTS "));
    }
  }
}

/** One grant as an importer read it. */
export interface GrantRecord {
  /** The source's project id (NIH application id, CORDIS project id). */
  readonly id: string;
  /** Project title. */
  readonly title: string;
  /** Abstract / objective (may be empty; NIH's abstracts come from a separate file). */
  readonly abstract: string;
  /** `NIH` or `CORDIS`. */
  readonly source: "NIH" | "CORDIS";
  /** Funding amount in `currency` (0 when the source publishes none). */
  readonly amount: number;
  /** ISO 4217 currency of `amount`. */
  readonly currency: "USD" | "EUR";
  /** YYYY-MM-DD or "" when the source gives none. */
  readonly start: string;
  /** YYYY-MM-DD or "". */
  readonly end: string;
  /** When the source last updated the record (YYYY-MM-DD…). */
  readonly updated: string;
  /** Lead organizations, in the source's order. */
  readonly lead: readonly string[];
  /** Partner organizations, in the source's order. */
  readonly partners: readonly string[];
  /** Topics: the stored topic id, the name and what kind of topic it is (the `field` column). */
  readonly topics: readonly { readonly id: string; readonly name: string; readonly kind: string }[];
}

/** A writer of grants (batched savepoints inside the import's transaction). */
export function grantWriter(store: ImportStore): { put(g: GrantRecord): void; done(): number } {
  const { db } = store;
  const hasCurrency = db.prepare("SELECT name FROM pragma_table_info('grants') WHERE name = 'currency'")
    .get();
  // A store imported before grants had a currency: add the column (its rows were all USD).
  if (!hasCurrency) db.exec("ALTER TABLE grants ADD COLUMN currency TEXT NOT NULL DEFAULT 'USD'");
  ensureIndexes(db, "grant_organizations_pk", "grant_topics_pk");
  const insG = db.prepare(
    `INSERT INTO grants (grant_id, title, abstract, source, funding_amount, start_date, end_date, updated_at, currency)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(grant_id) DO UPDATE SET title = excluded.title,
       abstract = CASE WHEN excluded.abstract != '' THEN excluded.abstract ELSE grants.abstract END,
       source = excluded.source, funding_amount = excluded.funding_amount, start_date = excluded.start_date,
       end_date = excluded.end_date, updated_at = excluded.updated_at, currency = excluded.currency`,
  );
  const delO = db.prepare("DELETE FROM grant_organizations WHERE grant_id = ?");
  const delT = db.prepare("DELETE FROM grant_topics WHERE grant_id = ?");
  const insO = db.prepare(
    "INSERT INTO grant_organizations (grant_id, position, role, name, org_id) VALUES (?, ?, ?, ?, ?)",
  );
  const insTopic = db.prepare(
    "INSERT OR IGNORE INTO topics (topic_id, name, subfield, field, domain) VALUES (?, ?, '', ?, '')",
  );
  const insGT = db.prepare("INSERT OR IGNORE INTO grant_topics (grant_id, topic_id) VALUES (?, ?)");
  const known = new Set<string>();
  let rows = 0;
  const tx = batched<GrantRecord>(db, 2000, (g) => {
    insG.run(g.id, g.title, g.abstract, g.source, g.amount, g.start, g.end, g.updated, g.currency);
    delO.run(g.id);
    delT.run(g.id);
    let pos = 0;
    const seen = new Set<string>();
    for (const [role, names] of [["organization", g.lead], ["partner", g.partners]] as const) {
      for (const name of names) {
        const org = store.org(name);
        if (seen.has(`${role} ${org.id}`)) continue;
        seen.add(`${role} ${org.id}`);
        insO.run(g.id, pos++, role, name, org.id);
      }
    }
    for (const t of g.topics) {
      if (!known.has(t.id)) (insTopic.run(t.id, t.name, t.kind), known.add(t.id));
      insGT.run(g.id, t.id);
    }
    rows++;
  });
  return {
    put: (g) => tx.add(g),
    done: () => (tx.done(), rows),
  };
}

/** A header cell's key: lower case, letters and digits only (`PI_NAMEs` → `pinames`). */
export const headKey = (s: string): string =>
  s.replace(/^\uFEFF/, "").toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * The columns of a header, found by name: `want` maps a field to its accepted header names (any
 * spelling: compared by {@link headKey}). Returns each field's index (-1 when absent).
 */
export function columnsOf<K extends string>(
  header: readonly string[],
  want: Readonly<Record<K, readonly string[]>>,
): Record<K, number> {
  const at = new Map(header.map((h, i) => [headKey(h), i] as const));
  const out = {} as Record<K, number>;
  for (const k of Object.keys(want) as K[]) {
    out[k] = want[k].map((n) => at.get(headKey(n))).find((i) => i !== undefined) ?? -1;
  }
  return out;
}

/** `6/28/2022`, `2022-06-28`, `2022-06-28T00:00:00`, `2022-06-28 14:20:11` → `2022-06-28`; else "". */
export function isoDate(s: string | undefined): string {
  const t = (s ?? "").trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(t);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: .*)?$/.exec(t);
  if (m) return `${m[3]}-${m[1].padStart(2, "0")}-${m[2].padStart(2, "0")}`;
  return "";
}

/**
 * An amount as published: `1000000`, `1,000,000.50`, or CORDIS's decimal comma `1499843,75`
 * (a comma followed by one or two final digits is the decimal separator). undefined when empty;
 * NaN when not a number.
 */
export function amount(s: string | undefined): number | undefined {
  let t = (s ?? "").replace(/[\s$€]/g, "");
  if (t === "") return undefined;
  if (/^-?\d+(,\d{1,2})$/.test(t)) t = t.replace(",", ".");
  else t = t.replace(/,/g, "");
  return Number(t);
}

/** HTML entities ExPORTER writes in text (`&apos;`, `&amp;`, `&#39;` …) decoded. */
export function unescapeHtml(s: string): string {
  if (!s.includes("&")) return s;
  return s.replace(/&(apos|quot|amp|lt|gt|#\d+|#x[0-9a-f]+);/gi, (m, e: string) => {
    const k = e.toLowerCase();
    if (k === "apos") return "'";
    if (k === "quot") return '"';
    if (k === "amp") return "&";
    if (k === "lt") return "<";
    if (k === "gt") return ">";
    const n = k.startsWith("#x") ? parseInt(k.slice(2), 16) : parseInt(k.slice(1), 10);
    return Number.isFinite(n) ? String.fromCodePoint(n) : m;
  });
}
