/**
 * PatentsView bulk download tables (USPTO granted patents; tab-separated `.tsv` with a header row and
 * double-quoted cells, each table usually its own zip: `g_patent.tsv.zip`, …) → the store's patents, CPC
 * classifications (with descriptions), assignees (linked to the organizations trials and approvals use),
 * inventors and citations. Give a folder holding the tables (plain or zipped), one zip of them, or a single
 * table file.
 *
 * Tables read (columns by header name; a table without a column the import needs is refused, naming it):
 * - `g_patent` (required): `patent_id`, `patent_date`, `patent_title`, `wipo_kind`, optional
 *   `patent_abstract` (older editions), `withdrawn`, `patent_type`.
 * - `g_application` (required): `patent_id`, `filing_date` → the application date.
 * - `g_patent_abstract` (newer editions ship abstracts apart): `patent_id`, `patent_abstract`.
 * - `g_foreign_priority` (optional): `patent_id`, `filing_date` → the priority date is the earliest of the
 *   filing date and the foreign priority claims' dates (without the table: the filing date).
 * - `g_cpc_title` (optional; file names vary, any name with `cpc` and `title`): `cpc_group`,
 *   `cpc_group_title`, and where present `cpc_subclass(_title)`, `cpc_class(_title)` → CPC descriptions.
 * - `g_cpc_current`: `patent_id`, `cpc_group` (`A61K31/4439`), optional `cpc_sequence` → classifications.
 * - `g_assignee_disambiguated`: `patent_id`, `disambig_assignee_organization`, optional
 *   `assignee_sequence`, individuals' `disambig_assignee_individual_name_first`/`_last`. The raw assignee
 *   is the disambiguated name as PatentsView spells it; an organization's name goes through `store.org`
 *   (the shared normaliser), so "PFIZER INC." on a patent, "Pfizer" on a trial and "PFIZER INC" on an
 *   approval are one organization. Individuals stay raw names (no organization).
 * - `g_inventor_disambiguated`: `patent_id`, `disambig_inventor_name_first`, `disambig_inventor_name_last`,
 *   optional `inventor_sequence`.
 * - `g_us_patent_citation`: `patent_id`, `citation_patent_id`, optional `citation_sequence`, `wipo_kind`
 *   → patent citations and each cited patent's citation count (`cited_by`, within the imported patents).
 * - `g_other_reference` (optional): `patent_id`, `other_reference_text` → non-patent citations.
 * - Pre-grant publications, where given: `pg_published_application` (`pgpub_id`, `published_date`,
 *   `filing_date`, `application_title`, `application_abstract`, `wipo_kind`), `pg_published_application_abstract`,
 *   `pg_cpc_current` (else `pg_cpc_at_issue`), `pg_assignee_disambiguated`, `pg_inventor_disambiguated`, keyed by
 *   `pgpub_id` instead of `patent_id`: records `US<pgpub_id><kind>` (`US20240345678A1`), `PENDING`, published on
 *   `published_date`; `pg_granted_pgpubs_crosswalk` (`pgpub_id`, `patent_id`) makes a publication and its grant
 *   one family (`family_members`).
 *
 * Records: `patent_id` is the publication number `US<patent_id><wipo_kind>` (`US10000000B2`,
 * `USD800000S`); dates are `YYYYMMDD`; `country` `US`; `legal_status` `WITHDRAWN` when PatentsView flags
 * it, `EXPIRED` when the statutory term has run by the edition's date (utility, plant and reissue: 20
 * years from filing; design: 15 years from grant — no term adjustments or fee lapses, which PatentsView
 * does not carry), else `ACTIVE`; `family_id` is the patent's own (PatentsView has no family table, so
 * `family_members` is empty); `last_updated` the grant day (epoch ms).
 *
 * The edition is the latest grant date the data holds ("grants to 2024-09-24"; with publications also
 * "publications to …"). A re-import replaces the
 * patents (the source's own ids; PatentsView is the only patent source an import reads). Loading runs with
 * the secondary indexes dropped and creates them once at the end; memory stays bounded (per-patent
 * state is a few typed arrays indexed by patent number).
 *
 * @module
 */
import { batched, type ImportStore } from "./_store.ts";
import { fileError, isZip, lineSink, readFile, readZip, type Sink } from "./_read.ts";
import { PATENTS_DDL } from "../store/schema_records.ts";
import { flushInserts, GEN_COLUMNS, inserter } from "../store/gen_context.ts";

const FLAG = "--patentsview";

/** The tables this import reads, in the order it reads them. */
const TABLES = [
  "g_patent",
  "g_patent_abstract",
  "g_application",
  "g_foreign_priority",
  "g_cpc_title",
  "g_cpc_current",
  "g_assignee_disambiguated",
  "g_inventor_disambiguated",
  "g_us_patent_citation",
  "g_other_reference",
  "pg_published_application",
  "pg_published_application_abstract",
  "pg_cpc_current",
  "pg_cpc_at_issue",
  "pg_assignee_disambiguated",
  "pg_inventor_disambiguated",
  "pg_granted_pgpubs_crosswalk",
] as const;

/**
 * Granted patents (`g_*` tables, keyed by `patent_id`) and pre-grant publications (`pg_*`, keyed by
 * `pgpub_id`): the same steps over each one's tables and columns.
 */
