/**
 * Open Targets Platform release files (a release folder as published: one folder per dataset holding
 * `part-*.parquet` files — or the JSON-lines variant, `part-*.json`, also gzipped) → the store's
 * molecules, targets, diseases, association scores, mechanisms and indications.
 *
 * Datasets are found by their folder names, current and older (a release may nest them, e.g.
 * `24.09/output/etl/parquet/targets`, `26.03/output/target`); where a dataset is published in both forms the
 * Parquet is read. Folder and field names of each release (24.09, 25.03–25.12, 26.03–26.06) are in one
 * table, {@linkcode SHAPES}: a field is read under the first of its published names a file has (the
 * association score `associationScore` from 26.03, `score` before; disease synonyms as 26.03's flat lists or
 * the older struct; a drug's phase as 26.03's stage word or the older number, {@linkcode STAGE_PHASE}).
 *
 * | dataset | folder names read (newest first) | what it fills |
 * |---|---|---|
 * | molecules | `drug_molecule`, `molecule` | `molecules`, `molecule_names` (generic, brand = `tradeNames`, `synonyms`, salt forms) |
 * | targets | `target`, `targets` | `targets` (symbol, name, class from `targetClass`), `target_aliases` |
 * | diseases | `disease`, `diseases` | `diseases` (id as CURIE, first parent, therapeutic area), `disease_synonyms`, `disease_xrefs` |
 * | direct overall associations | `association_overall_direct`, `associationByOverallDirect` | `associations` (score, evidence count) |
 * | mechanisms of action | `drug_mechanism_of_action`, `mechanismOfAction` | `molecule_targets`, molecules' mechanism |
 * | indications | `clinical_indication`, `drug_indication`, `indication` | `molecule_indications` (max phase per indication; approved = 4) |
 * | drug warnings | `drug_warning`, `drugWarnings` | molecules' boxed warnings in words (class and text) |
 * | drug–target pairs | `clinical_target`, `known_drug`, `knownDrugsAggregated` | `molecule_indications` and `molecule_targets` when the release lacks the two above; target classes the target file lacks |
 *
 * - Columns are read by name; a file without a column the import needs under any of its published names
 *   is refused, naming the file, the release, the names looked for and the columns found. Parquet files are read one at a time, in slices, through nodejs-polars;
 *   JSON lines are parsed line by line: memory stays bounded whatever the release size.
 * - Ids: a disease `EFO_0000311` is stored as the CURIE `EFO:0000311` (prefix upper case) with the
 *   published form as its key; cross-references are kept with their prefix in upper case (`MeSH:D001943`
 *   → `MESH:D001943`, and MeSH ids also in their 10-character form `MESH:D000001943` that ClinicalTrials.gov
 *   uses), so the linking step joins trial conditions to them.
 * - Parent and salt forms: a molecule with `parentId` is a form of its parent; its name is a salt name of
 *   the parent. Mechanisms and indications of a form count for its parent (targets and indications are the
 *   parent's, as in the sandbox's schema).
 * - Landscape tier (the spec's three): **biologics** — `drugType` Antibody, Protein, Enzyme, Cell or
 *   Gene; of the others (small molecules, oligonucleotides, …) **commodities** — first approved before
 *   {@linkcode COMMODITY_BEFORE} or with a generic (an ANDA approval in the Orange Book, decided in the
 *   linking step) — else **small_molecules_modern**.
 * - Therapeutic area: the first of a disease's `therapeuticAreas` that maps to one of the store's area
 *   words ({@linkcode areaOf}), else `other`.
 * - Target novelty (the sandbox's 0..1 score, higher = less explored): `1 − min(1, log10(1 + direct
 *   associations of the target) / 3)` — a target with 999 or more direct associations scores 0.
 * - The edition is the release: a `version`/`release` in a release metadata file, else a folder named like
 *   `24.09`, else "undated".
 * - A release is a snapshot: each dataset imported replaces what the previous import of it wrote
 *   (diseases are updated in place, so trial conditions linked to them stay linked).
 *
 * @module
 */
import pl from "nodejs-polars";
import v8 from "node:v8";
import vm from "node:vm";
import { Gunzip } from "fflate";
import { batched, type ImportStore } from "./_store.ts";
import { splitDdl } from "../store/schema.ts";
import { fileError, lineSink, readFile, type Sink } from "./_read.ts";

// deno-lint-ignore no-explicit-any
type Rec = Record<string, any>;

const FLAG = "--open-targets";

/** Small molecules first approved before this year are commodities (as are those with a generic). */
export const COMMODITY_BEFORE = 2005;

/** `drugType` values that are biologics. */
export const BIOLOGIC_TYPES: ReadonlySet<string> = new Set(["antibody", "protein", "enzyme", "cell", "gene"]);

type Kind =
  | "target"
  | "disease"
  | "molecule"
  | "mechanism"
  | "indication"
  | "knownDrug"
  | "warning"
  | "association";

/** Releases in which a name was seen (see docs/PUBLIC_DATA.md, "Open Targets releases"). */
const R24 = "24.09", R25 = "25.03–25.12", R26 = "26.03–26.06";
const UPTO25 = `${R24}, ${R25}`, ALL = `${R24}, ${R25}, ${R26}`;

/** A field's or folder's published names, newest first, each with the releases it was seen in. */
type Names = readonly (readonly [name: string, releases: string])[];

/** How one dataset is published, release by release. */
export interface Shape {
  /** Its folder names. */
  readonly folders: Names;
  /**
   * The fields read: the import's name → the names the releases publish it under; the first name a file
   * has is read. `a.b` is field `b` of the struct column `a`.
   */
  readonly fields: Readonly<Record<string, Names>>;
  /** Fields every file must have. */
  readonly need: readonly string[];
  /** Fields of which a file must have one (the dataset's row forms across releases). */
  readonly anyOf?: readonly string[];
  /** Fields a JSON line must have to be a record of the dataset (Spark's writer leaves nulls out). */
  readonly keys: readonly string[];
  /** The dataset in words, for errors. */
  readonly expected: string;
}

