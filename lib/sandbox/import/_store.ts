/**
 * Private: the store an import writes — the sandbox's own schema (store/schema.ts), created on the first
 * import and reopened by the next, so a newer edition updates it in place — plus what every source
 * shares: organizations built from the names the sources use, the sources' record in `meta`, and the
 * finish (indexes, derived tables, counters, full-text indexes).
 *
 * Organizations: one node per normalised name (case, punctuation and legal-form words such as Inc, Ltd,
 * LLC, Corp dropped: "PFIZER INC" and "Pfizer" are one node), at the spec's `UNRESOLVED` level — no ROR,
 * no LEI, no parent: the public files name organizations but do not resolve them.
 *
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { DERIVED_FILL_SQL, FTS_TABLES, splitDdl } from "../store/schema.ts";
import { RID_ORDER, ridFollowsTrialId } from "../store/_rid_order.ts";
import { orgKey } from "../../client/names.ts";

export { orgKey };

/** The `meta.data_source` of an imported store. */
export const IMPORTED = "imported-public-data";

/** What an import records about one source (in `meta.sources`, by source id). */
export interface SourceRecord {
  /** Publisher's name of the data set. */
  readonly name: string;
  /** The name readers see beside the edition (older stores lack it). */
  readonly short?: string;
  /** The file or folder imported (base name only). */
  readonly file: string;
  /** The edition: a date or year the files carry, or the file's modification day. */
  readonly edition: string;
  /** When it was imported (ISO timestamp). */
  readonly importedAt: string;
  /** Rows (records) imported. */
  readonly rows: number;
}

const isUpper = (s: string) => s === s.toUpperCase() && /[A-Z]/.test(s);

/** The open import store. */
export class ImportStore {
  readonly db: DatabaseSync;
  readonly #orgs = new Map<string, string>();
  #org?: ReturnType<DatabaseSync["prepare"]>;
  #rename?: ReturnType<DatabaseSync["prepare"]>;
  #name?: ReturnType<DatabaseSync["prepare"]>;
  #find?: ReturnType<DatabaseSync["prepare"]>;

  /** True when this import created the store (it is removed again when the import fails). */
  readonly fresh: boolean = true;

  /** Open (or create) the store file at `path`. */
  constructor(readonly path: string) {
    let fresh = true;
    try {
      fresh = Deno.statSync(path).size === 0;
    } catch { /* new */ }
    this.fresh = fresh;
    this.db = new DatabaseSync(path);
    // A rollback journal, not WAL: the import is one transaction (see `transaction`), and a WAL holding a
    // transaction of gigabytes makes every page read search it (SQLite's walFindFrame, once per 4,096
    // frames): PatentsView at the published size spent 46 % of its CPU there, its indexes and linking step
    // ever slower. SQLite's own advice (wal.html): a rollback journal for transactions over ~100 MB.
    this.db.exec("PRAGMA journal_mode = DELETE; PRAGMA synchronous = OFF; PRAGMA cache_size = -262144");
    if (fresh) (this.db.exec(splitDdl().tables), this.setMeta("data_source", IMPORTED));
    else if (this.meta("data_source") !== IMPORTED) {
      this.db.close();
      throw new RangeError(
        `--store ${path} is not an imported store (it holds ${this.meta("data_source") ?? "no"} data); ` +
          "name a new file or one an earlier import wrote",
      );
    }
  }

  /** A value of `meta`. */
  meta(key: string): string | undefined {
    try {
      return (this.db.prepare("SELECT value FROM meta WHERE key = ?").get(key) as
        | { value?: string }
        | undefined)
        ?.value;
    } catch {
      return undefined;
    }
  }

  /** Set a value of `meta`. */
  setMeta(key: string, value: string): void {
    this.db.prepare(
      "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
    )
      .run(key, value);
  }

