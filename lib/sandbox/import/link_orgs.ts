/**
 * The linking step's organizations: the names the sources use (Orange Book applicants, trial sponsors,
 * …: the `organizations` nodes with their `org_names`) matched to the records of the identifier
 * registries (ROR: ror.ts; GLEIF: gleif.ts), so that a matched organization becomes the spec's
 * `GLOBAL PARENT` entity (with `ror_id`, `lei`, country and type), its registry parents and children
 * form its corporate family (`org_parent`, `org_closure`, `ultimate_parent_id`, `depth`), and asking
 * for a parent includes its children ("Genentech" under Roche where the registries say so). Without a
 * registry every organization stays at the `UNRESOLVED` level, found by its names.
 *
 * **The matching rule**, per registry, for each source organization:
 *
 * 1. Keys: the organization's own key, then the keys of its other names (an applicant's short form …),
 *    all by orgKey (lib/client/names.ts: case, accents, punctuation and legal-form words dropped), then
 *    the keys of its names without a trailing parenthesis ("National Cancer Institute (NCI)"); registry
 *    names are keyed with and without theirs ("Pfizer (United States)"). The first of these keys that a
 *    record of the registry carries decides.
 * 2. Candidates: the registry records with a name of that key — ROR: `ror_display`, `label` and `alias`
 *    names of **active** records (acronyms are not matched: "BMS", "NCI" name many organizations);
 *    GLEIF: the legal name and the other names (trading, alternative-language, transliterated, previous)
 *    of **ACTIVE** entities whose registration is not annulled, duplicate, retired, merged or cancelled.
 * 3. Several candidates: those matched by the best kind of name are kept (ROR display, then label, then
 *    alias; GLEIF legal or transliterated legal name, then alternative-language, then trading, then
 *    previous names). Still several and all in **one registry family** (same head through the parent
 *    links): the one nearest the head (a group's parent company rather than a subsidiary of the same
 *    name). Several families: the one candidate that heads a family of its own (has registry children),
 *    if exactly one does. Otherwise — or when more than 50 records share the key (a generic name) — the
 *    organization stays **UNRESOLVED: ambiguous**, the candidates listed.
 * 4. No candidate: **UNRESOLVED: no registry name has this key**.
 *
 * **Families.** A matched record and every registry ancestor of it (ROR `parent` links, and the `child`
 * links of parents, to active records only; GLEIF direct parents — `IS_DIRECTLY_CONSOLIDATED_BY` —, the
 * ultimate parent where no direct one is reported or the direct chain does not reach it; active
 * relationships only) become
 * entities: the matched source organization itself (so its trials and approvals stay linked), or for an
 * ancestor no source names, a node made from the registry's name (recorded in `org_link_nodes`). Every
 * registry parent link between two of them is an `org_parent` edge; `org_closure` holds every ancestor
 * with its hops. An entity's `ultimate_parent_id` and `depth` follow its first parent — the GLEIF parent,
 * else the ROR parent with most children. Two source organizations matched to the same record: the one
 * whose key is the record's own name's is the entity, the other a mention resolving to it
 * (`resolved_to_id`). Registry records that match no source organization and head none do not become
 * entities.
 *
 * **Families the names state** (with or without a registry): an organization whose own name states its
 * parent ("FOLDRX PHARMACEUTICALS LLC A WHOLLY OWNED SUB OF PFIZER INC", "PARKE-DAVIS DIVISION OF PFIZER
 * INC", "APOTHECON INC DIV BRISTOL MYERS SQUIBB", "…, an affiliate of …", "…, a Sanofi company") is a unit
 * of that parent, and an Orange Book applicant whose name begins with another applicant's full name ("PFIZER
 * CENTRAL RESEARCH") is a unit of that applicant — see `statedFamilies` below. Their parents follow the
 * registries' (which come first); the units stay at the `UNRESOLVED` level (no registry record) with their
 * `org_parent` edges, `ultimate_parent_id` and `org_closure` rows, so a sponsor question reaches them.
 *
 * **SEC tickers** (sec_tickers.ts) get their LEI by the same rule over the GLEIF names of their
 * registrant's name; where several families remain, the one candidate in the US if exactly one is.
 *
 * What was matched, by which rule, and what stayed UNRESOLVED is the table `org_matches` (one row per
 * source organization and registry; registry `name` for the families the names state) and a line of the
 * import's log. The step is idempotent: everything it derives is cleared and derived again.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import type { ImportStore } from "./_store.ts";
import { orgKey, sameCompanySuffix } from "../../client/names.ts";
import { nameKeys } from "./ror.ts";

/** What the linking step records about each source organization (per registry). */
export const ORG_MATCHES_DDL = `
CREATE TABLE IF NOT EXISTS org_matches (
  org_id TEXT NOT NULL, org_name TEXT NOT NULL,
  registry TEXT NOT NULL,              -- 'ror' | 'gleif'
  status TEXT NOT NULL,                -- 'MATCHED' | 'UNRESOLVED'
  key TEXT,                            -- the name key that decided (orgKey)
  registry_id TEXT, registry_name TEXT,-- the record matched (bare ROR id / LEI) and its name
  rule TEXT NOT NULL,                  -- how it was matched, or why it stayed UNRESOLVED
  candidates TEXT,                     -- ambiguous: the candidate records (id name; …)
  PRIMARY KEY (org_id, registry)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS org_link_nodes (id TEXT PRIMARY KEY) WITHOUT ROWID;
`;

type Registry = "ror" | "gleif";
/** A registry record, `ror:<id>` or `gleif:<lei>`. */
type Rec = string;

interface Cand {
  id: string;
  kind: string;
}

const ROR_KIND = ["ror_display", "label", "alias"];
const GLEIF_KIND = (kind: string): number =>
  kind === "legal" || kind.includes("transliterated")
    ? 0
    : kind.startsWith("alternative")
    ? 1
    : kind.startsWith("trading")
    ? 2
    : kind.startsWith("previous")
    ? 4
    : 3;
const ROR_TYPES: [string, string][] = [
  ["company", "company"],
  ["education", "academic"],
  ["healthcare", "hospital"],
  ["government", "government"],
  ["facility", "academic"],
  ["funder", "nonprofit"],
  ["nonprofit", "nonprofit"],
  ["archive", "nonprofit"],
  ["other", "nonprofit"],
];
const BAD_REGISTRATION = "('ANNULLED', 'DUPLICATE', 'RETIRED', 'MERGED', 'CANCELLED')";
const MAX_HOPS = 12;
/** More records than this sharing a key (a generic name) are not compared: the name stays ambiguous. */
const MAX_CANDIDATES = 50;