/**
 * Every dataset's folder and field names in each published release — the one table the reader selects
 * names from. Sources per release: 24.09 and 25.12 from the publisher's own schema files (24.09's
 * `output/metadata`, 25.12's `croissant.json`); 26.03–26.06 from the publisher's pipeline and loader code
 * (`opentargets/pts` v26.03.0, `opentargets/platform-output-support`); 25.03 from the platform docs'
 * layout (its field names equal 25.12's). Details: /work/shared/public-samples/open_targets/SCHEMA.md,
 * summarised in docs/PUBLIC_DATA.md.
 */
export const SHAPES: Readonly<Record<Kind, Shape>> = {
  target: {
    folders: [["target", `${R25}, ${R26}`], ["targets", R24]],
    fields: {
      id: [["id", ALL]],
      approvedSymbol: [["approvedSymbol", ALL]],
      approvedName: [["approvedName", ALL]],
      synonyms: [["synonyms", ALL]],
      symbolSynonyms: [["symbolSynonyms", ALL]],
      nameSynonyms: [["nameSynonyms", ALL]],
      obsoleteSymbols: [["obsoleteSymbols", ALL]],
      targetClass: [["targetClass", ALL]],
    },
    need: ["id", "approvedSymbol"],
    keys: ["id"],
    expected: "the Open Targets target dataset (id, approvedSymbol, approvedName, …)",
  },
  disease: {
    folders: [["disease", `${R25}, ${R26}`], ["diseases", R24]],
    fields: {
      id: [["id", ALL]],
      name: [["name", ALL]],
      // 26.03 added flat synonym lists beside the struct it is phasing out (both carry the same names).
      exact: [["exactSynonyms", R26], ["synonyms.hasExactSynonym", ALL]],
      related: [["relatedSynonyms", R26], ["synonyms.hasRelatedSynonym", ALL]],
      narrow: [["narrowSynonyms", R26], ["synonyms.hasNarrowSynonym", ALL]],
      broad: [["broadSynonyms", R26], ["synonyms.hasBroadSynonym", ALL]],
      dbXRefs: [["dbXRefs", ALL]],
      parents: [["parents", ALL]],
      therapeuticAreas: [["therapeuticAreas", ALL]],
      ontology: [["ontology", ALL]],
    },
    need: ["id", "name"],
    keys: ["id"],
    expected: "the Open Targets disease dataset (id, name, synonyms, dbXRefs, parents, therapeuticAreas)",
  },
  molecule: {
    folders: [["drug_molecule", `${R25}, ${R26}`], ["molecule", R24]],
    fields: {
      id: [["id", ALL]],
      name: [["name", ALL]],
      drugType: [["drugType", ALL]],
      blackBoxWarning: [["blackBoxWarning", UPTO25]],
      yearOfFirstApproval: [["yearOfFirstApproval", UPTO25]],
      // A stage word from 26.03 (APPROVAL, PHASE_3, …), a number before (4.0, 3.0, 0.5).
      phase: [["maximumClinicalStage", R26], ["maximumClinicalTrialPhase", UPTO25]],
      isApproved: [["isApproved", UPTO25]],
      tradeNames: [["tradeNames", ALL]],
      synonyms: [["synonyms", ALL]],
      parentId: [["parentId", ALL]],
      childChemblIds: [["childChemblIds", ALL]],
    },
    need: ["id", "name"],
    keys: ["id"],
    expected: "the Open Targets drug molecule dataset (id, name, drugType, tradeNames, …)",
  },
  mechanism: {
    folders: [["drug_mechanism_of_action", `${R25}, ${R26}`], ["mechanismOfAction", R24]],
    fields: {
      chemblIds: [["chemblIds", ALL]],
      targets: [["targets", ALL]],
      actionType: [["actionType", ALL]],
      mechanismOfAction: [["mechanismOfAction", ALL]],
    },
    need: ["chemblIds", "targets"],
    keys: ["chemblIds"],
    expected:
      "the Open Targets mechanism-of-action dataset (chemblIds, targets, actionType, mechanismOfAction)",
  },
  indication: {
    folders: [["clinical_indication", R26], ["drug_indication", R25], ["indication", R24]],
    fields: {
      // clinical_indication: one row per drug and disease (its `id` is the row's); before, one row per drug.
      drug: [["drugId", R26], ["id", UPTO25]],
      disease: [["diseaseId", R26]],
      stage: [["maxClinicalStage", R26]],
      indications: [["indications", UPTO25]],
      approvedIndications: [["approvedIndications", UPTO25]],
    },
    need: ["drug"],
    anyOf: ["disease", "indications"],
    keys: ["drug"],
    expected:
      "the Open Targets drug indication dataset (drugId, diseaseId, maxClinicalStage; or id, indications, approvedIndications)",
  },
  knownDrug: {
    folders: [["clinical_target", R26], ["known_drug", R25], ["knownDrugsAggregated", R24]],
    fields: {
      drug: [["drugId", ALL]],
      target: [["targetId", ALL]],
      disease: [["diseaseId", UPTO25]],
      diseases: [["diseases", R26]],
      phase: [["maxClinicalStage", R26], ["phase", UPTO25]],
      mechanismOfAction: [["mechanismOfAction", UPTO25]],
      targetClass: [["targetClass", UPTO25]],
    },
    need: ["drug", "target", "phase"],
    keys: ["drug"],
    expected:
      "the Open Targets drug–target dataset (drugId, targetId, maxClinicalStage, diseases; or drugId, targetId, diseaseId, phase)",
  },
  warning: {
    folders: [["drug_warning", R25], ["drugWarnings", R24]],
    fields: {
      chemblIds: [["chemblIds", UPTO25]],
      warningType: [["warningType", UPTO25]],
      toxicityClass: [["toxicityClass", UPTO25]],
      description: [["description", UPTO25]],
    },
    need: ["chemblIds", "warningType"],
    keys: ["chemblIds"],
    expected: "the Open Targets drug warning dataset (chemblIds, warningType, toxicityClass, description)",
  },
  association: {
    folders: [["association_overall_direct", `${R25}, ${R26}`], ["associationByOverallDirect", R24]],
    fields: {
      targetId: [["targetId", ALL]],
      diseaseId: [["diseaseId", ALL]],
      score: [["associationScore", R26], ["score", UPTO25]],
      evidenceCount: [["evidenceCount", ALL]],
    },
    need: ["targetId", "diseaseId", "score"],
    keys: ["targetId", "diseaseId", "score"],
    expected:
      "the Open Targets direct overall association dataset (targetId, diseaseId, associationScore or score, evidenceCount)",
  },
};

