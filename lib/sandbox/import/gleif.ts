/**
 * GLEIF's LEI records (Level 1: who is who) and relationship records (Level 2: who owns whom) → the
 * registry's staging tables, which the linking step (link_orgs.ts) matches the sources' organizations
 * against. Two layouts are read, each by field name:
 *
 * - the **golden copy CSV** files (LEI-CDF: `LEI`, `Entity.LegalName`,
 *   `Entity.OtherEntityNames.OtherEntityName.<n>` with `.type`,
 *   `Entity.TransliteratedOtherEntityNames.TransliteratedOtherEntityName.<n>`, `Entity.LegalAddress.Country`,
 *   `Entity.EntityCategory`, `Entity.EntityStatus`, `Registration.RegistrationStatus`,
 *   `Registration.LastUpdateDate`; RR-CDF: `Relationship.StartNode.NodeID`, `Relationship.EndNode.NodeID`,
 *   `Relationship.RelationshipType`, `Relationship.RelationshipStatus`, `Registration.RegistrationStatus`),
 *   plain or zipped, one file or a folder of them (`…-gleif-goldencopy-lei2-golden-copy.csv(.zip)`,
 *   `…-rr-golden-copy.csv(.zip)`); the reporting-exceptions file (`…-repex-…`) is recognised and skipped;
 * - the **GLEIF API** JSON pages (`{"meta": …, "data": [ … ]}` of `lei-records` and
 *   `relationship-records`, or one record under `data`), streamed element by element.
 *
 * What is kept: `gleif_entities` (LEI, legal name, legal-address country, category, entity status,
 * registration status, last update), `gleif_names` (every name by its organization key with its kind:
 * `legal`, `alternative_language_legal_name`, `trading_or_operating_name`, `previous_legal_name`,
 * `auto_ascii_transliterated_legal_name` …) and `gleif_relations` (child LEI, parent LEI, `direct`
 * (IS_DIRECTLY_CONSOLIDATED_BY) or `ultimate` (IS_ULTIMATELY_CONSOLIDATED_BY), relationship status,
 * registration status). Other relationship types (fund management, branches) are not corporate
 * families and are skipped.
 *
 * The golden copy is millions of records: every file is streamed (csvSink / jsonArraySink), and the
 * lookup indexes are built once after the load. A golden copy file replaces its table (it is a full
 * snapshot); API records update the records they hold in place. The edition is the golden copy's
 * publish date — from the file name (`20241101-0800-gleif-goldencopy-…` → `2024-11-01`) or the API's
 * `meta.goldenCopy.publishDate` — else the latest `Registration.LastUpdateDate` of the records.
 *
 * @module
 */
import { batched, type ImportStore } from "./_store.ts";
import { nameKeys } from "./ror.ts";
import { csvSink, fileError, isZip, jsonArraySink, readSource, type Sink } from "./_read.ts";

/** The staging tables of the GLEIF records (created by the import; read by the linking step). */
export const GLEIF_DDL = `
CREATE TABLE IF NOT EXISTS gleif_entities (lei TEXT PRIMARY KEY, name TEXT NOT NULL, country TEXT, category TEXT,
  entity_status TEXT, registration_status TEXT, last_update TEXT) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS gleif_names (lei TEXT NOT NULL, key TEXT NOT NULL, name TEXT NOT NULL, kind TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS gleif_relations (child_lei TEXT NOT NULL, parent_lei TEXT NOT NULL,
  kind TEXT NOT NULL, status TEXT, registration_status TEXT);
`;
const GLEIF_INDEXES = `
CREATE INDEX IF NOT EXISTS gleif_names_key ON gleif_names(key);
CREATE INDEX IF NOT EXISTS gleif_names_lei ON gleif_names(lei);
CREATE INDEX IF NOT EXISTS gleif_relations_child ON gleif_relations(child_lei, kind);
CREATE INDEX IF NOT EXISTS gleif_relations_parent ON gleif_relations(parent_lei);
`;