const hasTable = (db: DatabaseSync, name: string): boolean =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
const count = (db: DatabaseSync, sql: string): number => Number((db.prepare(sql).get() as { n: number }).n);

/** The columns that hold organization ids outside the organization tables (a node they name is kept). */
function orgRefColumns(db: DatabaseSync): [string, string][] {
  const own = new Set([
    "organizations",
    "org_names",
    "org_matches",
    "org_parent",
    "org_closure",
    "org_link_nodes",
  ]);
  const out: [string, string][] = [];
  const tables = db.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE '%VIRTUAL%'",
  )
    .all() as { name: string }[];
  for (const { name } of tables) {
    if (own.has(name)) continue;
    for (const c of db.prepare(`SELECT name FROM pragma_table_info(?)`).all(name) as { name: string }[]) {
      if (/(^|_)org_id$|^originator_id$/.test(c.name)) out.push([name, c.name]);
    }
  }
  return out;
}

/** Clear what an earlier run derived (the sources' organizations back at the UNRESOLVED level). */
function reset(db: DatabaseSync): void {
  db.exec(ORG_MATCHES_DDL);
  db.exec(
    "DELETE FROM org_parent; DELETE FROM org_closure WHERE ancestor_id != descendant_id; DELETE FROM org_matches",
  );
  db.exec(`UPDATE organizations SET hierarchy_level = 'UNRESOLVED', is_entity = 0, ror_id = NULL, lei = NULL,
    org_type = 'mention', country = NULL, is_industry = 0, ultimate_parent_id = id, depth = 0, resolved_to_id = NULL
    WHERE is_entity = 1 OR resolved_to_id IS NOT NULL OR ultimate_parent_id IS NOT id OR depth != 0`);
  db.exec("DELETE FROM org_names WHERE source IN ('ror', 'gleif', 'stated')");
  const refs = orgRefColumns(db);
  const used = (id: string) =>
    refs.some(([t, c]) =>
      db.prepare(`SELECT 1 FROM "${t}" WHERE "${c}" = ? LIMIT 1`).get(id) !== undefined
    ) ||
    db.prepare("SELECT 1 FROM org_names WHERE org_id = ? LIMIT 1").get(id) !== undefined;
  const made = (db.prepare("SELECT id FROM org_link_nodes").all() as { id: string }[]).map((r) => r.id);
  const drop = db.prepare("DELETE FROM organizations WHERE id = ?");
  const dropClosure = db.prepare("DELETE FROM org_closure WHERE ancestor_id = ? OR descendant_id = ?");
  for (const id of made) if (!used(id)) (drop.run(id), dropClosure.run(id, id));
  db.exec("DELETE FROM org_link_nodes");
  if (hasTable(db, "sec_entities")) db.exec("UPDATE sec_entities SET lei = NULL WHERE lei IS NOT NULL");
}

/** The registries' records, names and parent links, read on demand (with a cache per record). */
class Registries {
  readonly ror: boolean;
  readonly gleif: boolean;
  readonly #db: DatabaseSync;
  readonly #parents = new Map<Rec, Rec[]>();
  readonly #heads = new Map<Rec, { head: Rec; hops: number }>();
  readonly #info = new Map<
    Rec,
    { name: string; country: string | null; type: string; names: [string, string][] }
  >();
  // deno-lint-ignore no-explicit-any
  readonly #q: Record<string, any> = {};