/** Dataset folder names by kind, newest first. */
export const DATASETS: Readonly<Record<Kind, readonly string[]>> = Object.fromEntries(
  (Object.entries(SHAPES) as [Kind, Shape][]).map(([k, s]) => [k, s.folders.map(([n]) => n)]),
) as unknown as Record<Kind, readonly string[]>;

/**
 * The phase a clinical stage word stands for, on the 0–4 scale of the earlier releases (ChEMBL's: a
 * mixed phase counts as the higher one, early phase 1 as 0.5; a withdrawn drug had been approved).
 */
export const STAGE_PHASE: Readonly<Record<string, number>> = {
  APPROVAL: 4,
  WITHDRAWAL: 4,
  PHASE_4: 4,
  PREAPPROVAL: 3,
  PHASE_3: 3,
  PHASE_2_3: 3,
  PHASE_2: 2,
  PHASE_1_2: 2,
  PHASE_1: 1,
  EARLY_PHASE_1: 0.5,
  IND: 0,
  PRECLINICAL: 0,
  UNKNOWN: 0,
};

/** A phase from a number (≤ 25.12) or a stage word (26.03 on); undefined when neither. */
export function phaseOf(v: unknown): number | undefined {
  if (typeof v === "string" && Object.hasOwn(STAGE_PHASE, v.trim().toUpperCase())) {
    return STAGE_PHASE[v.trim().toUpperCase()];
  }
  return num(v);
}

/** Which of a field's names a file has (`a.b`: the struct column `a`), given its top-level columns. */
function pick(names: Names, has: (column: string) => boolean): string | undefined {
  return names.map(([n]) => n).find((n) => has(n.split(".")[0]));
}

/** The value of a chosen name in a record read with its top-level columns. */
function valueOf(rec: Rec, name: string): unknown {
  const [top, sub] = name.split(".");
  const v = rec[top];
  return sub === undefined ? v : (v !== null && typeof v === "object" ? (v as Rec)[sub] : undefined);
}

/** One dataset found in the release: its files, all Parquet or all JSON lines. */
interface Dataset {
  readonly kind: Kind;
  readonly dir: string;
  readonly format: "parquet" | "json";
  readonly files: readonly string[];
  /** The release the folder states (for errors). */
  readonly release?: string;
}

const KIND_OF = new Map<string, Kind>(
  (Object.entries(DATASETS) as [Kind, readonly string[]][]).flatMap(([k, names]) =>
    names.map((n) => [n.toLowerCase(), k] as [string, Kind])
  ),
);

const isPart = (name: string, format: "parquet" | "json") =>
  !name.startsWith(".") && !name.startsWith("_") &&
  (format === "parquet" ? /\.parquet$/i.test(name) : /\.(json|jsonl|ndjson)(\.gz)?$/i.test(name));

/** The datasets of a release folder (Parquet preferred over JSON for the same kind). */
export async function findDatasets(path: string): Promise<Dataset[]> {
  const found = new Map<Kind, Dataset>();
  const visit = async (dir: string, depth: number) => {
    const entries: Deno.DirEntry[] = [];
    for await (const e of Deno.readDir(dir)) entries.push(e);
    entries.sort((a, b) => a.name.localeCompare(b.name));
    const base = dir.replace(/[\\/]+$/, "").split(/[\\/]/).pop()!.toLowerCase();
    const kind = KIND_OF.get(base);
    if (kind) {
      for (const format of ["parquet", "json"] as const) {
        const files = entries.filter((e) => e.isFile && isPart(e.name, format)).map((e) =>
          `${dir}/${e.name}`
        );
        const known = found.get(kind);
        // Parquet over JSON; then the newest folder name (a release keeping a legacy folder beside it).
        const rank = (d: { dir: string; format: string }) =>
          (d.format === "parquet" ? 0 : 100) +
          DATASETS[kind].findIndex((n) => n.toLowerCase() === d.dir.split(/[\\/]/).pop()!.toLowerCase());
        if (files.length && (!known || rank({ dir, format }) < rank(known))) {
          found.set(kind, { kind, dir, format, files });
        }
      }
    }
    if (depth >= 6) return;
    for (const e of entries) {
      if (e.isDirectory && !e.name.startsWith(".")) await visit(`${dir}/${e.name}`, depth + 1);
    }
  };
  await visit(path.replace(/[\\/]+$/, ""), 0);
  return [...found.values()];
}

/** The release a folder states: a metadata/release file's version, else a `YY.MM` folder name, else undefined. */
export async function releaseOf(path: string): Promise<string | undefined> {
  const root = path.replace(/[\\/]+$/, "");
  const files: string[] = [];
  const visit = async (dir: string, depth: number) => {
    for await (const e of Deno.readDir(dir)) {
      if (e.isFile && /^(release|metadata|version)[\w.-]*\.(json|ya?ml|txt)$/i.test(e.name)) {
        files.push(`${dir}/${e.name}`);
      } else if (e.isDirectory && depth < 2 && !KIND_OF.has(e.name.toLowerCase())) {
        await visit(`${dir}/${e.name}`, depth + 1);
      }
    }
  };
  await visit(root, 0);
  for (const f of files.sort()) {
    if ((await Deno.stat(f)).size > 1 << 20) continue;
    const text = await Deno.readTextFile(f);
    const m =
      /["']?(?:release|version|releaseVersion|platformVersion)["']?\s*[:=]\s*["']?(\d{2}\.\d{2}(?:\.\d+)?)/i
        .exec(text);
    if (m) return m[1];
  }
  const named = (await Deno.realPath(root)).split(/[\\/]/).reverse().find((p) => /^\d{2}\.\d{2}$/.test(p));
  return named;
}

const SLICE = 50_000;

let collect: (() => void) | null | undefined;