  /** The organization id of a name as a source spells it (created at the UNRESOLVED level when new). */
  org(name: string): { id: string; name: string } {
    const raw = name.trim().replace(/\s+/g, " ");
    const key = orgKey(raw);
    const id = `organizations/${key}`;
    const known = this.#orgs.get(key);
    if (known !== undefined) {
      // Prefer a name as a company writes it ("Pfizer") to an all-capitals listing ("PFIZER INC").
      if (isUpper(known) && !isUpper(raw)) {
        (this.#rename ??= this.db.prepare("UPDATE organizations SET name = ? WHERE id = ?")).run(raw, id);
        this.#orgs.set(key, raw);
      }
      return { id, name: this.#orgs.get(key)! };
    }
    const row = (this.#find ??= this.db.prepare("SELECT name FROM organizations WHERE id = ?")).get(id) as
      | { name: string }
      | undefined;
    if (row) {
      this.#orgs.set(key, row.name);
      return this.org(raw);
    }
    this.name(id, raw, "mention");
    (this.#org ??= this.db.prepare(
      `INSERT INTO organizations (id, key, name, hierarchy_level, is_entity, org_type, is_industry, ultimate_parent_id,
         depth) VALUES (?, ?, ?, 'UNRESOLVED', 0, 'mention', 0, ?, 0)`,
    )).run(id, key, raw, id);
    this.#orgs.set(key, raw);
    return { id, name: raw };
  }

  /** Record another name of an organization (its key then finds it). */
  name(orgId: string, name: string, source: string): void {
    (this.#name ??= this.db.prepare(
      "INSERT OR IGNORE INTO org_names (org_id, key, name, source) VALUES (?, ?, ?, ?)",
    ))
      .run(orgId, orgKey(name), name, source);
  }

  /** Record `alias` (a short form a source gives beside the full name) as a name of `of`'s organization. */
  alias(alias: string, of: string): void {
    const raw = alias.trim().replace(/\s+/g, " ");
    if (raw && orgKey(raw) !== orgKey(of)) this.name(this.org(of).id, raw, "alias");
  }

  /** Record a source (replacing its earlier record). */
  recordSource(id: string, record: SourceRecord): void {
    const all = JSON.parse(this.meta("sources") ?? "{}") as Record<string, SourceRecord>;
    all[id] = record;
    this.setMeta("sources", JSON.stringify(all));
  }

  /** The sources recorded so far. */
  sources(): Record<string, SourceRecord> {
    return JSON.parse(this.meta("sources") ?? "{}");
  }

  /**
   * Finish: indexes (created once, after the first bulk load), derived tables, counters, the family
   * closure of every organization (itself), full-text indexes and `meta`; then checkpoint and close.
   */
  finish(today: string): void {
    const { db } = this;
    db.exec("SAVEPOINT finish");
    try {
      db.exec(
        splitDdl().indexes.replace(/^CREATE (UNIQUE INDEX|INDEX|TRIGGER) /gm, "CREATE $1 IF NOT EXISTS "),
      );
      db.exec("DELETE FROM trial_filter");
      db.exec(DERIVED_FILL_SQL);
      // A sponsor's name is its organization's (which may have changed to a better spelling since).
      db.exec(`UPDATE trial_sponsors SET sponsor_name = (SELECT name FROM organizations o WHERE o.id = org_id)
        WHERE sponsor_name != (SELECT name FROM organizations o WHERE o.id = org_id)`);
      db.exec(
        "INSERT OR IGNORE INTO org_closure (ancestor_id, descendant_id, hops) SELECT id, id, 0 FROM organizations",
      );
      db.exec(`UPDATE organizations SET
        trial_count = (SELECT count(*) FROM trial_sponsors s WHERE s.org_id = organizations.id),
        approval_count = (SELECT count(*) FROM approval_sponsors a WHERE a.org_id = organizations.id)`);
      for (const fts of FTS_TABLES) db.exec(`INSERT INTO ${fts}(${fts}) VALUES('rebuild')`);
      this.setMeta("data_source", IMPORTED);
      this.setMeta("today", today);
      this.setMeta("patent_year_counts", "1");
      db.prepare("DELETE FROM meta WHERE key = ?").run(RID_ORDER.key);
      if (ridFollowsTrialId(db)) this.setMeta(RID_ORDER.key, RID_ORDER.value);
      db.exec("RELEASE finish");
    } catch (e) {
      db.exec("ROLLBACK TO finish; RELEASE finish");
      throw e;
    }
  }

  /**
   * Run a whole import as one transaction: every source and the finish are written together or not at
   * all, so a file that fails halfway (a truncated zip, a bad line) leaves the store as it was — and a
   * store this import created is removed.
   */
  async transaction<T>(work: () => Promise<T>): Promise<T> {
    this.db.exec("BEGIN IMMEDIATE");
    try {
      const out = await work();
      this.db.exec("COMMIT");
      return out;
    } catch (e) {
      if (this.db.isOpen) this.db.exec("ROLLBACK");
      if (this.fresh) {
        this.close();
        for (const p of [this.path, `${this.path}-journal`, `${this.path}-wal`, `${this.path}-shm`]) {
          try {
            Deno.removeSync(p);
          } catch { /* gone */ }
        }
      }
      throw e;
    }
  }

  /** Close the database. */
  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}

/**
 * Run `fn` in batches of `size` calls per savepoint (inside {@linkcode ImportStore.transaction} the whole
 * import commits once; on its own each batch commits).
 */
export function batched<T>(db: DatabaseSync, size: number, fn: (item: T) => void): {
  add(item: T): void;
  done(): void;
} {
  let n = 0;
  return {
    add(item) {
      if (n === 0) db.exec("SAVEPOINT batch");
      fn(item);
      if (++n >= size) (db.exec("RELEASE batch"), n = 0);
    },
    done() {
      if (n > 0) db.exec("RELEASE batch");
      n = 0;
    },
  };
}