  constructor(db: DatabaseSync) {
    this.#db = db;
    this.ror = hasTable(db, "ror_orgs") && count(db, "SELECT count(*) AS n FROM ror_orgs") > 0;
    this.gleif = hasTable(db, "gleif_entities") && count(db, "SELECT count(*) AS n FROM gleif_entities") > 0;
    if (this.ror) {
      this.#q.rorCands = db.prepare(
        `SELECT n.ror_id AS id, n.kind FROM ror_names n JOIN ror_orgs o ON o.ror_id = n.ror_id
         WHERE n.key = ? AND o.status = 'active' AND n.kind IN ('ror_display', 'label', 'alias')`,
      );
      this.#q.rorParents = db.prepare(
        `SELECT other_id AS id FROM ror_links WHERE ror_id = ?1 AND type = 'parent'
         UNION SELECT ror_id AS id FROM ror_links WHERE other_id = ?1 AND type = 'child'`,
      );
      this.#q.rorChildren = db.prepare(
        `SELECT count(*) AS n FROM (SELECT other_id FROM ror_links WHERE ror_id = ?1 AND type = 'child'
         UNION SELECT ror_id FROM ror_links WHERE other_id = ?1 AND type = 'parent')`,
      );
      this.#q.rorOrg = db.prepare("SELECT name, country, types, status FROM ror_orgs WHERE ror_id = ?");
      this.#q.rorNames = db.prepare(
        "SELECT name, kind FROM ror_names WHERE ror_id = ? AND kind != 'acronym' ORDER BY kind = 'ror_display' DESC, name",
      );
      db.exec("CREATE INDEX IF NOT EXISTS ror_links_other ON ror_links(other_id, type)");
    }
    if (this.gleif) {
      this.#q.gleifCands = db.prepare(
        `SELECT n.lei AS id, n.kind FROM gleif_names n JOIN gleif_entities e ON e.lei = n.lei
         WHERE n.key = ? AND coalesce(e.entity_status, 'ACTIVE') = 'ACTIVE'
           AND coalesce(e.registration_status, '') NOT IN ${BAD_REGISTRATION}`,
      );
      this.#q.gleifParent = db.prepare(
        `SELECT r.parent_lei AS id FROM gleif_relations r JOIN gleif_entities e ON e.lei = r.parent_lei
         WHERE r.child_lei = ? AND r.kind = ? AND r.parent_lei != r.child_lei
           AND coalesce(r.status, 'ACTIVE') = 'ACTIVE' AND coalesce(r.registration_status, '') NOT IN ${BAD_REGISTRATION}
         ORDER BY r.parent_lei LIMIT 1`,
      );
      this.#q.gleifHasChildren = db.prepare(
        "SELECT 1 FROM gleif_relations WHERE parent_lei = ? AND coalesce(status, 'ACTIVE') = 'ACTIVE' LIMIT 1",
      );
      this.#q.gleifOrg = db.prepare("SELECT name, country, category FROM gleif_entities WHERE lei = ?");
      this.#q.gleifNames = db.prepare(
        "SELECT name, kind FROM gleif_names WHERE lei = ? ORDER BY kind != 'legal', name",
      );
    }
  }

  /** The candidate records of a name key in one registry. */
  candidates(reg: Registry, key: string): Cand[] {
    if (!this[reg]) return [];
    return (this.#q[reg === "ror" ? "rorCands" : "gleifCands"].all(key) as Cand[])
      .map((c) => ({ id: `${reg}:${c.id}`, kind: c.kind }));
  }

  /** The rank of a name kind (lower is better). */
  rank(reg: Registry, kind: string): number {
    return reg === "ror" ? ROR_KIND.indexOf(kind) : GLEIF_KIND(kind);
  }

  /** A record's registry parents, the first being the one its ultimate parent and depth follow. */
  parents(rec: Rec): Rec[] {
    const known = this.#parents.get(rec);
    if (known) return known;
    const [reg, id] = rec.split(/:(.*)/s) as [Registry, string];
    let out: Rec[] = [];
    if (reg === "ror") {
      const ids = (this.#q.rorParents.all(id) as { id: string }[]).map((r) => r.id)
        .filter((p) =>
          p !== id && (this.#q.rorOrg.get(p) as { status: string } | undefined)?.status === "active"
        );
      const kids = (p: string) => Number(this.#q.rorChildren.get(p).n);
      out = ids.map((p) => ({ p, n: kids(p) })).sort((a, b) => b.n - a.n || a.p.localeCompare(b.p))
        .map((x) => `ror:${x.p}`);
    } else {
      const direct = (this.#q.gleifParent.get(id, "direct") as { id: string } | undefined)?.id;
      const ultimate = (this.#q.gleifParent.get(id, "ultimate") as { id: string } | undefined)?.id;
      const p = direct ?? ultimate;
      out = p ? [`gleif:${p}`] : [];
    }
    this.#parents.set(rec, out);
    return out;
  }

  /** The GLEIF ultimate parent a record reports (undefined for ROR records or none). */
  ultimate(rec: Rec): Rec | undefined {
    if (!rec.startsWith("gleif:")) return undefined;
    const u = (this.#q.gleifParent.get(rec.slice(6), "ultimate") as { id: string } | undefined)?.id;
    return u ? `gleif:${u}` : undefined;
  }

  /** The head of a record's family (following first parents) and its hops from it. */
  head(rec: Rec): { head: Rec; hops: number } {
    const known = this.#heads.get(rec);
    if (known) return known;
    const seen = new Set<Rec>([rec]);
    let at = rec, hops = 0;
    for (;;) {
      const up = this.parents(at)[0];
      if (!up || seen.has(up) || hops >= MAX_HOPS) break;
      (seen.add(up), at = up, hops++);
    }
    const out = { head: at, hops };
    this.#heads.set(rec, out);
    return out;
  }

  /** True when a record has children in its registry. */
  headsFamily(rec: Rec): boolean {
    const [reg, id] = rec.split(/:(.*)/s);
    return reg === "ror"
      ? Number(this.#q.rorChildren.get(id).n) > 0
      : this.#q.gleifHasChildren.get(id) !== undefined;
  }

  /** A record's name, country, organization type and names (for org_names). */
  info(rec: Rec): { name: string; country: string | null; type: string; names: [string, string][] } {
    const known = this.#info.get(rec);
    if (known) return known;
    const [reg, id] = rec.split(/:(.*)/s);
    let out;
    if (reg === "ror") {
      const o = this.#q.rorOrg.get(id) as { name: string; country: string | null; types: string };
      const types = o.types.split(",");
      out = {
        name: o.name,
        country: o.country,
        type: ROR_TYPES.find(([t]) => types.includes(t))?.[1] ?? "nonprofit",
        names: (this.#q.rorNames.all(id) as { name: string }[]).map((n) =>
          [n.name, "ror"] as [string, string]
        ),
      };
    } else {
      const o = this.#q.gleifOrg.get(id) as { name: string; country: string | null; category: string | null };
      out = {
        name: o.name,
        country: o.country,
        type: o.category === "RESIDENT_GOVERNMENT_ENTITY"
          ? "government"
          : o.category === "INTERNATIONAL_ORGANIZATION"
          ? "nonprofit"
          : "company",
        names: (this.#q.gleifNames.all(id) as { name: string }[]).map((n) =>
          [n.name, "gleif"] as [string, string]
        ),
      };
    }
    this.#info.set(rec, out);
    return out;
  }
}

/** The outcome of matching one name key in one registry. */
type Decision =
  | { rec: Rec; kind: string; rule: string; candidates?: undefined }
  | { rec?: undefined; rule: string; candidates?: string };

/** Decide the record of a name key in one registry by the documented rule (steps 2–4). */
function decide(r: Registries, reg: Registry, key: string, usCountry = false): Decision | undefined {
  const all = r.candidates(reg, key);
  if (all.length === 0) return undefined;
  const byRec = new Map<Rec, Cand>();
  for (const c of all) {
    const had = byRec.get(c.id);
    if (!had || r.rank(reg, c.kind) < r.rank(reg, had.kind)) byRec.set(c.id, c);
  }
  const best = Math.min(...[...byRec.values()].map((c) => r.rank(reg, c.kind)));
  const cands = [...byRec.values()].filter((c) => r.rank(reg, c.kind) === best).sort((a, b) =>
    a.id.localeCompare(b.id)
  );
  const label = reg === "ror" ? "ROR" : "GLEIF";
  const named = (c: Cand) =>
    `${label} ${
      c.kind === "ror_display"
        ? "display name"
        : c.kind === "legal"
        ? "legal name"
        : c.kind.replace(/_/g, " ")
    }`;
  if (cands.length === 1) {
    return { rec: cands[0].id, kind: cands[0].kind, rule: `key of the ${named(cands[0])}` };
  }
  if (cands.length > MAX_CANDIDATES) {
    return {
      rule:
        `ambiguous: ${cands.length} ${label} records share this name key (more than ${MAX_CANDIDATES} are not compared)`,
      candidates: cands.slice(0, 20).map((c) => `${c.id.split(/:(.*)/s)[1]} ${r.info(c.id).name}`).join("; "),
    };
  }
  const families = new Map<Rec, Cand[]>();
  for (const c of cands) {
    const h = r.head(c.id).head;
    families.set(h, [...(families.get(h) ?? []), c]);
  }
  if (families.size === 1) {
    const c = cands.sort((a, b) => r.head(a.id).hops - r.head(b.id).hops || a.id.localeCompare(b.id))[0];
    return {
      rec: c.id,
      kind: c.kind,
      rule: `key of the ${named(c)}; of ${cands.length} records of one family, the one nearest its head`,
    };
  }
  const heads = cands.filter((c) => r.headsFamily(c.id));
  if (heads.length === 1) {
    return {
      rec: heads[0].id,
      kind: heads[0].kind,
      rule: `key of the ${
        named(heads[0])
      }; of ${cands.length} records in ${families.size} families, the one heading a family`,
    };
  }
  if (usCountry) {
    const us = cands.filter((c) => r.info(c.id).country === "US");
    if (us.length === 1) {
      return {
        rec: us[0].id,
        kind: us[0].kind,
        rule: `key of the ${
          named(us[0])
        }; of ${cands.length} records in ${families.size} families, the one in the US`,
      };
    }
  }
  return {
    rule: `ambiguous: ${cands.length} ${label} records in ${families.size} families share this name key`,
    candidates: cands.slice(0, 20).map((c) => `${c.id.split(/:(.*)/s)[1]} ${r.info(c.id).name}`).join("; "),
  };
}

/** Link organizations to registry families; returns progress lines. */
export function linkOrganizations(store: ImportStore): string[] {
  const { db } = store;
  reset(db);
  const r = new Registries(db);
  const regs: Registry[] = [...(r.ror ? ["ror" as const] : []), ...(r.gleif ? ["gleif" as const] : [])];
  const out: string[] = [];
  if (regs.length === 0) {
    if (hasTable(db, "sec_entities") && count(db, "SELECT count(*) AS n FROM sec_entities") > 0) {
      out.push("SEC tickers: no LEI joined (import GLEIF's records with --gleif to join them by name)");
    }
  }

  // The sources' organizations and their keys (own key first); none to match without a registry.
  const orgs =
    (regs.length ? db.prepare("SELECT id, key, name FROM organizations ORDER BY id").all() : []) as {
      id: string;
      key: string;
      name: string;
    }[];
  const keysOf = new Map<string, string[]>(orgs.map((o) => [o.id, [o.key]]));
  const more = new Map<string, string[]>(); // keys without a trailing parenthesis, tried last
  for (
    const n
      of (regs.length
        ? db.prepare("SELECT org_id, key, name FROM org_names ORDER BY org_id, key").all()
        : []) as {
          org_id: string;
          key: string;
          name: string;
        }[]
  ) {
    const ks = keysOf.get(n.org_id);
    if (ks && !ks.includes(n.key)) ks.push(n.key);
    for (const k of nameKeys(n.name).slice(1)) more.set(n.org_id, [...(more.get(n.org_id) ?? []), k]);
  }
  for (const o of orgs) {
    const ks = keysOf.get(o.id)!;
    for (const k of [...nameKeys(o.name).slice(1), ...(more.get(o.id) ?? [])]) {
      if (!ks.includes(k)) ks.push(k);
    }
  }
  const orgByKey = new Map(orgs.map((o) => [o.key, o]));

  // Steps 1–4: each organization against each registry.
  const match = db.prepare(
    `INSERT INTO org_matches (org_id, org_name, registry, status, key, registry_id, registry_name, rule, candidates)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(org_id, registry) DO UPDATE SET status = excluded.status, key = excluded.key,
       registry_id = excluded.registry_id, registry_name = excluded.registry_name, rule = excluded.rule,
       candidates = excluded.candidates`,
  );
  const decided = new Map<string, Decision | undefined>();
  const matchedBy = new Map<Rec, string[]>(); // record → source organizations matched to it
  const tally = { matched: new Set<string>(), ror: 0, gleif: 0, ambiguous: new Set<string>() };
  for (const o of orgs) {
    for (const reg of regs) {
      let d: Decision | undefined, key: string | undefined;
      for (const k of keysOf.get(o.id)!) {
        const memo = `${reg}\u0000${k}`;
        if (!decided.has(memo)) decided.set(memo, decide(r, reg, k));
        d = decided.get(memo);
        if (d) {
          key = k;
          break;
        }
      }
      const bare = d?.rec?.split(/:(.*)/s)[1] ?? null;
      if (d?.rec) {
        matchedBy.set(d.rec, [...(matchedBy.get(d.rec) ?? []), o.id]);
        tally.matched.add(o.id);
        tally[reg]++;
        const alias = key !== o.key ? ` (by its other name of key ${key})` : "";
        match.run(o.id, o.name, reg, "MATCHED", key!, bare, r.info(d.rec).name, d.rule + alias, null);
      } else if (d) {
        tally.ambiguous.add(o.id);
        match.run(o.id, o.name, reg, "UNRESOLVED", key!, null, null, d.rule, d.candidates ?? null);
      } else {
        match.run(o.id, o.name, reg, "UNRESOLVED", o.key, null, null, "no registry name has this key", null);
      }
    }
  }

  // Entities: matched records (their source organization) and their registry ancestors.
  const entityOf = new Map<Rec, string>();
  const recsOf = new Map<string, Rec[]>();
  const resolvedTo = new Map<string, string>();
  const linksOf = db.prepare(
    `SELECT (SELECT count(*) FROM trial_sponsors WHERE org_id = ?1) + (SELECT count(*) FROM approval_sponsors WHERE org_id = ?1) AS n`,
  );
  const bind = (rec: Rec, orgId: string) => {
    entityOf.set(rec, orgId);
    recsOf.set(orgId, [...(recsOf.get(orgId) ?? []), rec]);
  };
  for (const [rec, ids] of matchedBy) {
    const own = orgKey(r.info(rec).name);
    // An organization already an entity (matched in the other registry) stays the entity.
    const primary = ids.find((id) => recsOf.has(id)) ??
      [...ids].sort((a, b) =>
        Number(orgByKey.get(own)?.id === b) - Number(orgByKey.get(own)?.id === a) ||
        Number((linksOf.get(b) as { n: number }).n) - Number((linksOf.get(a) as { n: number }).n) ||
        a.localeCompare(b)
      )[0];
    bind(rec, primary);
    for (const id of ids) if (id !== primary && !recsOf.has(id)) resolvedTo.set(id, primary);
  }
  for (const id of [...resolvedTo.keys()]) if (recsOf.has(id)) resolvedTo.delete(id);
  const insNode = db.prepare(
    `INSERT INTO organizations (id, key, name, hierarchy_level, is_entity, org_type, is_industry, ultimate_parent_id, depth)
     VALUES (?, ?, ?, 'UNRESOLVED', 0, 'mention', 0, ?, 0)`,
  );
  const madeNode = db.prepare("INSERT OR IGNORE INTO org_link_nodes (id) VALUES (?)");
  const keyTaken = db.prepare("SELECT 1 FROM organizations WHERE key = ?");
  const madeByKey = new Map<string, string>();
  const parentsOf = new Map<string, string[]>(); // entity → parent entities (first = primary)
  const addEdge = (child: string, parent: string) => {
    if (child === parent) return;
    const list = parentsOf.get(child) ?? [];
    if (!list.includes(parent)) list.push(parent);
    parentsOf.set(child, list);
  };
  const ancestorEntity = (rec: Rec): string => {
    const known = entityOf.get(rec);
    if (known) return known;
    const { name } = r.info(rec);
    const keys = nameKeys(name);
    const key = keys.find((k) => orgByKey.has(k)) ?? keys[0];
    const existing = orgByKey.get(key);
    if (existing && !resolvedTo.has(existing.id)) {
      const reg = rec.split(":")[0];
      const had = (recsOf.get(existing.id) ?? []).some((x) => x.startsWith(`${reg}:`));
      bind(rec, existing.id);
      // Already matched in this registry: that match stays what org_matches says.
      if (had) return existing.id;
      match.run(
        existing.id,
        existing.name,
        reg,
        "MATCHED",
        key,
        rec.split(/:(.*)/s)[1],
        name,
        "the registry parent of a matched organization, of the same name key",
        null,
      );
      tally.matched.add(existing.id);
      tally.ambiguous.delete(existing.id);
      return existing.id;
    }
    // A node made for another registry's record of the same key is the same organization.
    const made = keys.map((k) => madeByKey.get(k)).find((m) => m !== undefined);
    if (made && !(recsOf.get(made) ?? []).some((x) => x.startsWith(rec.split(":")[0] + ":"))) {
      bind(rec, made);
      return made;
    }
    let k = key;
    if (keyTaken.get(k)) k = `${key}-${rec.split(/:(.*)/s)[1].toLowerCase()}`;
    const id = `organizations/${k}`;
    if (!keyTaken.get(k)) (insNode.run(id, k, name, id), madeNode.run(id));
    for (const k2 of keys) if (!madeByKey.has(k2)) madeByKey.set(k2, id);
    bind(rec, id);
    return id;
  };
  // Walk up from every matched record (breadth first), making ancestors entities and their edges.
  // GLEIF records first: a parent both registries name is made from (and named after) its LEI record.
  const queue: Rec[] = [...matchedBy.keys()].sort((a, b) =>
    Number(b.startsWith("gleif:")) - Number(a.startsWith("gleif:"))
  );
  const walked = new Set<Rec>();
  for (let qi = 0; qi < queue.length; qi++) {
    const rec = queue[qi];
    if (walked.has(rec)) continue;
    walked.add(rec);
    const child = entityOf.get(rec) ?? ancestorEntity(rec);
    const ups = r.parents(rec);
    // GLEIF: the ultimate parent the direct chain does not reach hangs above the chain's head.
    const u = r.ultimate(rec);
    if (u && u !== rec && r.parents(rec)[0] !== u) {
      const top = r.head(rec).head;
      const chain = new Set<Rec>([rec]);
      for (let at = rec, i = 0; i < MAX_HOPS; i++) {
        const p = r.parents(at)[0];
        if (!p || chain.has(p)) break;
        (chain.add(p), at = p);
      }
      if (!chain.has(u) && top !== u) {
        addEdge(ancestorEntity(top), ancestorEntity(u));
        queue.push(top, u);
      }
    }
    for (const p of ups) {
      addEdge(child, ancestorEntity(p));
      queue.push(p);
    }
  }

  // Families the names state (after the registries' parents, which come first).
  const stated = statedFamilies(db, (id) => resolvedTo.get(id) ?? id, parentsOf, match);
  for (const [child, parent] of stated.edges) addEdge(child, parent);
  if (stated.lines.length) out.push(...stated.lines);

  // Entity attributes; GLEIF parents first (ultimate and depth follow the first parent).
  const setEntity = db.prepare(
    `UPDATE organizations SET hierarchy_level = 'GLOBAL PARENT', is_entity = 1, ror_id = ?, lei = ?, org_type = ?,
       country = ?, is_industry = ?, resolved_to_id = NULL WHERE id = ?`,
  );
  const addName = db.prepare(
    "INSERT OR IGNORE INTO org_names (org_id, key, name, source) VALUES (?, ?, ?, ?)",
  );
  for (const [id, recs] of recsOf) {
    const ror = recs.find((x) => x.startsWith("ror:"));
    const lei = recs.find((x) => x.startsWith("gleif:"));
    const type = ror ? r.info(ror).type : r.info(lei!).type;
    const country = (lei && r.info(lei).country) ?? (ror && r.info(ror).country) ?? null;
    setEntity.run(
      ror?.slice(4) ?? null,
      lei?.slice(6) ?? null,
      type,
      country,
      type === "company" ? 1 : 0,
      id,
    );
    for (const rec of recs) for (const [n, src] of r.info(rec).names) addName.run(id, orgKey(n), n, src);
    const list = parentsOf.get(id);
    if (list && list.length > 1) {
      const gleifParent = list.find((p) => (recsOf.get(p) ?? []).some((x) => x.startsWith("gleif:")) && lei);
      if (gleifParent) parentsOf.set(id, [gleifParent, ...list.filter((p) => p !== gleifParent)]);
    }
  }

  // Hierarchy: parent edges, ultimate parent and depth by first parents, the closure over all parents.
  const insParent = db.prepare("INSERT OR IGNORE INTO org_parent (parent_id, child_id) VALUES (?, ?)");
  const setTop = db.prepare("UPDATE organizations SET ultimate_parent_id = ?, depth = ? WHERE id = ?");
  const insClosure = db.prepare(
    `INSERT INTO org_closure (ancestor_id, descendant_id, hops) VALUES (?, ?, ?)
     ON CONFLICT(ancestor_id, descendant_id) DO UPDATE SET hops = min(hops, excluded.hops)`,
  );
  const ancestors = (id: string): Map<string, number> => {
    const found = new Map<string, number>();
    let frontier = [id], hops = 0;
    while (frontier.length && hops < MAX_HOPS) {
      hops++;
      const next: string[] = [];
      for (const at of frontier) {
        for (const p of parentsOf.get(at) ?? []) {
          if (p === id || found.has(p)) continue;
          found.set(p, hops);
          next.push(p);
        }
      }
      frontier = next;
    }
    return found;
  };
  const topOf = new Map<string, { top: string; depth: number }>();
  // Every organization with a parent or a registry record (a stated parent is one too).
  const nodes = new Set<string>([...recsOf.keys(), ...parentsOf.keys(), ...[...parentsOf.values()].flat()]);
  for (const id of nodes) {
    for (const p of parentsOf.get(id) ?? []) insParent.run(p, id);
    const seen = new Set([id]);
    let at = id, depth = 0;
    for (;;) {
      const p = (parentsOf.get(at) ?? [])[0];
      if (!p || seen.has(p) || depth >= MAX_HOPS) break;
      (seen.add(p), at = p, depth++);
    }
    topOf.set(id, { top: at, depth });
    setTop.run(at, depth, id);
    insClosure.run(id, id, 0);
    for (const [a, h] of ancestors(id)) insClosure.run(a, id, h);
  }
  const setMention = db.prepare(
    "UPDATE organizations SET resolved_to_id = ?, ultimate_parent_id = ?, depth = ? WHERE id = ?",
  );
  for (const [id, to] of resolvedTo) {
    const t = topOf.get(to)!;
    setMention.run(to, t.top, t.depth + 1, id);
    insClosure.run(id, id, 0);
    insClosure.run(to, id, 1);
    for (const [a, h] of ancestors(to)) insClosure.run(a, id, h + 1);
  }

  const sources = orgs.length;
  const families = new Set([...topOf.values()].map((t) => t.top)).size;
  const made = count(db, "SELECT count(*) AS n FROM org_link_nodes") - stated.made;
  const edges = count(db, "SELECT count(*) AS n FROM org_parent");
  if (regs.length) {
    out.push(
      `Organizations: ${tally.matched.size.toLocaleString("en-US")} of ${
        sources.toLocaleString("en-US")
      } matched to ` +
        `registry records (${
          regs.map((g) => `${g === "ror" ? "ROR" : "GLEIF"} ${tally[g].toLocaleString("en-US")}`).join(", ")
        }), ` +
        `${(sources - tally.matched.size).toLocaleString("en-US")} UNRESOLVED (${
          tally.ambiguous.size.toLocaleString("en-US")
        } ambiguous); ` +
        `${recsOf.size.toLocaleString("en-US")} entities (${
          made.toLocaleString("en-US")
        } of them registry parents no source names) in ` +
        `${families.toLocaleString("en-US")} families, ${
          edges.toLocaleString("en-US")
        } parent links; see the org_matches table`,
    );
  }

  // SEC registrants' LEIs, by their names' keys in GLEIF.
  if (r.gleif && hasTable(db, "sec_entities")) {
    const sec = db.prepare("SELECT ticker, name FROM sec_entities").all() as {
      ticker: string;
      name: string;
    }[];
    if (sec.length) {
      const setLei = db.prepare("UPDATE sec_entities SET lei = ? WHERE ticker = ?");
      let joined = 0;
      const memo = new Map<string, Decision | undefined>();
      for (const s of sec) {
        const key = orgKey(s.name);
        if (!memo.has(key)) memo.set(key, decide(r, "gleif", key, true));
        const d = memo.get(key);
        if (d?.rec) (setLei.run(d.rec.slice(6), s.ticker), joined++);
      }
      out.push(
        `SEC tickers: ${joined.toLocaleString("en-US")} of ${
          sec.length.toLocaleString("en-US")
        } joined to an LEI ` +
          "by their registrant's name in GLEIF",
      );
    }
  }
  return out;
}

/** Words of a stated relation before `OF` ("A WHOLLY OWNED SUB OF", "AN INDIRECT WHOLLY OWNED SUBSIDIARY OF"). */
const OWNED =
  String.raw`(?:(?:AN?|THE|ITS)\s+)?(?:(?:INDIRECT|DIRECT|WHOLLY|MAJORITY|PARTIALLY|FULLY|JOINTLY)[\s-]+)*` +
  String.raw`(?:OWNED\s+)?`;
const RELATION = String.raw`(SUBSIDIARY|SUBSIDIARIES|SUBS?|AFFILIATE|AFFIL|DIVISION|DIVN?)\.?`;
const STATED: { re: RegExp; parent: number; phrase: (m: RegExpExecArray) => string }[] = [
  // "FOLDRX PHARMACEUTICALS LLC A WHOLLY OWNED SUB OF PFIZER INC", "PARKE-DAVIS DIVISION OF PFIZER INC",
  // "X, a subsidiary of Y", "X, an affiliate of Y".
  {
    re: new RegExp(String.raw`^(.+?)[\s,;]+${OWNED}${RELATION}\s+OF\s+(.+)$`, "i"),
    parent: 3,
    phrase: (m) => m[0].slice(m[1].length, m[0].length - m[3].length).replace(/^[\s,;]+/, "").trim(),
  },
  // "APOTHECON INC DIV BRISTOL MYERS SQUIBB", "PFIZER LABORATORIES DIV PFIZER INC".
  {
    re: /^(.+?)[\s,;]+(DIVISION|DIV|DIVN)\.?\s+(?!OF\b)(.+)$/i,
    parent: 3,
    phrase: (m) => m[2].toUpperCase(),
  },
  // "X, a Johnson & Johnson company", "X A JOHNSON AND JOHNSON CO".
  {
    re: /^(.+?)[\s,;]+AN?\s+(.+?)\s+(COMPANY|CO)\.?$/i,
    parent: 2,
    phrase: (m) => `A … ${m[3].toUpperCase()}`,
  },
];

/** True when a name has a word that is not a legal form (orgKey keeps legal words only when all are). */
const named = (name: string): boolean => orgKey(`${name} zqxz`) !== "zqxz";

/**
 * The parent an organization's own name states: "<unit> A (WHOLLY OWNED / INDIRECT …) SUB(SIDIARY) OF
 * <parent>", "<unit> DIVISION OF <parent>", "<unit> DIV <parent>", "<unit>, an affiliate of <parent>",
 * "<unit>, a <parent> company". Undefined when the name states none (or a part is only legal-form words).
 * `owned`: the phrase says sub(sidiary) or affiliate (a division or "company" may name a department).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { statedParent } from "./link_orgs.ts";
 * assert.deepEqual(statedParent("FOLDRX PHARMACEUTICALS LLC A WHOLLY OWNED SUB OF PFIZER INC"), {
 *   unit: "FOLDRX PHARMACEUTICALS LLC", parent: "PFIZER INC", phrase: "A WHOLLY OWNED SUB OF", owned: true,
 * });
 * assert.equal(statedParent("APOTHECON INC DIV BRISTOL MYERS SQUIBB")?.parent, "BRISTOL MYERS SQUIBB");
 * assert.equal(statedParent("PFIZER INC"), undefined);
 * ```
 */
export function statedParent(
  name: string,
): { unit: string; parent: string; phrase: string; owned: boolean } | undefined {
  const text = name.trim().replace(/\s+/g, " ");
  for (const { re, parent: at, phrase } of STATED) {
    const m = re.exec(text);
    if (!m) continue;
    const parent = m[at].replace(/^[\s,;]+|[\s,;.]+$/g, "");
    const unit = m[1].replace(/[\s,;]+$/g, "");
    if (!named(parent) || !named(unit)) continue;
    const said = phrase(m);
    return {
      unit,
      parent,
      phrase: said,
      owned: /\b(SUB|SUBS|SUBSIDIARY|SUBSIDIARIES|AFFILIATE|AFFIL)\b/i.test(said),
    };
  }
  return undefined;
}

/** True when a name carries a legal-form word (orgKey drops it: "MERCK AND CO INC"). */
const hasLegalForm = (name: string): boolean =>
  orgKey(name).split("-").length < name.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean).length;

/** Legal-form words that make a different company of the same first name ("MERCK KGAA" is not "MERCK"). */
const OTHER_FORM = new Set([
  "kgaa",
  "se",
  "ag",
  "sa",
  "spa",
  "nv",
  "bv",
  "gmbh",
  "plc",
  "ltd",
  "kk",
  "ab",
  "oy",
]);

type Org = { id: string; key: string; name: string };

/**
 * Step 3 of {@linkcode statedFamilies}: a trial sponsor whose name is the leading words of an Orange Book
 * applicant's (or the reverse), the rest only words of the same company (lib/client/names.ts `sameCompanySuffix`), is the same company:
 * the longer-named one without a parent becomes a unit of the shorter ("BOEHRINGER INGELHEIM
 * PHARMACEUTICALS INC" under "Boehringer Ingelheim"); when it already has a family, the shorter one
 * without a parent joins that family's head. Not linked (recorded UNRESOLVED, with why): when another
 * family's name also begins with the shorter name with other words ("Merck" beside MERCK KGAA or MERCK
 * SHARP AND DOHME LLC …), or when both are already in different families.
 *
 * @returns How many were joined.
 */
function leadingWordsFamilies(
  db: DatabaseSync,
  applicants: readonly Org[],
  up: (id: string) => string[],
  entity: (id: string) => string,
  match: ReturnType<DatabaseSync["prepare"]>,
  link: (
    orgId: string,
    orgName: string,
    parent: { id: string; name: string },
    key: string,
    rule: string,
  ) => boolean,
): number {
  if (!applicants.length || !hasTable(db, "trial_sponsors")) return 0;
  const sponsors = db.prepare(
    "SELECT DISTINCT o.id, o.key, o.name FROM trial_sponsors s JOIN organizations o ON o.id = s.org_id",
  ).all() as Org[];
  const isApplicant = new Set(applicants.map((a) => a.id));
  const isSponsor = new Set(sponsors.map((o) => o.id));
  const all = new Map<string, Org>([...sponsors, ...applicants].map((o) => [o.id, o]));
  const byKey = new Map<string, Org[]>();
  for (const o of all.values()) byKey.set(o.key, [...(byKey.get(o.key) ?? []), o]);
  const root = (id: string): string => {
    let at = entity(id);
    const seen = new Set<string>();
    while (!seen.has(at)) {
      seen.add(at);
      const p = up(at)[0];
      if (!p) return at;
      at = p;
    }
    return at;
  };
  // Every shorter name that leads a longer one at a word, with the words after it.
  const leads = new Map<string, { short: Org; longs: { o: Org; rest: string[] }[] }>();
  for (const o of all.values()) {
    const words = o.key.split("-");
    for (let n = words.length - 1; n >= 1; n--) {
      for (const short of byKey.get(words.slice(0, n).join("-")) ?? []) {
        if (short.id === o.id) continue;
        const l = leads.get(short.id) ?? { short, longs: [] };
        l.longs.push({ o, rest: words.slice(n) });
        leads.set(short.id, l);
      }
    }
  }
  let joined = 0;
  const unresolved = (o: Org, short: Org, rule: string) =>
    match.run(o.id, o.name, "name", "UNRESOLVED", short.key, short.id, short.name, rule, null);
  for (const { short, longs } of leads.values()) {
    const pair = (o: Org) =>
      (isSponsor.has(short.id) && isApplicant.has(o.id)) ||
      (isApplicant.has(short.id) && isSponsor.has(o.id));
    const same = longs.filter((l) =>
      pair(l.o) && sameCompanySuffix(l.rest) && root(l.o.id) !== root(short.id)
    );
    if (!same.length) continue;
    const rule = (l: { o: Org; rest: string[] }) =>
      `its name is ${isSponsor.has(short.id) ? "the trial sponsor" : "the applicant"} ${short.name}'s ` +
      `followed by a pharmaceutical or legal suffix ("${l.rest.join(" ").toUpperCase()}")`;
    // Another company's name beginning with the same words ("Merck" beside MERCK KGAA): not decidable.
    const mine = new Set([root(short.id), ...same.map((l) => root(l.o.id))]);
    const other = longs.find((l) => !sameCompanySuffix(l.rest) && !mine.has(root(l.o.id)));
    for (const l of same) {
      if (other) {
        unresolved(l.o, short, `${rule(l)}; not linked: ${other.o.name} also begins with that name`);
        continue;
      }
      const longTop = root(l.o.id), shortTop = root(short.id);
      if (longTop === shortTop) continue;
      if (longTop === entity(l.o.id)) {
        if (link(l.o.id, l.o.name, short, short.key, rule(l))) joined++;
      } else if (shortTop === entity(short.id)) {
        const head = all.get(longTop) ?? (db.prepare("SELECT id, key, name FROM organizations WHERE id = ?")
          .get(longTop) as Org | undefined);
        if (!head) continue;
        const r = `${l.o.name}'s name is its own followed by a pharmaceutical or legal suffix ` +
          `("${l.rest.join(" ").toUpperCase()}"): the family of ${head.name}`;
        if (link(short.id, short.name, head, head.key, r)) joined++;
      } else {
        unresolved(l.o, short, `${rule(l)}; not linked: both are already in other families`);
      }
    }
  }
  return joined;
}

/**
 * Families the names state, for the linking step:
 *
 * 1. **A stated parent**: an organization whose own name states its parent ({@linkcode statedParent})
 *    is a unit of the organization of that parent's name key (made from the name when no source names it,
 *    e.g. "MERCK AND CO INC"); an organization whose key is the stated unit's own name ("MERCK SHARP AND
 *    DOHME LLC" beside "MERCK SHARP AND DOHME LLC A SUB OF MERCK AND CO INC") is the same unit and gets the
 *    same parent, unless its own name states another.
 * 2. **A name beginning with another applicant's full name**: an Orange Book applicant (an organization
 *    holding approvals) without a stated parent whose key begins, at a word, with another applicant's key
 *    is that applicant's unit ("BRISTOL MYERS SQUIBB CO PHARMACEUTICAL RESEARCH INSTITUTE" under "BRISTOL
 *    MYERS SQUIBB CO", "PFIZER CENTRAL RESEARCH" under "PFIZER INC"); the longest such applicant; not when
 *    the rest is only a legal form ("MERCK KGAA" is not a unit of a "MERCK").
 * 3. **A trial sponsor's name leading an applicant's** (or the reverse) with only a pharmaceutical or
 *    legal suffix after it ({@linkcode leadingWordsFamilies}): the same company ("Boehringer Ingelheim" and
 *    "BOEHRINGER INGELHEIM PHARMACEUTICALS INC"), unless another family's name begins with it too.
 *
 * A registry-matched mention stands for its entity. No edge closes a cycle. Every decision is a row of
 * `org_matches` with registry `name`.
 */
function statedFamilies(
  db: DatabaseSync,
  entity: (id: string) => string,
  parentsOf: Map<string, string[]>,
  match: ReturnType<DatabaseSync["prepare"]>,
): { edges: [string, string][]; lines: string[]; made: number } {
  const byKey = db.prepare("SELECT id, name FROM organizations WHERE key = ?");
  const insNode = db.prepare(
    `INSERT INTO organizations (id, key, name, hierarchy_level, is_entity, org_type, is_industry, ultimate_parent_id, depth)
     VALUES (?, ?, ?, 'UNRESOLVED', 0, 'mention', 0, ?, 0)`,
  );
  const madeNode = db.prepare("INSERT OR IGNORE INTO org_link_nodes (id) VALUES (?)");
  const addName = db.prepare(
    "INSERT OR IGNORE INTO org_names (org_id, key, name, source) VALUES (?, ?, ?, 'stated')",
  );
  const edges: [string, string][] = [];
  const parentOf = new Map<string, string>(); // this step's parents
  let made = 0, byName = 0, byPrefix = 0;
  const up = (
    id: string,
  ): string[] => [...(parentsOf.get(id) ?? []), ...(parentOf.has(id) ? [parentOf.get(id)!] : [])];
  const reaches = (from: string, to: string): boolean => {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length) {
      const at = stack.pop()!;
      if (at === to) return true;
      if (seen.has(at)) continue;
      seen.add(at);
      stack.push(...up(at));
    }
    return false;
  };
  const link = (
    orgId: string,
    orgName: string,
    parent: { id: string; name: string },
    key: string,
    rule: string,
  ) => {
    const child = entity(orgId), to = entity(parent.id);
    if (child === to || reaches(to, child)) {
      match.run(
        orgId,
        orgName,
        "name",
        "UNRESOLVED",
        key,
        parent.id,
        parent.name,
        `${rule}; not linked: it would close a cycle`,
        null,
      );
      return false;
    }
    parentOf.set(child, to);
    edges.push([child, to]);
    match.run(orgId, orgName, "name", "MATCHED", key, parent.id, parent.name, rule, null);
    return true;
  };
  const orgOf = (name: string): { id: string; name: string } => {
    const key = orgKey(name);
    const known = byKey.get(key) as { id: string; name: string } | undefined;
    if (known) return known;
    const id = `organizations/${key}`;
    insNode.run(id, key, name, id);
    madeNode.run(id);
    addName.run(id, key, name);
    made++;
    return { id, name };
  };

  // 1. Stated parents, over every organization's own name (streamed: patent stores hold hundreds of thousands).
  const rows = db.prepare("SELECT id, key, name FROM organizations").all() as {
    id: string;
    key: string;
    name: string;
  }[];
  const statedUnit = new Map<string, { parent: { id: string; name: string }; phrase: string; by: string }>();
  const hasOwn = new Set<string>();
  for (const o of rows) {
    const s = statedParent(o.name);
    if (!s) continue;
    const rule = `its name states its parent ("${s.phrase}" ${s.parent})`;
    // "Division of …" and "a … company" also name departments ("National Cancer Institute Division of
    // Cancer Prevention"): their parent must be an organization a source names, or carry a legal form.
    if (!s.owned && !byKey.get(orgKey(s.parent)) && !hasLegalForm(s.parent)) {
      match.run(
        o.id,
        o.name,
        "name",
        "UNRESOLVED",
        orgKey(s.parent),
        null,
        s.parent,
        `${rule}; not linked: no source names that organization and the name carries no legal form`,
        null,
      );
      continue;
    }
    const parent = orgOf(s.parent);
    if (link(o.id, o.name, parent, orgKey(s.parent), rule)) byName++;
    hasOwn.add(o.id);
    const unitKey = orgKey(s.unit);
    if (unitKey !== o.key && !statedUnit.has(unitKey)) {
      statedUnit.set(unitKey, { parent, phrase: s.phrase, by: o.name });
    }
  }
  for (const [unitKey, s] of statedUnit) {
    const same = byKey.get(unitKey) as { id: string; name: string } | undefined;
    if (!same || hasOwn.has(same.id) || parentOf.has(entity(same.id))) continue;
    const rule =
      `the same name key as the unit "${s.by}" names, which states its parent ("${s.phrase}" ${s.parent.name})`;
    if (link(same.id, same.name, s.parent, orgKey(s.parent.name), rule)) (byName++, hasOwn.add(same.id));
  }

  // 2. Applicants whose name begins with another applicant's full name.
  const applicants = db.prepare(
    "SELECT DISTINCT o.id, o.key, o.name FROM approval_sponsors s JOIN organizations o ON o.id = s.org_id",
  ).all() as { id: string; key: string; name: string }[];
  const applicantByKey = new Map(applicants.map((a) => [a.key, a]));
  for (const a of applicants) {
    if (hasOwn.has(a.id)) continue;
    const words = a.key.split("-");
    for (let n = words.length - 1; n >= 1; n--) {
      const head = applicantByKey.get(words.slice(0, n).join("-"));
      if (!head || head.id === a.id) continue;
      if (words.slice(n).every((w) => OTHER_FORM.has(w))) {
        match.run(
          a.id,
          a.name,
          "name",
          "UNRESOLVED",
          head.key,
          head.id,
          head.name,
          `its name begins with the applicant's full name ${head.name}; not linked: the rest is only a ` +
            "legal form (another company of the same name)",
          null,
        );
        break;
      }
      const rule = `its name begins with the applicant's full name ${head.name}`;
      if (link(a.id, a.name, head, head.key, rule)) byPrefix++;
      break;
    }
  }
  // 3. A trial sponsor and an applicant whose names differ only by a pharmaceutical or legal suffix.
  const byLead = leadingWordsFamilies(db, applicants, up, entity, match, link);
  const lines = byName + byPrefix + byLead
    ? [
      `Families the names state: ${
        byName.toLocaleString("en-US")
      } organizations under the parent their name ` +
      `states (sub, division, affiliate of …), ${byPrefix.toLocaleString("en-US")} applicants under the ` +
      `applicant whose full name theirs begins with; ${made.toLocaleString("en-US")} parents made from the ` +
      `names; ${byLead.toLocaleString("en-US")} trial sponsors and applicants whose names differ only by ` +
      "a pharmaceutical or legal suffix joined; see org_matches (registry 'name')",
    ]
    : [];
  return { edges, lines, made };
}