/**
 * Free the native memory of the Polars frames read so far. It is released when V8 collects their JS
 * wrappers, and V8 does not count it, so without this a release's 200 association files would hold
 * hundreds of MB of dead frames: a full collection (node:v8's `--expose-gc`), then a turn of the event loop
 * for the finalizers to run. Where the flag cannot be set, only the turn.
 */
async function releaseFrames(): Promise<void> {
  if (collect === undefined) {
    try {
      v8.setFlagsFromString("--expose-gc");
      collect = vm.runInNewContext("gc") as () => void;
    } catch {
      collect = null;
    }
  }
  collect?.();
  await new Promise((r) => setTimeout(r, 0));
}

/** Rows read between two {@linkcode releaseFrames}. */
const RELEASE_EVERY = 250_000;

/**
 * Every record of a dataset, in file order, with the file and (JSON) line it came from: each of the
 * dataset's fields under the import's name, read from the first of its published names the file has
 * ({@linkcode SHAPES}).
 */
async function eachRecord(
  ds: Dataset,
  onRecord: (rec: Rec, file: string, line: number | undefined) => void,
): Promise<number> {
  let n = 0, sinceRelease = 0;
  const shape = SHAPES[ds.kind], release = ds.release ?? "undated";
  const fields = Object.entries(shape.fields);
  const published = (names: Names) => names.map(([name, r]) => `${name} (${r})`).join(" or ");
  for (const file of ds.files) {
    const short = file.split(/[\\/]/).slice(-2).join("/");
    if (ds.format === "parquet") {
      let columns: string[];
      try {
        columns = pl.scanParquet(file).columns;
      } catch (e) {
        throw fileError(
          FLAG,
          short,
          undefined,
          String((e as Error).message ?? e),
          `a Parquet file of ${shape.expected}`,
        );
      }
      const chosen = fields.map(([f, names]) => [f, pick(names, (c) => columns.includes(c))] as const);
      const missing = chosen.filter(([f, name]) => name === undefined && shape.need.includes(f));
      const noForm = shape.anyOf && shape.anyOf.every((f) => !chosen.find(([g, name]) => g === f && name));
      if (missing.length || noForm) {
        const wanted = missing.length
          ? missing.map(([f]) => published(shape.fields[f])).join("; ")
          : `one of ${shape.anyOf!.map((f) => published(shape.fields[f])).join("; ")}`;
        throw new RangeError(
          `${FLAG}: ${short} (release ${release}) has no ${
            missing.length ? missing.map(([f]) => f).join(", ") : shape.anyOf!.join(" or ")
          } column: looked for ${wanted}; columns found: ${columns.join(", ")}; expected ${shape.expected} ` +
            `as Open Targets publishes it (a release whose names are not in the table of open_targets.ts)`,
        );
      }
      const read = chosen.filter((c): c is readonly [string, string] => c[1] !== undefined);
      const cols = [...new Set(read.map(([, name]) => name.split(".")[0]))];
      const rows = Number(
        pl.scanParquet(file).select(pl.len().alias("n")).collectSync().getColumn("n").get(0),
      );
      for (let off = 0; off < rows; off += SLICE) {
        const df = rows <= SLICE
          ? pl.readParquet(file, { columns: cols })
          : pl.scanParquet(file).select(...cols).slice(off, SLICE).collectSync();
        const arrays = new Map(cols.map((c) => [c, df.getColumn(c).toArray() as unknown[]]));
        for (let i = 0; i < df.height; i++) {
          const raw: Rec = {};
          for (const c of cols) raw[c] = arrays.get(c)![i];
          const rec: Rec = {};
          for (const [f, name] of read) rec[f] = valueOf(raw, name);
          onRecord(rec, short, undefined);
          n++;
        }
        if ((sinceRelease += df.height) >= RELEASE_EVERY) (sinceRelease = 0, await releaseFrames());
      }
    } else {
      const lines = lineSink((text, line) => {
        if (!text.trim()) return;
        let raw: Rec;
        try {
          raw = JSON.parse(text);
        } catch {
          throw fileError(FLAG, short, line, text.trim(), `a JSON line of ${shape.expected}`);
        }
        if (typeof raw !== "object" || raw === null) {
          throw fileError(FLAG, short, line, text.trim(), `a record of ${shape.expected}`);
        }
        const rec: Rec = {};
        for (const [f, names] of fields) {
          const name = pick(names, (c) => c in raw);
          if (name !== undefined) rec[f] = valueOf(raw, name);
        }
        // Spark's JSON writer leaves null fields out: only a record's key fields must be there.
        if (shape.keys.some((f) => !(f in rec))) {
          throw fileError(
            FLAG,
            short,
            line,
            text.trim(),
            `a record of ${shape.expected} (release ${release}; fields ${
              shape.keys.map((f) => published(shape.fields[f])).join("; ")
            })`,
          );
        }
        onRecord(rec, short, line);
        n++;
      });
      let sink: Sink = lines;
      if (/\.gz$/i.test(file)) {
        const gz = new Gunzip((chunk, final) => lines(chunk, final));
        sink = (chunk, final) => gz.push(chunk, final);
      }
      await readFile(file, sink);
    }
  }
  if (ds.format === "parquet") await releaseFrames();
  return n;
}

const str = (
  v: unknown,
): string | undefined => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const strings = (v: unknown): string[] => list(v).map(str).filter((s): s is string => s !== undefined);
const num = (v: unknown): number | undefined => {
  const n = typeof v === "bigint"
    ? Number(v)
    : typeof v === "number"
    ? v
    : typeof v === "string"
    ? Number(v)
    : NaN;
  return Number.isFinite(n) ? n : undefined;
};

/** `EFO_0000311` → `EFO:0000311`; an id already with a colon keeps it; the prefix in upper case. */
export function curieOf(id: string): string {
  const m = /^([A-Za-z][A-Za-z0-9]*)[_:](.+)$/.exec(id.trim());
  return m ? `${m[1].toUpperCase()}:${m[2]}` : id.trim();
}