const FLAVORS = [
  {
    granted: true,
    id: "patent_id",
    patent: "g_patent",
    date: "patent_date",
    title: "patent_title",
    abstract: "patent_abstract",
    abstracts: "g_patent_abstract",
    cpc: ["g_cpc_current"],
    assignee: "g_assignee_disambiguated",
    inventor: "g_inventor_disambiguated",
  },
  {
    granted: false,
    id: "pgpub_id",
    patent: "pg_published_application",
    date: "published_date",
    title: "application_title",
    abstract: "application_abstract",
    abstracts: "pg_published_application_abstract",
    cpc: ["pg_cpc_current", "pg_cpc_at_issue"],
    assignee: "pg_assignee_disambiguated",
    inventor: "pg_inventor_disambiguated",
  },
] as const satisfies readonly {
  granted: boolean;
  id: string;
  patent: Table;
  date: string;
  title: string;
  abstract: string;
  abstracts: Table;
  cpc: readonly Table[];
  assignee: Table;
  inventor: Table;
}[];
type Flavor = (typeof FLAVORS)[number];
/** A PatentsView table this import reads. */
export type Table = (typeof TABLES)[number];

/** The table a file or zip entry holds, by its base name (`g_patent.tsv`, `g_patent.tsv.zip`, …). */
export function tableOf(name: string): Table | undefined {
  const base = (name.split(/[\\/]/).pop() ?? name).toLowerCase().replace(/(\.(tsv|txt|csv|zip))+$/, "");
  if ((TABLES as readonly string[]).includes(base)) return base as Table;
  if (/cpc/.test(base) && /title/.test(base)) return "g_cpc_title";
  return undefined;
}

/**
 * Split one tab-separated record; cells may be double-quoted (`""` inside is a quote, tabs and line
 * breaks inside are kept). Undefined when a quoted cell is still open at the end (it continues on the
 * next line).
 */
export function splitTsv(s: string): string[] | undefined {
  if (s.indexOf('"') < 0) return s.split("\t");
  const out: string[] = [];
  let i = 0;
  for (;;) {
    if (s.charCodeAt(i) === 34) {
      let v = "", j = i + 1;
      for (;;) {
        const q = s.indexOf('"', j);
        if (q < 0) return undefined;
        if (s.charCodeAt(q + 1) === 34) {
          (v += s.slice(j, q + 1), j = q + 2);
          continue;
        }
        (v += s.slice(j, q), i = q + 1);
        break;
      }
      const t = s.indexOf("\t", i);
      if (t < 0) return (out.push(v + s.slice(i)), out);
      (out.push(v + s.slice(i, t)), i = t + 1);
    } else {
      const t = s.indexOf("\t", i);
      if (t < 0) return (out.push(s.slice(i)), out);
      (out.push(s.slice(i, t)), i = t + 1);
    }
  }
}

/** A row of a table: a cell by column name ("" when the column is absent or the cell empty). */
type Get = (col: string) => string;

/**
 * A sink reading a PatentsView table by header: `need` are the columns it must have; `onRow` gets each
 * record with its first line's number.
 */
function tsvSink(file: string, need: readonly string[], onRow: (get: Get, line: number) => void): Sink {
  let cols: Map<string, number> | undefined;
  let pending: string | undefined, start = 0;
  let cells: string[] = [];
  const get: Get = (col) => {
    const v = cells[cols!.get(col) ?? -1];
    return v === undefined ? "" : v.trim();
  };
  const lines = lineSink((line, n) => {
    const text = pending === undefined ? line : `${pending}\n${line}`;
    if (pending === undefined) start = n;
    const split = splitTsv(text);
    if (split === undefined) {
      if (text.length > 4 << 20) {
        throw fileError(FLAG, file, start, text, "a tab-separated record (a quoted cell never closes)");
      }
      pending = text;
      return;
    }
    pending = undefined;
    if (split.length === 1 && split[0].trim() === "") return;
    if (!cols) {
      cols = new Map(split.map((c, i) => [c.replace(/^\uFEFF/, "").trim().toLowerCase(), i]));
      const missing = need.filter((c) => !cols!.has(c));
      if (missing.length) {
        throw new RangeError(
          `${FLAG}: ${file} has no ${missing.join(", ")} column (header: ${line.slice(0, 160)}); ` +
            "give PatentsView's bulk download tables as published (tab-separated, with their header row)",
        );
      }
      return;
    }
    cells = split;
    onRow(get, start);
  });
  return (chunk, final) => {
    lines(chunk, final);
    if (final && pending !== undefined) {
      throw fileError(FLAG, file, start, pending, "a complete record (the file ends inside a quoted cell)");
    }
  };
}

/** Where the tables are: plain or zipped files by table, and zips of several tables. */
interface Layout {
  files: Map<Table, { path: string; name: string; zipped: boolean }[]>;
  bundles: string[];
}

async function layoutOf(path: string): Promise<Layout> {
  const files = new Map<Table, { path: string; name: string; zipped: boolean }[]>();
  const bundles: string[] = [];
  const add = async (p: string, name: string) => {
    const zipped = await isZip(p);
    const t = tableOf(name);
    if (t) files.set(t, [...(files.get(t) ?? []), { path: p, name, zipped }]);
    else if (zipped) bundles.push(p);
  };
  const info = await Deno.stat(path);
  if (info.isDirectory) {
    const names: string[] = [];
    const walk = async (dir: string, rel: string) => {
      for await (const e of Deno.readDir(dir)) {
        if (e.isDirectory) await walk(`${dir}/${e.name}`, `${rel}${e.name}/`);
        else if (e.isFile) names.push(`${rel}${e.name}`);
      }
    };
    await walk(path, "");
    for (const n of names.sort()) await add(`${path}/${n}`, n);
  } else await add(path, path.split(/[\\/]/).pop()!);
  return { files, bundles };
}

