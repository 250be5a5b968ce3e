/**
 * An OpenAlex snapshot, or the subset of it a user chooses → the store's researchers, works and topics.
 *
 * The snapshot (`aws s3 sync --no-sign-request s3://openalex/data/ …`) holds one folder per entity —
 * `works/`, `authors/`, and optionally `topics/` and `institutions/` — of gzipped JSON lines in dated
 * partitions (`updated_date=YYYY-MM-DD/part_000.gz`); plain `.jsonl` files (an API export, one entity
 * per line) are read the same way. A file is told apart by its entity folder or its name
 * (`works_*.jsonl`, or an API record saved as `W2741809807.json`). `manifest` files are skipped.
 *
 * **Choosing a subset.** The whole snapshot is far larger than a laptop (hundreds of millions of works).
 * Give either the folder (everything in it is imported: right for a subset you synced or exported
 * yourself) or a subset file (`.json`) that names the folder and what to keep:
 *
 * ```json
 * { "snapshot": "./openalex",  "authors": ["A5023888391"], "institutions": ["I4200000001"],
 *   "topics": ["T10102"], "trials": true }
 * ```
 *
 * - `snapshot`: the snapshot folder, relative to the subset file.
 * - a work is kept when one of its authors is in `authors`, one of its authorships is affiliated with an
 *   institution in `institutions`, one of its topics is in `topics`, or — with `trials: true` — its
 *   title or abstract names (`NCT` + 8 digits) a trial already in the store (import ClinicalTrials.gov
 *   first, in the same run or an earlier one);
 * - an author is kept when listed, when last known at a listed institution, or when they wrote a kept work.
 *   Ids are OpenAlex's, flat (`A5023888391`) or as URLs (`https://openalex.org/A5023888391`).
 *
 * **What is stored.**
 * - researchers: `A<digits>` ids, display name, ORCID (bare), last known institution (as a shared
 *   organization node), and the profile's `works_count`, `cited_by_count` and `summary_stats.h_index` as
 *   OpenAlex states them (over all the author's works, not only the kept ones). An author of a kept work
 *   whose profile is not in the files gets a row from the authorship, its counters computed over the
 *   stored works.
 * - works: `W<digits>` id, title, DOI (without `https://doi.org/`), type, publication date, venue (the
 *   primary location's source), `cited_by_count`, open access (`open_access.is_oa`); their authors in
 *   authorship order. Types map to the service's vocabulary: `article` (a `proceedings-article` or an
 *   article whose venue is a conference → `conference-paper`), `review`, `preprint`, `book-chapter`,
 *   `editorial`, `letter`; every other OpenAlex type (book, dataset, dissertation, erratum, paratext,
 *   report, …) → `others`.
 * - topics: id (`T<digits>`), name, subfield, field and domain, from the topics files or, when absent,
 *   from the works' and authors' topic lists.
 * - Keyed by OpenAlex ids: a re-import (a later snapshot) updates rows in place.
 * - Edition: the latest `updated_date=` partition read (else the latest `updated_date` of a record).
 *
 * @module
 */
import type { ImportStore } from "./_store.ts";
import { batched } from "./_store.ts";
import { fileError, gunzipSink, lineSink, readSource, type Sink, wholeSink } from "./_read.ts";
import { ensureIndexes } from "./_grants.ts";

const FLAG = "--openalex";

type Entity = "works" | "authors" | "topics" | "institutions";
const ENTITIES: readonly Entity[] = ["works", "authors", "topics", "institutions"];

/** The subset a user chooses (the subset file's fields). */
interface Subset {
  readonly authors: Set<string>;
  readonly institutions: Set<string>;
  readonly topics: Set<string>;
  readonly trials: Set<string> | undefined;
}

/** `https://openalex.org/A123` → `A123`. */
const short = (id: unknown): string => typeof id === "string" ? id.slice(id.lastIndexOf("/") + 1) : "";

const entityOf = (name: string): Entity | undefined => {
  if (/(^|\/)manifest/i.test(name) || !/\.(gz|jsonl|json|ndjson)$/i.test(name)) return undefined;
  const parts = name.toLowerCase().split("/");
  for (const e of ENTITIES) {
    if (parts.slice(0, -1).includes(e) || parts[parts.length - 1].startsWith(e)) return e;
  }
  // One record saved from the API under its id (`W2741809807.json`, `A5023888391.json`).
  const id = /^([wati])\d+\.json$/.exec(parts[parts.length - 1])?.[1];
  return id ? ({ w: "works", a: "authors", t: "topics", i: "institutions" } as const)[id as "w"] : undefined;
};