/** A cross-reference as stored: prefix in upper case (`MeSH`/`MSH` → `MESH`); MeSH ids in both lengths. */
export function xrefsOf(xref: string): string[] {
  const m = /^([A-Za-z][A-Za-z0-9._-]*)[:_](.+)$/.exec(xref.trim());
  if (!m) return [];
  let prefix = m[1].toUpperCase();
  if (prefix === "MSH" || prefix === "MESH") prefix = "MESH";
  const id = m[2].trim();
  if (prefix !== "MESH") return [`${prefix}:${id}`];
  const short = /^([A-Z])0{3}(\d{6})$/.exec(id), long = /^([A-Z])(\d{6})$/.exec(id);
  return [
    `MESH:${id}`,
    ...(short ? [`MESH:${short[1]}${short[2]}`] : []),
    ...(long ? [`MESH:${long[1]}000${long[2]}`] : []),
  ];
}

/** The store's therapeutic-area word for an Open Targets therapeutic area name, or undefined. */
export function areaOf(name: string): string | undefined {
  const n = name.toLowerCase();
  const rules: [RegExp, string][] = [
    [/cancer|neoplasm|tumou?r|carcinoma/, "oncology"],
    [/psychiatric|mental|behaviou?r/, "psychiatry"],
    [/nervous system|neurolog/, "neurology"],
    [/cardiovascular|heart/, "cardiovascular"],
    [/immune|autoimmun/, "immunology"],
    [/respiratory|lung/, "respiratory"],
    [/infectious|infection/, "infectious"],
    [/metabolic|nutritional|endocrine/, "metabolic"],
    [/urinary|kidney|renal/, "nephrology"],
    [/hematolog|haematolog|blood/, "hematology"],
    [/musculoskeletal|connective tissue/, "musculoskeletal"],
    [/visual system|eye/, "ophthalmology"],
    [/integumentary|skin/, "dermatology"],
    [/digestive|gastrointestinal|liver|pancrea/, "gastroenterology"],
  ];
  return rules.find(([re]) => re.test(n))?.[1];
}

/** Therapeutic-area ids of the Platform with their names, for releases whose disease file lacks them. */
const TA_NAMES: Readonly<Record<string, string>> = {
  MONDO_0045024: "cancer or benign tumor",
  EFO_0000616: "neoplasm",
  EFO_0000319: "cardiovascular disease",
  EFO_0000618: "nervous system disease",
  MONDO_0002025: "psychiatric disorder",
  EFO_0000540: "immune system disease",
  EFO_0005741: "infectious disease",
  OTAR_0000010: "infectious disease",
  EFO_0000684: "respiratory or thoracic disease",
  OTAR_0000020: "nutritional or metabolic disease",
  EFO_0001379: "endocrine system disease",
  EFO_0009690: "urinary system disease",
  EFO_0005803: "hematologic disease",
  OTAR_0000006: "musculoskeletal or connective tissue disease",
  MONDO_0024458: "disease of visual system",
  EFO_0010285: "integumentary system disease",
  EFO_0000405: "digestive system disease",
};

/** The store's target class for Open Targets' `targetClass` labels (ChEMBL's protein classification). */
export function targetClassOf(labels: readonly string[]): string {
  const all = labels.join(" | ").toLowerCase();
  if (all === "") return "unclassified";
  const rules: [RegExp, string][] = [
    [/kinase/, "kinase"],
    [/g protein-coupled|gpcr/, "gpcr"],
    [/ion channel/, "ion channel"],
    [/nuclear receptor/, "nuclear receptor"],
    [/receptor/, "receptor"],
    [/transporter/, "transporter"],
    [/transcription factor/, "transcription factor"],
    [/epigenetic/, "epigenetic regulator"],
    [/enzyme|protease|phosphatase|oxidoreductase|transferase|hydrolase|lyase|isomerase|ligase/, "enzyme"],
    [/secreted/, "secreted protein"],
  ];
  return rules.find(([re]) => re.test(all))?.[1] ?? labels[0].toLowerCase();
}

const ACTIONS = new Set([
  "INHIBITOR",
  "AGONIST",
  "ANTAGONIST",
  "MODULATOR",
  "BLOCKER",
  "ACTIVATOR",
  "OPENER",
  "BINDING AGENT",
  "ANTISENSE INHIBITOR",
  "DEGRADER",
  "STABILISER",
  "RELEASING AGENT",
  "CROSS-LINKING AGENT",
  "ALLOSTERIC ANTAGONIST",
  "POSITIVE ALLOSTERIC MODULATOR",
  "NEGATIVE ALLOSTERIC MODULATOR",
  "PARTIAL AGONIST",
  "INVERSE AGONIST",
]);

/** An action type from a mechanism's words ("Coagulation factor X inhibitor" → INHIBITOR), else OTHER. */
function actionFromText(moa: string | undefined): string {
  const words = (moa ?? "").toUpperCase().split(/\s+/);
  for (let k = 3; k >= 1; k--) {
    const tail = words.slice(-k).join(" ");
    if (words.length >= k && ACTIONS.has(tail)) return tail;
  }
  return "OTHER";
}