const LEI = /^[A-Z0-9]{18}[0-9]{2}$/;
const KINDS: Record<string, "direct" | "ultimate"> = {
  IS_DIRECTLY_CONSOLIDATED_BY: "direct",
  IS_ULTIMATELY_CONSOLIDATED_BY: "ultimate",
};

interface Entity {
  lei: string;
  name: string;
  others: { name: string; kind: string }[];
  country: string | null;
  category: string | null;
  status: string | null;
  registration: string | null;
  updated: string | null;
}

interface Relation {
  child: string;
  parent: string;
  kind: "direct" | "ultimate";
  status: string | null;
  registration: string | null;
  updated: string | null;
}

// deno-lint-ignore no-explicit-any
type Json = any;

const str = (v: unknown): string | null => typeof v === "string" && v.trim() !== "" ? v.trim() : null;
const goldenDate = (name: string): string | undefined => {
  const m = /(\d{4})(\d{2})(\d{2})-\d{4}-gleif-goldencopy/i.exec(name);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
};

/** Import GLEIF records at `path`: golden copy CSV files (plain or zipped, or a folder) or API JSON pages. */
export async function importGleif(
  store: ImportStore,
  path: string,
): Promise<{ rows: number; edition: string }> {
  const { db } = store;
  db.exec(GLEIF_DDL);
  for (
    const ix of ["gleif_names_key", "gleif_names_lei", "gleif_relations_child", "gleif_relations_parent"]
  ) {
    db.exec(`DROP INDEX IF EXISTS ${ix}`);
  }
  const entity = db.prepare(
    `INSERT INTO gleif_entities (lei, name, country, category, entity_status, registration_status, last_update)
     VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(lei) DO UPDATE SET name = excluded.name, country = excluded.country,
       category = excluded.category, entity_status = excluded.entity_status,
       registration_status = excluded.registration_status, last_update = excluded.last_update`,
  );
  const name = db.prepare("INSERT INTO gleif_names (lei, key, name, kind) VALUES (?, ?, ?, ?)");
  const dropNames = db.prepare("DELETE FROM gleif_names WHERE lei = ?");
  const relation = db.prepare(
    "INSERT INTO gleif_relations (child_lei, parent_lei, kind, status, registration_status) VALUES (?, ?, ?, ?, ?)",
  );
  const dropRelation = db.prepare("DELETE FROM gleif_relations WHERE child_lei = ? AND kind = ?");
  let entities = 0, relations = 0, latest = "", published = "";
  let replacedEntities = false, replacedRelations = false, inPlace = false;
  const seen = (d: string | null) => {
    if (d && d.slice(0, 10) > latest) latest = d.slice(0, 10);
  };
  const tx = batched<Entity | Relation>(db, 5000, (r) => {
    if ("lei" in r) {
      if (inPlace) dropNames.run(r.lei);
      entity.run(r.lei, r.name, r.country, r.category, r.status, r.registration, r.updated);
      const keys = new Set<string>();
      for (const n of [{ name: r.name, kind: "legal" }, ...r.others]) {
        for (const key of nameKeys(n.name)) {
          if (keys.has(key)) continue;
          keys.add(key);
          name.run(r.lei, key, n.name, n.kind);
        }
      }
      entities++;
    } else {
      if (inPlace) dropRelation.run(r.child, r.kind);
      relation.run(r.child, r.parent, r.kind, r.status, r.registration);
      relations++;
    }
    seen(r.updated);
  });

  const csvFile = (file: string): Sink => {
    let col: Map<string, number> | undefined;
    let kind: "lei" | "rr" | "skip" = "skip";
    let others: { name: number; type: number }[] = [];
    let line = 1;
    const need = (names: string[], what: string) => {
      const missing = names.filter((n) => !col!.has(n));
      if (missing.length) {
        throw fileError("--gleif", file, 1, missing.join(", "), `a column of its header (${what})`);
      }
    };
    return csvSink((f) => {
      if (!col) {
        col = new Map(f.map((c, i) => [c.replace(/^\uFEFF/, "").trim(), i]));
        if (col.has("Relationship.StartNode.NodeID")) {
          kind = "rr";
          need(
            ["Relationship.StartNode.NodeID", "Relationship.EndNode.NodeID", "Relationship.RelationshipType"],
            "a GLEIF relationship record (RR-CDF) golden copy file",
          );
          if (!replacedRelations) (db.exec("DELETE FROM gleif_relations"), replacedRelations = true);
        } else if (col.has("Entity.LegalName")) {
          kind = "lei";
          need(["LEI", "Entity.LegalName"], "a GLEIF LEI record (LEI-CDF) golden copy file");
          if (!replacedEntities) {
            (db.exec("DELETE FROM gleif_entities; DELETE FROM gleif_names"), replacedEntities = true);
          }
          others = [...col.keys()]
            .filter((c) =>
              /^Entity\.(OtherEntityNames\.OtherEntityName|TransliteratedOtherEntityNames\.TransliteratedOtherEntityName)\.\d+$/
                .test(c)
            )
            .map((c) => ({ name: col!.get(c)!, type: col!.get(`${c}.type`) ?? -1 }));
        } else if (col.has("Exception.Category")) kind = "skip";
        else {
          throw fileError(
            "--gleif",
            file,
            1,
            f.join(",").slice(0, 60),
            "a GLEIF golden copy header (LEI-CDF with LEI and Entity.LegalName, or RR-CDF with " +
              "Relationship.StartNode.NodeID)",
          );
        }
        return;
      }
      line++;
      if (kind === "skip") return;
      const cell = (name: string) => str(f[col!.get(name) ?? -1]);
      if (kind === "lei") {
        const lei = (cell("LEI") ?? "").toUpperCase();
        const legal = cell("Entity.LegalName");
        if (!LEI.test(lei) || !legal) {
          throw fileError(
            "--gleif",
            file,
            line,
            f.slice(0, 3).join(","),
            "a LEI record (a 20-character LEI and a legal name)",
          );
        }
        tx.add({
          lei,
          name: legal,
          others: others.map((o) => ({
            name: str(f[o.name]),
            kind: (str(f[o.type]) ?? "other_name").toLowerCase(),
          }))
            .filter((o): o is { name: string; kind: string } => o.name !== null),
          country: cell("Entity.LegalAddress.Country") ?? cell("Entity.HeadquartersAddress.Country"),
          category: cell("Entity.EntityCategory"),
          status: cell("Entity.EntityStatus"),
          registration: cell("Registration.RegistrationStatus"),
          updated: cell("Registration.LastUpdateDate"),
        });
        return;
      }
      const type = KINDS[cell("Relationship.RelationshipType") ?? ""];
      if (!type) return;
      if ((cell("Relationship.StartNode.NodeIDType") ?? "LEI") !== "LEI") return;
      if ((cell("Relationship.EndNode.NodeIDType") ?? "LEI") !== "LEI") return;
      const child = (cell("Relationship.StartNode.NodeID") ?? "").toUpperCase();
      const parent = (cell("Relationship.EndNode.NodeID") ?? "").toUpperCase();
      if (!LEI.test(child) || !LEI.test(parent)) {
        throw fileError(
          "--gleif",
          file,
          line,
          f.slice(0, 3).join(","),
          "a relationship record between two LEIs",
        );
      }
      tx.add({
        child,
        parent,
        kind: type,
        status: cell("Relationship.RelationshipStatus"),
        registration: cell("Registration.RegistrationStatus"),
        updated: cell("Registration.LastUpdateDate"),
      });
    });
  };

  const apiRecord = (file: string) => (r: Json, at: { line: number }) => {
    const a = r?.attributes;
    const expected = "a GLEIF API record (lei-records or relationship-records with attributes)";
    if (typeof r !== "object" || r === null || typeof a !== "object" || a === null) {
      throw fileError("--gleif", file, at.line, JSON.stringify(r) ?? String(r), expected);
    }
    inPlace = true;
    if (r.type === "lei-records") {
      const lei = String(a.lei ?? r.id ?? "").toUpperCase();
      const legal = str(a.entity?.legalName?.name);
      if (!LEI.test(lei) || !legal) throw fileError("--gleif", file, at.line, JSON.stringify(r), expected);
      const others = [...(a.entity?.otherNames ?? []), ...(a.entity?.transliteratedOtherNames ?? [])]
        .map((o: Json) => ({ name: str(o?.name), kind: String(o?.type ?? "other_name").toLowerCase() }))
        .filter((o: { name: string | null; kind: string }): o is { name: string; kind: string } =>
          o.name !== null
        );
      tx.add({
        lei,
        name: legal,
        others,
        country: str(a.entity?.legalAddress?.country) ?? str(a.entity?.headquartersAddress?.country),
        category: str(a.entity?.category),
        status: str(a.entity?.status),
        registration: str(a.registration?.status),
        updated: str(a.registration?.lastUpdateDate),
      });
    } else if (r.type === "relationship-records") {
      const rel = a.relationship;
      const type = KINDS[String(rel?.type ?? "")];
      if (!type) return;
      const child = String(rel?.startNode?.id ?? "").toUpperCase();
      const parent = String(rel?.endNode?.id ?? "").toUpperCase();
      if (!LEI.test(child) || !LEI.test(parent)) {
        throw fileError("--gleif", file, at.line, JSON.stringify(r), expected);
      }
      tx.add({
        child,
        parent,
        kind: type,
        status: str(rel?.status),
        registration: str(a.registration?.status),
        updated: str(a.registration?.lastUpdateDate),
      });
    } else if (r.type !== "reporting-exceptions") {
      throw fileError("--gleif", file, at.line, JSON.stringify(r), expected);
    }
  };

  let files = 0;
  const pick = (file: string): Sink | undefined => {
    const lower = file.toLowerCase();
    const date = goldenDate(file.split("/").pop() ?? file);
    if (date && date > published) published = date;
    if (lower.endsWith(".csv")) return (files++, csvFile(file));
    if (lower.endsWith(".json")) {
      files++;
      return jsonArraySink(apiRecord(file), {
        field: "data",
        onMember: (key, value) => {
          const d = str((value as Json)?.goldenCopy?.publishDate);
          if (key === "meta" && d && d.slice(0, 10) > published) published = d.slice(0, 10);
        },
        error: (found, line, what) => fileError("--gleif", file, line, found, what),
      });
    }
    return undefined;
  };
  const inputs: string[] = [];
  if ((await Deno.stat(path)).isDirectory) {
    const walk = async (dir: string) => {
      for await (const e of Deno.readDir(dir)) {
        if (e.isDirectory) await walk(`${dir}/${e.name}`);
        else if (e.isFile && /\.(csv|json|zip)$/i.test(e.name)) inputs.push(`${dir}/${e.name}`);
      }
    };
    await walk(path);
    inputs.sort();
  } else inputs.push(path);
  for (const input of inputs) {
    const base = input.split(/[\\/]/).pop()!;
    const date = goldenDate(base);
    if (date && date > published) published = date;
    if (await isZip(input)) await readSource(input, pick);
    else {
      const sink = pick(base);
      if (sink) await readSource(input, () => sink);
    }
  }
  tx.done();
  db.exec(GLEIF_INDEXES);
  if (files === 0 || entities + relations === 0) {
    throw new RangeError(
      `--gleif: no LEI or relationship record in ${path}; give GLEIF's golden copy CSV files (the LEI-CDF ` +
        "…-lei2-golden-copy.csv and the RR-CDF …-rr-golden-copy.csv, plain or zipped, or a folder of them) or " +
        "GLEIF API JSON pages of lei-records / relationship-records",
    );
  }
  return { rows: entities + relations, edition: published || latest || "undated" };
}