/** The trial ids (`NCT` + 8 digits) a work's title or abstract names. */
// deno-lint-ignore no-explicit-any
function nctsOf(w: any): Set<string> {
  const abstract = Object.keys(w.abstract_inverted_index ?? {}).join(" ");
  return new Set([...`${w.title ?? ""} ${abstract}`.matchAll(/NCT\d{8}/g)].map((m) => m[0]));
}

/**
 * Linking step (after every import; idempotent): trials take the topics of the OpenAlex works that name
 * them (`trial_topics`, the best score of those works' topic assignments), so the registry's topic search
 * finds a trial by the real topic names of its publications. Does nothing when no works are imported.
 */
export function linkWorkTopics(store: ImportStore): string[] {
  const { db } = store;
  const staged = db.prepare("SELECT name FROM sqlite_master WHERE name = 'openalex_work_trials'").get();
  if (!staged) return [];
  db.exec("DELETE FROM trial_topics");
  const n = db.prepare(
    `INSERT INTO trial_topics (trial_id, topic_id, score)
     SELECT n.trial_id, t.topic_id, max(t.score) FROM openalex_work_trials n
     JOIN openalex_work_topics t ON t.work_id = n.work_id JOIN trials tr ON tr.trial_id = n.trial_id
     GROUP BY n.trial_id, t.topic_id`,
  ).run().changes;
  return [`Linked ${Number(n).toLocaleString("en-US")} trial topics from the publications naming the trials`];
}

/** A work's type in the service's vocabulary. */
export function workType(w: {
  type?: unknown;
  type_crossref?: unknown;
  primary_location?: { source?: { type?: unknown } | null } | null;
}): string {
  const t = String(w.type ?? "").toLowerCase();
  const conference = w.type_crossref === "proceedings-article" ||
    w.primary_location?.source?.type === "conference";
  if (t === "article" || t === "proceedings-article") return conference ? "conference-paper" : "article";
  if (["review", "preprint", "book-chapter", "editorial", "letter"].includes(t)) return t;
  if (t === "posted-content") return "preprint";
  return "others";
}

async function readSubset(path: string): Promise<{ root: string; subset?: Subset }> {
  if ((await Deno.stat(path)).isDirectory) return { root: path, subset: undefined };
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(await Deno.readTextFile(path));
  } catch (e) {
    throw fileError(
      FLAG,
      path,
      undefined,
      String((e as Error).message),
      "a subset file (JSON) or a snapshot folder",
    );
  }
  const list = (k: string, re: RegExp): Set<string> => {
    const v = raw[k] ?? [];
    if (!Array.isArray(v)) {
      throw fileError(FLAG, path, undefined, JSON.stringify(v), `a list of ids in "${k}"`);
    }
    return new Set(v.map((x) => {
      const id = short(String(x).trim());
      if (!re.test(id)) {
        throw fileError(FLAG, path, undefined, String(x), `an OpenAlex id in "${k}" (${re.source})`);
      }
      return id;
    }));
  };
  if (typeof raw.snapshot !== "string") {
    throw fileError(
      FLAG,
      path,
      undefined,
      JSON.stringify(raw).slice(0, 80),
      'a subset file with "snapshot": "<folder>"',
    );
  }
  const dir = path.replace(/[^\\/]*$/, "");
  const root = /^([\\/]|[A-Za-z]:)/.test(raw.snapshot) ? raw.snapshot : `${dir}${raw.snapshot}`;
  return {
    root,
    subset: {
      authors: list("authors", /^A\d+$/),
      institutions: list("institutions", /^I\d+$/),
      topics: list("topics", /^T\d+$/),
      trials: raw.trials === true ? new Set() : undefined,
    },
  };
}