/** Import the Open Targets release at `path`; returns the records read and the release. */
export async function importOpenTargets(
  store: ImportStore,
  path: string,
): Promise<{ rows: number; edition: string }> {
  const { db } = store;
  if (!(await Deno.stat(path)).isDirectory) {
    throw new RangeError(
      `${FLAG}: ${path} is not a folder; give the release folder you downloaded (holding the dataset folders ` +
        `such as ${
          Object.values(DATASETS).map((n) => n[0]).join(", ")
        }, each with part-*.parquet or part-*.json files)`,
    );
  }
  const datasets = await findDatasets(path);
  if (datasets.length === 0) {
    throw new RangeError(
      `${FLAG}: no Open Targets dataset in ${path}; expected dataset folders named ` +
        `${
          Object.values(DATASETS).map((n) => n.join(" or ")).join(", ")
        }, each with part-*.parquet or part-*.json files`,
    );
  }
  const release = (await releaseOf(path)) ?? "undated";
  const by = new Map(datasets.map((d) => [d.kind, { ...d, release }]));
  db.exec(`CREATE TABLE IF NOT EXISTS disease_xrefs (disease_id TEXT NOT NULL, xref TEXT NOT NULL,
    PRIMARY KEY (xref, disease_id)) WITHOUT ROWID`);
  let rows = 0;
  const run = async (kind: Kind, fn: (ds: Dataset) => Promise<number>) => {
    const ds = by.get(kind);
    if (ds) rows += await fn(ds);
  };
  await run("target", (ds) => importTargets(db, ds));
  await run("disease", (ds) => importDiseases(db, ds));
  const parents = new Map<string, string>();
  await run("molecule", (ds) => importMolecules(db, ds, parents));
  if (!by.has("molecule")) {
    for (const r of db.prepare("SELECT chembl_id, parent_chembl_id FROM molecules").all() as Rec[]) {
      parents.set(r.chembl_id, r.parent_chembl_id ?? r.chembl_id);
    }
  }
  const parentOf = (id: string) => parents.get(id) ?? id;
  await run("mechanism", (ds) => importMechanisms(db, ds, parentOf));
  await run("indication", (ds) => importIndications(db, ds, parentOf));
  await run(
    "knownDrug",
    (ds) => importKnownDrugs(db, ds, parentOf, by.has("mechanism"), by.has("indication")),
  );
  await run("warning", (ds) => importWarnings(db, ds, parentOf));
  await run("association", (ds) => importAssociations(db, ds));
  if (by.has("association") || by.has("target")) targetNovelty(db);
  // The linking step looks molecules and diseases up by name: their indexes now, not at the finish.
  const tables = ["molecules", "molecule_names", "molecule_targets", "molecule_indications", "diseases"];
  const indexes = splitDdl().indexes.split("\n").filter((l) => tables.some((t) => l.includes(` ON ${t}(`)));
  db.exec(indexes.join("\n").replace(/^CREATE (UNIQUE )?INDEX /gm, "CREATE $1INDEX IF NOT EXISTS "));
  return { rows, edition: release };
}

function step(db: ImportStore["db"], sql: string): void {
  db.exec("SAVEPOINT ot_step");
  db.exec(sql);
  db.exec("RELEASE ot_step");
}

async function importTargets(db: ImportStore["db"], ds: Dataset): Promise<number> {
  step(db, "DELETE FROM target_aliases; DELETE FROM targets");
  const ins = db.prepare(
    "INSERT INTO targets (id, symbol, name, target_class, novelty) VALUES (?, ?, ?, ?, 1)",
  );
  const alias = db.prepare("INSERT INTO target_aliases (target_id, alias) VALUES (?, ?)");
  const symbolTaken = db.prepare("SELECT 1 FROM targets WHERE symbol = ?");
  const tx = batched<Rec>(db, 5000, (r) => {
    const id = str(r.id)!, symbol = str(r.approvedSymbol) ?? id;
    const labels = list(r.targetClass).map((c) => str((c as Rec)?.label)).filter((s): s is string => !!s);
    // Symbols are unique in the store; a second gene with the same symbol (non-coding RNAs) keeps its id beside it.
    const shown = symbolTaken.get(symbol) ? `${symbol} (${id})` : symbol;
    ins.run(id, shown, str(r.approvedName) ?? symbol, targetClassOf(labels));
    const seen = new Set([shown.toLowerCase()]);
    for (const field of ["symbolSynonyms", "synonyms", "nameSynonyms", "obsoleteSymbols"]) {
      for (const s of list(r[field])) {
        const label = str(typeof s === "string" ? s : (s as Rec)?.label);
        if (label && !seen.has(label.toLowerCase())) (seen.add(label.toLowerCase()), alias.run(id, label));
      }
    }
  });
  const n = await eachRecord(ds, (r, file, line) => {
    if (!str(r.id)) throw fileError(FLAG, file, line, JSON.stringify(r), "a target with an id");
    tx.add(r);
  });
  tx.done();
  return n;
}

async function importDiseases(db: ImportStore["db"], ds: Dataset): Promise<number> {
  const ontology = "id NOT LIKE 'MESH:%' AND id NOT LIKE 'CTGOV:%'";
  step(
    db,
    `DELETE FROM disease_synonyms WHERE disease_id IN (SELECT id FROM diseases WHERE ${ontology});
     DELETE FROM disease_xrefs WHERE disease_id IN (SELECT id FROM diseases WHERE ${ontology})`,
  );
  const ins = db.prepare(
    `INSERT INTO diseases (id, efo_key, name, parent_id, therapeutic_area, text_term) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET efo_key = excluded.efo_key, name = excluded.name, parent_id = excluded.parent_id,
       therapeutic_area = excluded.therapeutic_area, text_term = excluded.text_term`,
  );
  const syn = db.prepare("INSERT INTO disease_synonyms (disease_id, synonym) VALUES (?, ?)");
  const xref = db.prepare("INSERT OR IGNORE INTO disease_xrefs (disease_id, xref) VALUES (?, ?)");
  const taIds = new Map<string, string[]>();
  const names = new Map<string, string>();
  const tx = batched<Rec>(db, 5000, (r) => {
    const key = str(r.id)!, id = curieOf(key), name = str(r.name) ?? key;
    const tas = strings(r.therapeuticAreas);
    if (tas.length) taIds.set(id, tas);
    if (r.ontology?.isTherapeuticArea === true || Object.hasOwn(TA_NAMES, key)) names.set(key, name);
    const parent = strings(r.parents)[0];
    ins.run(id, key, name, parent ? curieOf(parent) : null, "other", name);
    const seen = new Set([name.toLowerCase()]);
    for (const field of ["exact", "related", "narrow", "broad"]) {
      for (const v of strings(r[field])) {
        if (!seen.has(v.toLowerCase())) (seen.add(v.toLowerCase()), syn.run(id, v));
      }
    }
    for (const x of strings(r.dbXRefs)) for (const v of xrefsOf(x)) xref.run(id, v);
  });
  const n = await eachRecord(ds, (r, file, line) => {
    if (!str(r.id)) throw fileError(FLAG, file, line, JSON.stringify(r), "a disease with an id");
    tx.add(r);
  });
  tx.done();
  // Therapeutic areas in the store's words: the first of a disease's areas that maps to one.
  const word = (ta: string) => areaOf(names.get(ta) ?? TA_NAMES[ta] ?? "");
  const set = db.prepare("UPDATE diseases SET therapeutic_area = ? WHERE id = ?");
  const tx2 = batched<[string, string[]]>(db, 5000, ([id, tas]) => {
    const area = tas.map(word).find((w) => w !== undefined);
    if (area) set.run(area, id);
  });
  for (const e of taIds) tx2.add(e);
  tx2.done();
  // A therapeutic area itself belongs to its own area.
  for (const [ta, name] of names) {
    const area = areaOf(name);
    if (area) set.run(area, curieOf(ta));
  }
  return n;
}