/** Stream every file of `table` into a sink made for it (`make(file name)`); returns how many were read. */
async function readTable(layout: Layout, table: Table, make: (file: string) => Sink): Promise<number> {
  let n = 0;
  for (const f of layout.files.get(table) ?? []) {
    n++;
    if (!f.zipped) await readFile(f.path, make(f.name));
    else {
      let taken = false;
      await readZip(f.path, (entry) => {
        if (taken || entry.endsWith("/") || /(^|\/)(__MACOSX|\.)/.test(entry)) return undefined;
        taken = true;
        return make(`${f.name}:${entry}`);
      });
    }
  }
  for (const b of layout.bundles) {
    await readZip(
      b,
      (entry) => tableOf(entry) === table ? (n++, make(`${b.split(/[\\/]/).pop()}:${entry}`)) : undefined,
    );
  }
  return n;
}

// ---- patent numbers as integer row ids ----

/** Kind prefixes of US patent numbers: utility (none), design, plant, reissue, SIR, defensive, X. */
const PREFIXES = ["", "D", "PP", "RE", "H", "T", "X", "RX", "AI"];
const SPAN = 20_000_000;
/** Pre-grant publications (`2023` + 7 digits) from here: year − 2000 times 10,000,000 plus the serial. */
const PG_BASE = 100 * SPAN;
const BLOCK = 1 << 16;

type Typed = Int32Array | Uint8Array;
const ARRAYS = {
  date: Int32Array,
  filed: Int32Array,
  priority: Int32Array,
  cited: Int32Array,
  kind: Uint8Array,
};

/**
 * Per-patent state in typed arrays indexed by the patent's row id, allocated in blocks of 65,536 ids as
 * they are used (about 17 bytes per patent, never a map of millions of strings).
 */
class ByPatent {
  readonly #prefixes = new Map(PREFIXES.map((p, i) => [p, i]));
  readonly #names = [...PREFIXES];
  readonly #blocks = new Map<keyof typeof ARRAYS, Typed[]>();