/** Import an OpenAlex snapshot folder, or the subset a subset file names. */
export async function importOpenAlex(
  store: ImportStore,
  path: string,
): Promise<{ rows: number; edition: string }> {
  const { db } = store;
  const { root, subset } = await readSubset(path);
  try {
    if (!(await Deno.stat(root)).isDirectory) throw new Error();
  } catch {
    throw new RangeError(`${FLAG}: ${root} is not a folder; give the snapshot folder (works/, authors/ …)`);
  }
  if (subset?.trials) {
    for (const r of db.prepare("SELECT trial_id FROM trials").all() as { trial_id: string }[]) {
      subset.trials.add(r.trial_id);
    }
  }
  let partition = "", recordDate = "", rows = 0;
  // The authors of kept works, staged on disk (a whole partition names millions of them).
  db.exec(
    `CREATE TEMP TABLE IF NOT EXISTS openalex_author_stage (author_id TEXT PRIMARY KEY, name TEXT NOT NULL,
    orcid TEXT, inst TEXT); DELETE FROM openalex_author_stage;`,
  );
  const stageAuthor = db.prepare(
    "INSERT OR IGNORE INTO openalex_author_stage (author_id, name, orcid, inst) VALUES (?, ?, ?, ?)",
  );
  const staged = db.prepare("SELECT 1 FROM openalex_author_stage WHERE author_id = ?");
  let stagedCount = 0;
  const keptAuthors = {
    get size() {
      return stagedCount;
    },
    has: (id: string) => staged.get(id) !== undefined,
  };
  const insTopic = db.prepare(
    `INSERT INTO topics (topic_id, name, subfield, field, domain) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT(topic_id) DO UPDATE SET name = excluded.name, subfield = excluded.subfield,
       field = excluded.field, domain = excluded.domain`,
  );
  const topicsSeen = new Set<string>();
  // deno-lint-ignore no-explicit-any
  const topic = (t: any, fromEntity: boolean) => {
    const id = short(t?.id);
    if (!/^T\d+$/.test(id) || (!fromEntity && topicsSeen.has(id))) return;
    topicsSeen.add(id);
    insTopic.run(
      id,
      String(t.display_name ?? id),
      String(t.subfield?.display_name ?? ""),
      String(t.field?.display_name ?? ""),
      String(t.domain?.display_name ?? ""),
    );
  };

  // Import-only staging, read by the linking step (linkWorkTopics): works' topics and the trials they name.
  db.exec(`CREATE TABLE IF NOT EXISTS openalex_work_topics (work_id TEXT NOT NULL, topic_id TEXT NOT NULL,
      score REAL NOT NULL, PRIMARY KEY (work_id, topic_id));
    CREATE TABLE IF NOT EXISTS openalex_work_trials (work_id TEXT NOT NULL, trial_id TEXT NOT NULL,
      PRIMARY KEY (work_id, trial_id));`);
  ensureIndexes(db, "work_authors_pk", "work_authors_work");
  const delWt = db.prepare("DELETE FROM openalex_work_topics WHERE work_id = ?");
  const insWt = db.prepare(
    "INSERT OR IGNORE INTO openalex_work_topics (work_id, topic_id, score) VALUES (?, ?, ?)",
  );
  const delWn = db.prepare("DELETE FROM openalex_work_trials WHERE work_id = ?");
  const insWn = db.prepare("INSERT OR IGNORE INTO openalex_work_trials (work_id, trial_id) VALUES (?, ?)");
  const insW = db.prepare(
    `INSERT INTO works (work_id, title, doi, type, publication_date, venue, cited_by_count, is_open_access)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(work_id) DO UPDATE SET title = excluded.title, doi = excluded.doi,
       type = excluded.type, publication_date = excluded.publication_date, venue = excluded.venue,
       cited_by_count = excluded.cited_by_count, is_open_access = excluded.is_open_access`,
  );
  const delWa = db.prepare("DELETE FROM work_authors WHERE work_id = ?");
  const insWa = db.prepare(
    "INSERT OR IGNORE INTO work_authors (work_id, author_id, position) VALUES (?, ?, ?)",
  );
  const insR = db.prepare(
    `INSERT INTO researchers (author_id, name, orcid, institution_id, works_count, cited_by_count, h_index)
     VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(author_id) DO UPDATE SET name = excluded.name, orcid = excluded.orcid,
       institution_id = excluded.institution_id, works_count = excluded.works_count,
       cited_by_count = excluded.cited_by_count, h_index = excluded.h_index`,
  );
  const orcidOf = (s: unknown) =>
    typeof s === "string" && s ? s.replace(/^https?:\/\/orcid\.org\//, "") : null;

  // deno-lint-ignore no-explicit-any
  const parse = (file: string, line: string, n: number): any => {
    try {
      return JSON.parse(line);
    } catch {
      throw fileError(FLAG, file, n, line, "an OpenAlex record (one JSON object per line)");
    }
  };
  const idsIn = (line: string, letter: string, set: { readonly size: number; has(k: string): boolean }) => {
    if (set.size === 0) return false;
    const re = new RegExp(`openalex\\.org/(${letter}\\d+)`, "g");
    for (const m of line.matchAll(re)) if (set.has(m[1])) return true;
    return false;
  };
  const noteDate = (name: string, rec: { updated_date?: unknown }) => {
    const p = /updated_date=(\d{4}-\d{2}-\d{2})/.exec(name)?.[1];
    if (p && p > partition) partition = p;
    const d = typeof rec.updated_date === "string" ? rec.updated_date.slice(0, 10) : "";
    if (d > recordDate) recordDate = d;
  };

  // deno-lint-ignore no-explicit-any
  const keepWork = (line: string, w: any): boolean => {
    if (!subset) return true;
    if (idsIn(line, "A", subset.authors) || idsIn(line, "T", subset.topics)) return true;
    if (subset.institutions.size) {
      for (const a of w.authorships ?? []) {
        for (const i of a.institutions ?? []) {
          if (subset.institutions.has(short(i.id))) return true;
        }
      }
    }
    if (subset.trials?.size) { for (const nct of nctsOf(w)) if (subset.trials.has(nct)) return true; }
    return false;
  };
  const prefilter = (line: string) =>
    !subset || idsIn(line, "A", subset.authors) || idsIn(line, "T", subset.topics) ||
    idsIn(line, "I", subset.institutions) || (subset.trials !== undefined && /NCT\d{8}/.test(line));

  const tx = batched<() => void>(db, 2000, (f) => f());
  const entitySink = (entity: Entity, name: string): Sink => {
    const onLine = (line: string, n: number) => {
      if (line.trim() === "") return;
      if (entity === "works") {
        if (!prefilter(line)) return;
        const w = parse(name, line, n);
        const id = short(w.id);
        if (!/^W\d+$/.test(id)) {
          throw fileError(FLAG, name, n, String(w.id), "a work id (https://openalex.org/W…)");
        }
        if (!keepWork(line, w)) return;
        noteDate(name, w);
        tx.add(() => {
          insW.run(
            id,
            String(w.title ?? w.display_name ?? ""),
            typeof w.doi === "string" ? w.doi.replace(/^https?:\/\/(dx\.)?doi\.org\//, "") : null,
            workType(w),
            String(w.publication_date ?? (w.publication_year ? `${w.publication_year}-01-01` : "")),
            w.primary_location?.source?.display_name ?? null,
            Number(w.cited_by_count ?? 0),
            w.open_access?.is_oa ? 1 : 0,
          );
          delWa.run(id);
          let pos = 0;
          for (const a of w.authorships ?? []) {
            const aid = short(a.author?.id);
            if (!/^A\d+$/.test(aid)) continue;
            insWa.run(id, aid, pos++);
            const inst = a.institutions?.[0]?.display_name;
            stagedCount += Number(
              stageAuthor.run(
                aid,
                String(a.author?.display_name ?? a.raw_author_name ?? aid),
                orcidOf(a.author?.orcid),
                typeof inst === "string" ? inst : null,
              ).changes,
            );
          }
          delWt.run(id);
          for (const t of w.topics ?? []) {
            topic(t, false);
            if (/^T\d+$/.test(short(t?.id))) insWt.run(id, short(t.id), Number(t.score ?? 0));
          }
          delWn.run(id);
          for (const nct of nctsOf(w)) insWn.run(id, nct);
          rows++;
        });
      } else if (entity === "authors") {
        if (
          subset && !idsIn(line, "A", keptAuthors) && !idsIn(line, "A", subset.authors) &&
          !idsIn(line, "I", subset.institutions)
        ) return;
        const a = parse(name, line, n);
        const id = short(a.id);
        if (!/^A\d+$/.test(id)) {
          throw fileError(FLAG, name, n, String(a.id), "an author id (https://openalex.org/A…)");
        }
        // deno-lint-ignore no-explicit-any
        const insts: any[] = a.last_known_institutions ??
          (a.last_known_institution ? [a.last_known_institution] : []);
        if (
          subset && !keptAuthors.has(id) && !subset.authors.has(id) &&
          !insts.some((i) => subset.institutions.has(short(i?.id)))
        ) return;
        noteDate(name, a);
        tx.add(() => {
          const inst = insts[0]?.display_name;
          insR.run(
            id,
            String(a.display_name ?? id),
            orcidOf(a.orcid ?? a.ids?.orcid),
            typeof inst === "string" && inst ? store.org(inst).id : null,
            Number(a.works_count ?? 0),
            Number(a.cited_by_count ?? 0),
            Number(a.summary_stats?.h_index ?? 0),
          );
          for (const t of a.topics ?? []) topic(t, false);
          rows++;
        });
      } else if (entity === "topics") {
        const t = parse(name, line, n);
        if (subset && subset.topics.size && !topicsSeen.has(short(t.id)) && !subset.topics.has(short(t.id))) {
          return;
        }
        noteDate(name, t);
        tx.add(() => topic(t, true));
      } else {
        if (subset && !idsIn(line, "I", subset.institutions)) return;
        const i = parse(name, line, n);
        if (typeof i.display_name !== "string" || !i.display_name) return;
        noteDate(name, i);
        tx.add(() => {
          store.org(i.display_name);
          for (const alt of [...(i.display_name_acronyms ?? []), ...(i.display_name_alternatives ?? [])]) {
            if (typeof alt === "string") store.alias(alt, i.display_name);
          }
        });
      }
    };
    if (/\.json$/i.test(name)) {
      // An API answer saved as a file (small): one record, possibly pretty-printed, or `{"results": […]}`.
      return wholeSink((text) => {
        let v: unknown;
        try {
          v = JSON.parse(text);
        } catch {
          return text.split("\n").forEach((l, i) => onLine(l, i + 1));
        }
        const recs = Array.isArray(v)
          ? v
          : Array.isArray((v as { results?: unknown })?.results)
          ? (v as { results: unknown[] }).results
          : [v];
        recs.forEach((r) => onLine(JSON.stringify(r), 1));
      });
    }
    const lines = lineSink(onLine);
    return /\.gz$/i.test(name) ? gunzipSink(lines) : lines;
  };

  let files = 0;
  // Works first (they decide which authors a subset keeps), then authors, topics, institutions.
  for (const entity of ENTITIES) {
    files += await readSource(
      root,
      (name) => entityOf(name) === entity ? entitySink(entity, name) : undefined,
    );
    tx.done();
  }
  if (files === 0) {
    throw new RangeError(
      `${FLAG}: ${root} holds no OpenAlex entity files (works/ or authors/ with updated_date=…/part_*.gz, or *.jsonl)`,
    );
  }
  // Authors of kept works with no profile in the files: a row from the authorship, counted over stored works
  // (works, citations, and the h-index: the number of works cited at least as often as their rank).
  const missing = db.prepare(
    `SELECT s.author_id, s.name, s.orcid, s.inst,
       (SELECT count(*) FROM work_authors wa WHERE wa.author_id = s.author_id) AS works,
       (SELECT coalesce(sum(w.cited_by_count), 0) FROM work_authors wa JOIN works w ON w.work_id = wa.work_id
         WHERE wa.author_id = s.author_id) AS cites,
       (SELECT count(*) FROM (SELECT w.cited_by_count AS c, row_number() OVER (ORDER BY w.cited_by_count DESC) AS r
         FROM work_authors wa JOIN works w ON w.work_id = wa.work_id WHERE wa.author_id = s.author_id) WHERE c >= r) AS h
     FROM openalex_author_stage s WHERE NOT EXISTS (SELECT 1 FROM researchers r WHERE r.author_id = s.author_id)
     ORDER BY s.author_id`,
  );
  type Missing = { author_id: string; name: string; orcid: string | null; inst: string | null };
  for (const a of missing.iterate() as Iterable<Missing & { works: number; cites: number; h: number }>) {
    tx.add(() =>
      insR.run(a.author_id, a.name, a.orcid, a.inst ? store.org(a.inst).id : null, a.works, a.cites, a.h)
    );
  }
  tx.done();
  db.exec("DELETE FROM openalex_author_stage");
  return { rows, edition: partition || recordDate || "unknown" };
}