async function importMolecules(
  db: ImportStore["db"],
  ds: Dataset,
  parents: Map<string, string>,
): Promise<number> {
  step(db, "DELETE FROM molecule_names; DELETE FROM molecules");
  const ins = db.prepare(
    `INSERT OR REPLACE INTO molecules (chembl_id, generic_name, parent_chembl_id, molecule_type, is_biologic, tier,
       max_phase, is_approved, first_approval_year, has_black_box, black_box_warning, mechanism_of_action, originator_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL)`,
  );
  const name = db.prepare("INSERT INTO molecule_names (chembl_id, name, kind) VALUES (?, ?, ?)");
  const tx = batched<Rec>(db, 5000, (r) => {
    const id = str(r.id)!.toUpperCase();
    const parent = str(r.parentId)?.toUpperCase();
    const generic = (str(r.name) ?? id).toLowerCase();
    const type = str(r.drugType) ?? "Unknown";
    const bio = BIOLOGIC_TYPES.has(type.toLowerCase());
    const year = num(r.yearOfFirstApproval);
    const phase = Math.max(0, phaseOf(r.phase) ?? 0);
    const approved = r.isApproved === true || phase >= 4 ? 1 : 0;
    const tier = bio
      ? "biologics"
      : year !== undefined && year < COMMODITY_BEFORE
      ? "commodities"
      : "small_molecules_modern";
    const boxed = r.blackBoxWarning === true;
    const form = parent !== undefined && parent !== id;
    ins.run(
      id,
      generic,
      form ? parent : null,
      type,
      bio ? 1 : 0,
      tier,
      phase,
      approved,
      year ?? null,
      boxed ? 1 : 0,
      boxed ? "Boxed warning on the label" : null,
    );
    if (form) parents.set(id, parent);
    const seen = new Set([generic]);
    name.run(id, generic, form ? "salt" : "generic");
    for (const b of strings(r.tradeNames)) {
      if (!seen.has(b.toLowerCase())) (seen.add(b.toLowerCase()), name.run(id, b, "brand"));
    }
    for (const s of strings(r.synonyms)) {
      if (!seen.has(s.toLowerCase())) {
        (seen.add(s.toLowerCase()), name.run(id, s, /\d/.test(s) ? "code" : "synonym"));
      }
    }
    for (const child of strings(r.childChemblIds)) parents.set(child.toUpperCase(), id);
  });
  const n = await eachRecord(ds, (r, file, line) => {
    if (!str(r.id)) throw fileError(FLAG, file, line, JSON.stringify(r), "a molecule with a ChEMBL id");
    tx.add(r);
  });
  tx.done();
  // A child listed by its parent's childChemblIds but without parentId of its own is still its form.
  const setParent = db.prepare(
    "UPDATE molecules SET parent_chembl_id = ? WHERE chembl_id = ? AND parent_chembl_id IS NULL AND chembl_id != ?",
  );
  db.exec("SAVEPOINT ot_step");
  for (const [child, parent] of parents) if (child !== parent) setParent.run(parent, child, parent);
  // Salt forms: a form's name is also a name of its parent.
  db.exec(`INSERT INTO molecule_names (chembl_id, name, kind)
    SELECT DISTINCT m.parent_chembl_id, m.generic_name, 'salt' FROM molecules m
    WHERE m.parent_chembl_id IS NOT NULL AND m.parent_chembl_id IN (SELECT chembl_id FROM molecules)
      AND NOT EXISTS (SELECT 1 FROM molecule_names n WHERE n.chembl_id = m.parent_chembl_id AND n.name = m.generic_name)`);
  db.exec("RELEASE ot_step");
  return n;
}

async function importMechanisms(
  db: ImportStore["db"],
  ds: Dataset,
  parentOf: (id: string) => string,
): Promise<number> {
  step(db, "DELETE FROM molecule_targets; UPDATE molecules SET mechanism_of_action = NULL");
  const ins = db.prepare(
    `INSERT OR IGNORE INTO molecule_targets (chembl_id, target_id, action_type, mechanism_of_action)
     VALUES (?, ?, ?, ?)`,
  );
  const moas = new Map<string, Set<string>>();
  const tx = batched<Rec>(db, 5000, (r) => {
    const moa = str(r.mechanismOfAction);
    const action = str(r.actionType)?.toUpperCase() ?? actionFromText(moa);
    const ids = [...new Set(strings(r.chemblIds).map((c) => parentOf(c.toUpperCase())))];
    for (const id of ids) {
      if (moa) moas.set(id, (moas.get(id) ?? new Set()).add(moa));
      for (const t of strings(r.targets)) ins.run(id, t, action, moa ?? action.toLowerCase());
    }
  });
  const n = await eachRecord(ds, (r) => tx.add(r));
  tx.done();
  const set = db.prepare("UPDATE molecules SET mechanism_of_action = ? WHERE chembl_id = ?");
  const tx2 = batched<[string, Set<string>]>(db, 5000, ([id, m]) => set.run([...m].sort().join("; "), id));
  for (const e of moas) tx2.add(e);
  tx2.done();
  return n;
}