  /** The row id of a PatentsView `patent_id` (`10000000`, `D800000`, `RE49000`), or undefined. */
  rid(id: string): number | undefined {
    const m = /^([A-Za-z]{0,3})0*(\d{1,8})$/.exec(id);
    if (!m) return undefined;
    const p = m[1].toUpperCase();
    let k = this.#prefixes.get(p);
    if (k === undefined) {
      if (this.#prefixes.size >= 100) return undefined;
      this.#prefixes.set(p, k = this.#prefixes.size);
      this.#names.push(p);
    }
    const n = Number(m[2]);
    return n < SPAN ? k * SPAN + n : undefined;
  }

  /** The row id of a pre-grant publication number (`20230000002`), or undefined. */
  pgRid(id: string): number | undefined {
    const m = /^(20\d\d)(\d{7})$/.exec(id);
    return m ? PG_BASE + (Number(m[1]) - 2000) * 10_000_000 + Number(m[2]) : undefined;
  }

  /** The number of a row id: a patent's without leading zeros (`D800000`), a publication's (`20230000002`). */
  number(rid: number): string {
    if (rid >= PG_BASE) {
      const n = rid - PG_BASE;
      return `${2000 + Math.floor(n / 10_000_000)}${String(n % 10_000_000).padStart(7, "0")}`;
    }
    return `${this.#names[Math.floor(rid / SPAN)]}${rid % SPAN}`;
  }

  get(name: keyof typeof ARRAYS, rid: number): number {
    return this.#blocks.get(name)?.[Math.floor(rid / BLOCK)]?.[rid % BLOCK] ?? 0;
  }

  set(name: keyof typeof ARRAYS, rid: number, v: number): void {
    let list = this.#blocks.get(name);
    if (!list) this.#blocks.set(name, list = []);
    const b = Math.floor(rid / BLOCK);
    (list[b] ??= new ARRAYS[name](BLOCK))[rid % BLOCK] = v;
  }

  /** Every rid with a non-zero value of `name`, with the value, in rid order. */
  *entries(name: keyof typeof ARRAYS): Generator<[number, number]> {
    for (const [b, a] of (this.#blocks.get(name) ?? []).entries()) {
      if (!a) continue;
      for (let i = 0; i < a.length; i++) if (a[i] !== 0) yield [b * BLOCK + i, a[i]];
    }
  }
}

/** A patent's current-CPC rows held at once (they come together): more is not a patent's classification. */
const MAX_CPC_ROWS = 100_000;

/** `2024-09-24` → 20240924 (0 when not a date). */
function dayNum(s: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (!m) return 0;
  const y = Number(m[1]), mo = Number(m[2]), d = Number(m[3]);
  return y >= 1700 && y <= 2200 && mo >= 1 && mo <= 12 && d >= 1 && d <= 31 ? y * 10000 + mo * 100 + d : 0;
}

const iso = (n: number) => `${String(n).slice(0, 4)}-${String(n).slice(4, 6)}-${String(n).slice(6, 8)}`;

/** A copy of a string that holds no reference to the (large) text it was cut from. */
const own = (s: string): string => JSON.parse(JSON.stringify(s));

/** The index and trigger statements of the patent tables (dropped for the load, created after it). */
function patentIndexes(): { name: string; sql: string; trigger: boolean }[] {
  return PATENTS_DDL.split("\n").flatMap((l) => {
    const m = /^CREATE (UNIQUE INDEX|INDEX|TRIGGER) (\w+)/.exec(l);
    return m ? [{ name: m[2], sql: l, trigger: m[1] === "TRIGGER" }] : [];
  });
}

/**
 * With `RI_IMPORT_TRACE=1` (and env access granted), a line per step to stderr: seconds since the start,
 * the step, rows written so far, resident memory — to find a step that slows down at a size.
 */
function tracer(): (step: string, rows: number) => void {
  const on = Deno.permissions.querySync({ name: "env", variable: "RI_IMPORT_TRACE" }).state === "granted" &&
    Deno.env.get("RI_IMPORT_TRACE") === "1";
  const t0 = performance.now();
  return (step, rows) => {
    if (!on) return;
    const s = ((performance.now() - t0) / 1000).toFixed(1), mb = Math.round(Deno.memoryUsage().rss / 2 ** 20);
    console.error(`patentsview ${s} s: ${step} (${rows.toLocaleString("en-US")} rows, ${mb} MB resident)`);
  };
}

/** Import PatentsView's tables at `path` (folder, zip or one table); returns rows written and the edition. */
export async function importPatentsView(
  store: ImportStore,
  path: string,
): Promise<{ rows: number; edition: string }> {
  const { db } = store;
  const trace = tracer();
  const layout = await layoutOf(path);
  const pregrantOnly = !layout.files.has("g_patent") && layout.files.has("pg_published_application");
  for (const t of pregrantOnly ? [] : ["g_patent", "g_application"] as const) {
    if (!layout.files.has(t) && layout.bundles.length === 0) {
      throw new RangeError(
        `${FLAG}: no ${t} table in ${path}; give the folder (or zip) holding PatentsView's bulk download ` +
          `tables, at least g_patent and g_application (${t}.tsv or ${t}.tsv.zip as published)`,
      );
    }
  }
  // The load: secondary indexes and triggers off (created again at the end), the previous patents gone.
  const ddl = patentIndexes();
  for (const x of ddl) db.exec(`DROP ${x.trigger ? "TRIGGER" : "INDEX"} IF EXISTS ${x.name}`);
  for (
    const t of [
      "patents",
      "patent_inventors",
      "patent_citations",
      "patent_cpc_rid",
      "patent_assignee_rid",
      "patent_anchor",
      "patent_year_counts",
      "patent_cpc_pairs",
      "cpc_codes",
    ]
  ) db.exec(`DELETE FROM ${t}`);
  db.prepare("DELETE FROM meta WHERE key = ?").run(LINKED);
  // A smaller page cache (also the sorters' memory before they spill to disk) bounds the process; the
  // load appends in order, so it costs no time.
  smallCache(db);
  const state = new ByPatent();
  let rows = 0, latest = 0, latestPub = 0;
  const tx = batched<() => void>(db, 20_000, (f) => f());
  const kinds: string[] = [""], kindIds = new Map<string, number>([["", 0]]);
  const kindOf = (k: string) => {
    let i = kindIds.get(k);
    if (i === undefined) (kindIds.set(k, i = kinds.length), kinds.push(own(k)));
    return i;
  };
  const idOf = (rid: number) => `US${state.number(rid)}${kinds[state.get("kind", rid)]}`;
  let lastId = "", lastRid: number | undefined;
  let f: Flavor = FLAVORS[0];
  const needRid = (get: Get, file: string, line: number): number | undefined => {
    const id = get(f.id);
    if (id === lastId) return lastRid;
    const rid = f.granted ? state.rid(id) : state.pgRid(id);
    (lastId = id, lastRid = rid);
    if (rid === undefined && id !== "" && !/^[A-Za-z]{0,3}\d+$/.test(id)) {
      const what = f.granted
        ? "a US patent number (digits, or D/PP/RE/H/T + digits)"
        : "a publication number";
      throw fileError(FLAG, file, line, id, what);
    }
    return rid;
  };
  const flavor = (next: Flavor) => (f = next, lastId = "", lastRid = undefined);
  const known = (rid: number | undefined): rid is number => rid !== undefined && state.get("date", rid) !== 0;
  /** Rows of a table come grouped by patent: a row's position is its sequence, else its place in the group. */
  const sequencer = (col: string) => {
    let last = -1, auto = 0;
    return (rid: number, get: Get) => {
      if (rid !== last) (last = rid, auto = 0);
      const seq = get(col);
      return seq === "" || !/^\d+$/.test(seq) ? auto++ : (auto++, Number(seq));
    };
  };

  trace("1 filing dates", rows);
  // 1. Filing and priority dates first (kept per patent), so each patent is written once, whole.
  const apps = await readTable(
    layout,
    "g_application",
    (file) =>
      tsvSink(file, ["patent_id", "filing_date"], (get, line) => {
        const rid = needRid(get, file, line);
        const filed = dayNum(get("filing_date"));
        if (rid !== undefined && filed) state.set("filed", rid, filed);
      }),
  );
  if (apps === 0) {
    throw new RangeError(
      `${FLAG}: no g_application table in ${path}; it gives the filing dates (g_application.tsv or .tsv.zip)`,
    );
  }
  await readTable(
    layout,
    "g_foreign_priority",
    (file) =>
      tsvSink(file, ["patent_id", "filing_date"], (get, line) => {
        const rid = needRid(get, file, line);
        const d = dayNum(get("filing_date"));
        if (rid === undefined || !d) return;
        const was = state.get("priority", rid);
        if (!was || d < was) state.set("priority", rid, d);
      }),
  );

  trace("2 patents", rows);
  // 2. Patents.
  const insPatent = inserter(db, "patents", GEN_COLUMNS.patents);
  let read = 0;
  for (const fl of FLAVORS) {
    flavor(fl);
    read += await readTable(
      layout,
      fl.patent,
      (file) =>
        tsvSink(file, [fl.id, fl.date, fl.title, "wipo_kind"], (get, line) => {
          const rid = needRid(get, file, line);
          if (rid === undefined) return;
          const date = dayNum(get(fl.date));
          if (!date) {
            throw fileError(FLAG, file, line, get(fl.date), `a date (YYYY-MM-DD) in ${fl.date}`);
          }
          if (state.get("date", rid)) return; // listed twice: the first row counts
          state.set("date", rid, date);
          const kind = get("wipo_kind");
          state.set("kind", rid, kindOf(kind));
          if (fl.granted && date > latest) latest = date;
          if (!fl.granted && date > latestPub) latestPub = date;
          const id = idOf(rid), year = Math.floor(date / 10000);
          // A publication carries its own filing date; a grant's comes from g_application.
          const filed = fl.granted ? state.get("filed", rid) : dayNum(get("filing_date"));
          const foreign = state.get("priority", rid);
          const priority = foreign && (!filed || foreign < filed) ? foreign : filed;
          const status = !fl.granted
            ? "PENDING"
            : /^(1|true|t|y)$/i.test(get("withdrawn"))
            ? "WITHDRAWN"
            : "ACTIVE";
          insPatent(
            rid,
            id,
            get(fl.title),
            get(fl.abstract),
            "US",
            kind,
            status,
            String(date),
            priority ? String(priority) : "",
            filed ? String(filed) : "",
            year,
            Date.UTC(year, Math.floor(date / 100) % 100 - 1, date % 100),
            id,
            0,
          );
          rows++;
        }),
    );
  }
  flushInserts(db);
  if (read === 0 || latest + latestPub === 0) {
    throw new RangeError(
      `${FLAG}: no patents in ${path} (g_patent has no rows); give PatentsView's g_patent table as published`,
    );
  }
  // The statutory term by the edition's date (see the module doc): design patents from the grant.
  db.prepare(
    `UPDATE patents SET legal_status = 'EXPIRED' WHERE legal_status = 'ACTIVE' AND (
       (rid >= ? AND rid < ? AND publication_date < ?) OR
       (NOT (rid >= ? AND rid < ?) AND application_date <> '' AND application_date < ?))`,
  ).run(SPAN, 2 * SPAN, String(latest - 150000), SPAN, 2 * SPAN, String(latest - 200000));

  trace("3 abstracts", rows);
  // 3. Abstracts published apart.
  const setAbstract = db.prepare("UPDATE patents SET abstract = ? WHERE rid = ?");
  for (const fl of FLAVORS) {
    flavor(fl);
    await readTable(
      layout,
      fl.abstracts,
      (file) =>
        tsvSink(file, [fl.id], (get, line) => {
          const rid = needRid(get, file, line);
          if (!known(rid)) return;
          const text = get(fl.abstract) || get("patent_abstract") || get("abstract");
          if (text) tx.add(() => void setAbstract.run(text, rid));
        }),
    );
    tx.done();
  }

  trace("4 CPC titles", rows);
  // 4. CPC descriptions.
  const insCode = db.prepare(
    "INSERT INTO cpc_codes (code, description) VALUES (?, ?) ON CONFLICT(code) DO UPDATE SET description = excluded.description",
  );
  const seenTitles = new Set<string>();
  const title = (code: string, text: string) => {
    const c = code.replace(/\s+/g, "").toUpperCase();
    if (!c || !text || (c.length <= 4 && seenTitles.has(c))) return;
    if (c.length <= 4) seenTitles.add(c);
    tx.add(() => (insCode.run(c, text), rows++));
  };
  await readTable(layout, "g_cpc_title", (file) =>
    tsvSink(file, ["cpc_group", "cpc_group_title"], (get) => {
      title(get("cpc_group"), get("cpc_group_title"));
      title(get("cpc_subclass"), get("cpc_subclass_title"));
      title(get("cpc_class"), get("cpc_class_title"));
    }));
  tx.done();

  trace("5 current CPC", rows);
  // 5. Current CPC classifications: rows of a patent are buffered while they come together (as published)
  // and written with each code's next-lower code of the patent (`prev_code`, see schema_records.ts).
  const insCpc = inserter(db, "patent_cpc_rid", [
    "patent_rid",
    "position",
    "cpc_code",
    "cpc_subclass",
    "prev_code",
    "pub_year",
    "publication_date",
  ], "IGNORE");
  const subclassYears = new Map<string, number>();
  const late = new Set<number>(), done = new ByPatent();
  let cur = -1, codes: string[] = [], positions: number[] = [];
  const flushCpc = () => {
    const k = codes.length;
    if (cur < 0 || k === 0) return;
    const rid = cur, date = state.get("date", rid), year = Math.floor(date / 10000), day = String(date);
    if (done.get("kind", rid)) late.add(rid);
    done.set("kind", rid, 1);
    // A handful of codes per patent: pairwise scans beat sorting and sets; sorted when there are many
    // (pairwise is quadratic: 61 million rows of one patent number never finished).
    const subclasses: string[] = [];
    const many = k > 32 ? [...new Set(codes)].sort() : undefined;
    const prevOf = many && new Map(many.map((c, q) => [c, q ? many[q - 1] : null]));
    const seen = many && new Set<string>();
    for (let j = 0; j < k; j++) {
      const c = codes[j], sc = c.slice(0, 4);
      let prev: string | null = null;
      if (prevOf && seen) {
        if (seen.has(c)) continue;
        (seen.add(c), prev = prevOf.get(c)!);
      } else {
        let dup = false;
        for (let q = 0; q < j && !dup; q++) dup = codes[q] === c;
        if (dup) continue;
        for (let q = 0; q < k; q++) {
          const o = codes[q];
          if (o < c && (prev === null || o > prev)) prev = o;
        }
      }
      if (!subclasses.includes(sc)) subclasses.push(sc);
      insCpc(rid, positions[j], c, sc, prev, year, day);
      rows++;
    }
    for (const sc of subclasses) {
      const key = sc + year;
      subclassYears.set(key, (subclassYears.get(key) ?? 0) + 1);
    }
    (codes = [], positions = []);
  };
  const cpcSink = (file: string) => {
    const position = sequencer("cpc_sequence");
    return tsvSink(file, [f.id, "cpc_group"], (get, line) => {
      const rid = needRid(get, file, line);
      if (!known(rid)) return;
      let code = get("cpc_group");
      if (code.includes(" ")) code = code.replace(/\s+/g, "");
      if (!/^[A-HY]\d\d[A-Z]/.test(code)) {
        throw fileError(FLAG, file, line, get("cpc_group"), "a CPC group (like A61K31/4439) in cpc_group");
      }
      if (rid !== cur) (flushCpc(), cur = rid);
      else if (codes.length >= MAX_CPC_ROWS) {
        throw fileError(
          FLAG,
          file,
          line,
          get(f.id),
          `a patent number with at most ${
            MAX_CPC_ROWS.toLocaleString("en-US")
          } CPC rows in a row (a patent ` +
            "has a few, at most hundreds): is each row's patent_id its own patent's number?",
        );
      }
      positions.push(position(rid, get));
      codes.push(code.toUpperCase());
    });
  };
  for (const fl of FLAVORS) {
    flavor(fl);
    // The current classification where published, else the one at issue (pre-grant publications).
    for (const t of fl.cpc) if (await readTable(layout, t, cpcSink)) break;
    flushCpc();
    cur = -1;
  }
  flushInserts(db);
  if (late.size) {
    // A patent whose codes came in two runs: its prev_code over all its codes, duplicates dropped.
    db.exec("CREATE TEMP TABLE IF NOT EXISTS pv_late (rid INTEGER PRIMARY KEY)");
    db.exec("DELETE FROM pv_late");
    const ins = db.prepare("INSERT INTO pv_late VALUES (?)");
    for (const r of late) ins.run(r);
    db.exec(`DELETE FROM patent_cpc_rid WHERE patent_rid IN (SELECT rid FROM pv_late) AND position >
      (SELECT min(q.position) FROM patent_cpc_rid q WHERE q.patent_rid = patent_cpc_rid.patent_rid
       AND q.cpc_code = patent_cpc_rid.cpc_code)`);
    db.exec(`UPDATE patent_cpc_rid SET prev_code = (SELECT max(q.cpc_code) FROM patent_cpc_rid q
      WHERE q.patent_rid = patent_cpc_rid.patent_rid AND q.cpc_code < patent_cpc_rid.cpc_code)
      WHERE patent_rid IN (SELECT rid FROM pv_late)`);
  }

  trace("6 assignees", rows);
  // 6. Assignees: an organization's name as `store.org` keys it (the direct and ultimate organization are the
  // same node until the linking step resolves it, linkPatentCompanies); an individual stays a raw name.
  const insAssignee = inserter(db, "patent_assignee_rid", [
    "patent_rid",
    "position",
    "raw_name",
    "mention_id",
    "direct_id",
    "ultimate_id",
    "company_key",
    "pub_year",
    "publication_date",
  ], "IGNORE");
  const orgOf = new Map<string, string>();
  const assigneeSink = (file: string) => {
    const position = sequencer("assignee_sequence");
    return tsvSink(file, [f.id, "disambig_assignee_organization"], (get, line) => {
      const rid = needRid(get, file, line);
      if (!known(rid)) return;
      const pos = position(rid, get);
      const org = get("disambig_assignee_organization").replace(/\s+/g, " ");
      const raw = org ||
        [get("disambig_assignee_individual_name_first"), get("disambig_assignee_individual_name_last")]
          .filter(Boolean).join(" ");
      if (!raw) return;
      let mention: string | null = null;
      if (org) {
        mention = orgOf.get(org) ?? null;
        if (mention === null) {
          const name = own(org);
          orgOf.set(name, mention = store.org(name).id);
        }
      }
      const date = state.get("date", rid);
      insAssignee(
        rid,
        pos,
        raw,
        mention,
        mention,
        mention,
        mention ?? raw,
        Math.floor(date / 10000),
        String(date),
      );
      rows++;
    });
  };
  for (const fl of FLAVORS) (flavor(fl), await readTable(layout, fl.assignee, assigneeSink));
  flushInserts(db);

  trace("7 inventors", rows);
  // 7. Inventors.
  const insInventor = inserter(db, "patent_inventors", ["patent_id", "position", "name"], "IGNORE");
  const inventorSink = (file: string) => {
    const position = sequencer("inventor_sequence");
    return tsvSink(
      file,
      [f.id, "disambig_inventor_name_first", "disambig_inventor_name_last"],
      (get, line) => {
        const rid = needRid(get, file, line);
        if (!known(rid)) return;
        const pos = position(rid, get);
        const name = [get("disambig_inventor_name_first"), get("disambig_inventor_name_last")].filter(Boolean)
          .join(" ");
        if (!name) return;
        insInventor(idOf(rid), pos, name);
        rows++;
      },
    );
  };
  for (const fl of FLAVORS) (flavor(fl), await readTable(layout, fl.inventor, inventorSink));
  flushInserts(db);

  // A publication that became a granted patent is one family with it (the crosswalk PatentsView publishes).
  flavor(FLAVORS[0]);
  const setFamily = db.prepare("UPDATE patents SET family_id = ? WHERE rid = ?");
  await readTable(
    layout,
    "pg_granted_pgpubs_crosswalk",
    (file) =>
      tsvSink(file, ["pgpub_id", "patent_id"], (get) => {
        const granted = state.rid(get("patent_id")), pub = state.pgRid(get("pgpub_id"));
        if (known(granted) && known(pub)) tx.add(() => void setFamily.run(idOf(granted), pub));
      }),
  );
  tx.done();

  trace("8 citations", rows);
  // 8. Citations: US patents cited (counted for the cited patent), then non-patent references.
  flavor(FLAVORS[0]);
  const insCite = inserter(db, "patent_citations", ["patent_id", "position", "kind", "cited"], "IGNORE");
  await readTable(layout, "g_us_patent_citation", (file) => {
    const position = sequencer("citation_sequence");
    return tsvSink(file, ["patent_id", "citation_patent_id"], (get, line) => {
      const rid = needRid(get, file, line);
      if (!known(rid)) return;
      const pos = position(rid, get);
      const citedRaw = get("citation_patent_id").toUpperCase();
      if (!citedRaw) return;
      const cited = state.rid(citedRaw);
      let citedId: string;
      if (known(cited)) {
        state.set("cited", cited, state.get("cited", cited) + 1);
        citedId = idOf(cited);
      } else citedId = cited === undefined ? `US${citedRaw}` : `US${state.number(cited)}${get("wipo_kind")}`;
      insCite(idOf(rid), pos, "patent", citedId);
      rows++;
    });
  });
  await readTable(layout, "g_other_reference", (file) => {
    const position = sequencer("other_reference_sequence");
    return tsvSink(file, ["patent_id", "other_reference_text"], (get, line) => {
      const rid = needRid(get, file, line);
      if (!known(rid)) return;
      const pos = 1_000_000 + position(rid, get);
      const text = get("other_reference_text");
      if (!text) return;
      insCite(idOf(rid), pos, "npl", text);
      rows++;
    });
  });
  flushInserts(db);
  const setCited = db.prepare("UPDATE patents SET cited_by_count = ? WHERE rid = ?");
  for (const [rid, n] of state.entries("cited")) tx.add(() => void setCited.run(n, rid));
  tx.done();

  trace("9 indexes and counts", rows);
  // 9. Indexes once, then the counts the aggregate reads (by year; by CPC subclass; CPC code pairs).
  db.exec("SAVEPOINT pv_counts");
  for (const x of ddl) {
    if (x.trigger) continue;
    const sql = x.sql.replace(/^CREATE (UNIQUE INDEX|INDEX) /, "CREATE $1 IF NOT EXISTS ");
    try {
      db.exec(sql);
    } catch (e) {
      // A row listed twice (same patent and sequence) in inventors or citations: the first one stays.
      const m = /^CREATE UNIQUE INDEX \w+ ON (patent_inventors|patent_citations)\(/.exec(x.sql);
      if (!m) throw e;
      db.exec(
        `DELETE FROM ${m[1]} WHERE rowid NOT IN (SELECT min(rowid) FROM ${
          m[1]
        } GROUP BY patent_id, position)`,
      );
      db.exec(sql);
    }
  }
  db.exec(`INSERT INTO patent_year_counts (dim, cpc, company, pub_year, n)
    SELECT 'year', '', '', pub_year, count(*) FROM patents GROUP BY pub_year`);
  if (late.size === 0) {
    const ins = db.prepare(
      "INSERT INTO patent_year_counts (dim, cpc, company, pub_year, n) VALUES ('cpc', ?, '', ?, ?)",
    );
    for (const [k, n] of subclassYears) ins.run(k.slice(0, 4), Number(k.slice(4)), n);
  } else {
    db.exec(`INSERT INTO patent_year_counts (dim, cpc, company, pub_year, n)
      SELECT 'cpc', cpc_subclass, '', pub_year, count(*) FROM patent_cpc_rid
      WHERE prev_code IS NULL OR substr(prev_code, 1, 4) <> cpc_subclass GROUP BY cpc_subclass, pub_year`);
  }
  db.exec(`INSERT INTO patent_cpc_pairs (cpc_code, prev_code, pub_year, n)
    SELECT cpc_code, coalesce(prev_code, ''), CAST(substr(publication_date, 1, 4) AS INTEGER), count(*)
    FROM patent_cpc_rid GROUP BY cpc_code, prev_code, substr(publication_date, 1, 4)`);
  db.exec("RELEASE pv_counts");
  // The rest of this import (the linking step, the finish: indexes and counters over every organization
  // the assignees added) keeps the small cache too: the sorters spill to disk rather than pass 1 GB.
  const edition = [
    latest ? `grants to ${iso(latest)}` : "",
    latestPub ? `publications to ${iso(latestPub)}` : "",
  ];
  trace("done", rows);
  return { rows, edition: edition.filter(Boolean).join(", ") };
}

/** Set a 64 MB page cache (see importPatentsView); returns the one to restore. */
function smallCache(db: ImportStore["db"]): number {
  const was = Number((db.prepare("PRAGMA cache_size").get() as { cache_size: number }).cache_size);
  db.exec("PRAGMA cache_size = -65536");
  return was;
}

/** `meta` key: the organization state the patents' company links were derived from. */
const LINKED = "patent_company_links";

/**
 * The linking step's patents: each assignee's organization (`mention_id`, from the import) resolved to
 * its direct organization (the entity a registry resolves it to, else itself) and that one's ultimate
 * parent; the aggregate's company key (the ultimate organization); the company anchors that `company_id`
 * filters read (the organization, its direct and ultimate ones, and every registry ancestor within 6
 * hops); and the counts by company. Skipped when neither the patents nor the organizations' families
 * changed since it last ran.
 */
export function linkPatentCompanies(store: ImportStore): string[] {
  const { db } = store;
  const n = (sql: string) => Number((db.prepare(sql).get() as { n: number }).n ?? 0);
  if (n("SELECT count(*) AS n FROM (SELECT 1 FROM patent_assignee_rid LIMIT 1)") === 0) return [];
  const signature = [
    n("SELECT count(*) AS n FROM patents"),
    n("SELECT count(*) AS n FROM organizations WHERE resolved_to_id IS NOT NULL"),
    n("SELECT count(*) AS n FROM organizations WHERE ultimate_parent_id IS NOT NULL AND ultimate_parent_id <> id"),
    n("SELECT count(*) AS n FROM org_closure WHERE hops > 0"),
  ].join(":");
  if (store.meta(LINKED) === signature) return [];
  const cache = smallCache(db);
  db.exec("SAVEPOINT pv_link");
  // Only rows whose organization's resolution differs from what they carry are rewritten.
  const moved =
    db.prepare(`UPDATE patent_assignee_rid AS a SET direct_id = o.d, ultimate_id = o.u, company_key = o.u
    FROM (SELECT m.id, coalesce(m.resolved_to_id, m.id) AS d,
            coalesce((SELECT x.ultimate_parent_id FROM organizations x WHERE x.id = coalesce(m.resolved_to_id, m.id)),
              coalesce(m.resolved_to_id, m.id)) AS u
          FROM organizations m WHERE m.resolved_to_id IS NOT NULL OR (m.ultimate_parent_id IS NOT NULL AND m.ultimate_parent_id <> m.id)
            OR m.id IN (SELECT DISTINCT mention_id FROM patent_assignee_rid WHERE mention_id <> ultimate_id)) AS o
    WHERE a.mention_id = o.id AND (a.direct_id IS NOT o.d OR a.ultimate_id IS NOT o.u)`).run().changes;
  db.exec("DELETE FROM patent_anchor");
  const anchors = (id: string, where: string) =>
    db.exec(`INSERT OR IGNORE INTO patent_anchor (anchor_id, patent_rid, pub_year, publication_date)
      SELECT ${id}, patent_rid, pub_year, publication_date FROM patent_assignee_rid a WHERE ${where} ORDER BY 1, 2`);
  anchors("mention_id", "mention_id IS NOT NULL");
  anchors("direct_id", "direct_id <> mention_id");
  anchors("ultimate_id", "ultimate_id <> mention_id AND ultimate_id <> direct_id");
  if (n("SELECT count(*) AS n FROM (SELECT 1 FROM org_closure WHERE hops BETWEEN 1 AND 6 LIMIT 1)")) {
    db.exec(`INSERT OR IGNORE INTO patent_anchor (anchor_id, patent_rid, pub_year, publication_date)
      SELECT c.ancestor_id, a.patent_rid, a.pub_year, a.publication_date FROM patent_assignee_rid a
      JOIN org_closure c ON c.descendant_id IN (a.mention_id, a.direct_id, a.ultimate_id) AND c.hops BETWEEN 1 AND 6
      ORDER BY 1, 2`);
  }
  db.exec("DELETE FROM patent_year_counts WHERE dim IN ('company', 'cpc,company')");
  db.exec(`INSERT INTO patent_year_counts (dim, cpc, company, pub_year, n)
    SELECT 'company', '', company_key, pub_year, count(DISTINCT patent_rid) FROM patent_assignee_rid
    GROUP BY pub_year, company_key`);
  db.exec(`INSERT INTO patent_year_counts (dim, cpc, company, pub_year, n)
    SELECT 'cpc,company', c.cpc_subclass, a.company_key, a.pub_year, count(*)
    FROM (SELECT DISTINCT patent_rid, company_key, pub_year FROM patent_assignee_rid) a
    JOIN patent_cpc_rid c ON c.patent_rid = a.patent_rid
    WHERE c.prev_code IS NULL OR substr(c.prev_code, 1, 4) <> c.cpc_subclass
    GROUP BY c.cpc_subclass, a.company_key, a.pub_year`);
  store.setMeta(LINKED, signature);
  db.exec("RELEASE pv_link");
  db.exec(`PRAGMA cache_size = ${cache}`);
  return [
    `Linked patent assignees to organizations (${Number(moved).toLocaleString("en-US")} resolved anew, ` +
    `${n("SELECT count(*) AS n FROM patent_anchor").toLocaleString("en-US")} company anchors)`,
  ];
}