async function importIndications(
  db: ImportStore["db"],
  ds: Dataset,
  parentOf: (id: string) => string,
): Promise<number> {
  step(db, "DELETE FROM molecule_indications");
  const ins = db.prepare(
    `INSERT INTO molecule_indications (chembl_id, disease_id, max_phase) VALUES (?, ?, ?)
     ON CONFLICT DO UPDATE SET max_phase = max(max_phase, excluded.max_phase)`,
  );
  const tx = batched<Rec>(db, 5000, (r) => {
    const id = parentOf(str(r.drug)!.toUpperCase());
    // 26.03 on: one row per drug and disease with its stage word.
    const disease = str(r.disease);
    if (disease) ins.run(id, curieOf(disease), Math.max(0, phaseOf(r.stage) ?? 0));
    // Up to 25.12: one row per drug with its indications nested.
    for (const i of list(r.indications)) {
      const d = str((i as Rec)?.disease);
      if (d) ins.run(id, curieOf(d), Math.max(0, num((i as Rec).maxPhaseForIndication) ?? 0));
    }
    for (const d of strings(r.approvedIndications)) ins.run(id, curieOf(d), 4);
  });
  const n = await eachRecord(ds, (r, file, line) => {
    if (!str(r.drug)) {
      throw fileError(FLAG, file, line, JSON.stringify(r), "an indication record with a ChEMBL id");
    }
    tx.add(r);
  });
  tx.done();
  return n;
}

async function importKnownDrugs(
  db: ImportStore["db"],
  ds: Dataset,
  parentOf: (id: string) => string,
  haveMechanisms: boolean,
  haveIndications: boolean,
): Promise<number> {
  const ind = db.prepare(
    `INSERT INTO molecule_indications (chembl_id, disease_id, max_phase) VALUES (?, ?, ?)
     ON CONFLICT DO UPDATE SET max_phase = max(max_phase, excluded.max_phase)`,
  );
  const mt = db.prepare(
    `INSERT OR IGNORE INTO molecule_targets (chembl_id, target_id, action_type, mechanism_of_action)
     VALUES (?, ?, ?, ?)`,
  );
  const cls = db.prepare(
    "UPDATE targets SET target_class = ? WHERE id = ? AND target_class = 'unclassified'",
  );
  if (!haveIndications) step(db, "DELETE FROM molecule_indications");
  if (!haveMechanisms) step(db, "DELETE FROM molecule_targets");
  const classed = new Set<string>();
  const tx = batched<Rec>(db, 5000, (r) => {
    const drug = str(r.drug), target = str(r.target);
    if (!drug) return;
    const id = parentOf(drug.toUpperCase());
    // known_drug: a disease per row; clinical_target (26.03 on): the drug–target's diseases, at its stage.
    const diseases = [str(r.disease), ...list(r.diseases).map((d) => str((d as Rec)?.diseaseId))];
    const phase = Math.max(0, phaseOf(r.phase) ?? 0);
    for (const disease of diseases) if (disease && !haveIndications) ind.run(id, curieOf(disease), phase);
    if (target) {
      const moa = str(r.mechanismOfAction);
      if (!haveMechanisms) mt.run(id, target, actionFromText(moa), moa ?? "unknown mechanism");
      const labels = strings(r.targetClass);
      if (labels.length && !classed.has(target)) {
        (classed.add(target), cls.run(targetClassOf(labels), target));
      }
    }
  });
  const n = await eachRecord(ds, (r) => tx.add(r));
  tx.done();
  return n;
}

/** Boxed warnings' words: the warning class and what it says (the molecule file only flags them). */
async function importWarnings(
  db: ImportStore["db"],
  ds: Dataset,
  parentOf: (id: string) => string,
): Promise<number> {
  const boxed = new Map<string, Set<string>>();
  const n = await eachRecord(ds, (r) => {
    if (!/black\s*box|boxed/i.test(str(r.warningType) ?? "")) return;
    const words = [str(r.toxicityClass), str(r.description)].filter(Boolean).join(": ");
    for (const id of strings(r.chemblIds)) {
      for (const m of new Set([id.toUpperCase(), parentOf(id.toUpperCase())])) {
        boxed.set(m, (boxed.get(m) ?? new Set()).add(words || "Boxed warning on the label"));
      }
    }
  });
  const set = db.prepare("UPDATE molecules SET has_black_box = 1, black_box_warning = ? WHERE chembl_id = ?");
  const tx = batched<[string, Set<string>]>(db, 5000, ([id, w]) => set.run([...w].sort().join("; "), id));
  for (const e of boxed) tx.add(e);
  tx.done();
  return n;
}

async function importAssociations(db: ImportStore["db"], ds: Dataset): Promise<number> {
  // Millions of rows: the secondary index is built once at the finish, not kept row by row.
  step(db, "DROP INDEX IF EXISTS associations_disease; DELETE FROM associations");
  const ins = db.prepare(
    `INSERT INTO associations (target_id, disease_id, score, evidence_count) VALUES (?, ?, ?, ?)
     ON CONFLICT DO UPDATE SET score = excluded.score, evidence_count = excluded.evidence_count`,
  );
  const tx = batched<Rec>(db, 20_000, (r) => {
    ins.run(r.targetId, curieOf(r.diseaseId), r.score, r.evidenceCount);
  });
  return await eachRecord(ds, (r, file, line) => {
    const target = str(r.targetId), disease = str(r.diseaseId), score = num(r.score);
    if (!target || !disease || score === undefined) {
      throw fileError(
        FLAG,
        file,
        line,
        JSON.stringify(r),
        "an association with targetId, diseaseId and score",
      );
    }
    tx.add({
      targetId: target,
      diseaseId: disease,
      score,
      evidenceCount: Math.round(num(r.evidenceCount) ?? 0),
    });
  }).finally(() => tx.done());
}

/** Novelty of every target from its direct associations (see the module doc). */
function targetNovelty(db: ImportStore["db"]): void {
  const counts = db.prepare("SELECT target_id AS id, count(*) AS n FROM associations GROUP BY target_id")
    .all() as {
      id: string;
      n: number;
    }[];
  db.exec("SAVEPOINT ot_step");
  db.exec("UPDATE targets SET novelty = 1");
  const set = db.prepare("UPDATE targets SET novelty = ? WHERE id = ?");
  for (const { id, n } of counts) {
    set.run(Math.round((1 - Math.min(1, Math.log10(1 + n) / 3)) * 1000) / 1000, id);
  }
  db.exec("RELEASE ot_step");
}
