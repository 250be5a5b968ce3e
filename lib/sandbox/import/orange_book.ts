/**
 * FDA Orange Book data files (`products.txt`, `patent.txt`, `exclusivity.txt`: `~`-delimited with a header
 * row, a folder of them or the zip FDA publishes) → the store's approvals, sponsors, patents and
 * exclusivities.
 *
 * - Columns are read by header name (editions differ: with or without `RS`, `Applicant_Full_Name`,
 *   `Submission_Date`); a file without a column the import needs is refused, naming it.
 * - Applicants: the full name is the organization; the short `Applicant` name is recorded as another name
 *   of it (one short name may be given to several full names: "ORGANON" for "ORGANON LLC A SUB OF ORGANON
 *   AND CO" and "ORGANON USA LLC", and asked for by it, finds all of them). The parent a full name states
 *   ("… A WHOLLY OWNED SUB OF PFIZER INC", "… DIV BRISTOL MYERS SQUIBB") and a full name beginning with
 *   another applicant's make families in the linking step (link_orgs.ts), which owns joins across sources.
 * - One approval per product, keyed by the Orange Book's own ids (Appl_Type, Appl_No, Product_No):
 *   `approval_id` `FDA_ORANGE:<Appl_No>-<Product_No>`, `application_type` NDA or ANDA, the applicant's
 *   full name when the edition has it (else the abbreviation) as its sponsor, `Type` RX/OTC/DISCN as
 *   `marketing_status` Rx/OTC/Disc, `Approval_Date` (`Oct 7, 2014`; `Approved Prior to Jan 1, 1982` is
 *   stored as 1982-01-01, the latest day it can be).
 * - A patent row ending in `*PED` (the pediatric extension) is its own patent number; use codes and the
 *   substance/product flags are kept. A row flagged for delisting (`Delist_Flag` Y) stays listed with its
 *   flag (`delist_requested`): a delist request does not remove the patent until FDA does, and its `*PED`
 *   extension row (often without the flag) stays beside it; the analyses count both as protection.
 * - The edition is the one FDA's file name states (`EOBZIP_2026_10.zip` → `2026-10`), else the month of
 *   the latest approval or patent submission the files list — never the day the files were copied.
 * - The edition is a snapshot: a re-import updates the approvals in place (same keys, same rids), replaces
 *   their patents and exclusivities, and removes the products the new edition no longer lists.
 *
 * @module
 */
import { batched, type ImportStore } from "./_store.ts";
import { lineSink, readSource, type Sink } from "./_read.ts";

const MONTHS: Record<string, string> = {
  jan: "01",
  feb: "02",
  mar: "03",
  apr: "04",
  may: "05",
  jun: "06",
  jul: "07",
  aug: "08",
  sep: "09",
  oct: "10",
  nov: "11",
  dec: "12",
};

/** `Oct 7, 2014` → `2014-10-07`; `Approved Prior to Jan 1, 1982` → `1982-01-01`; else undefined. */
export function obDate(text: string): string | undefined {
  const m = /([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),\s*(\d{4})\s*$/.exec(text.trim());
  const mm = m && MONTHS[m[1].toLowerCase()];
  return mm ? `${m![3]}-${mm}-${m![2].padStart(2, "0")}` : undefined;
}

/** What the exclusivity codes mean (FDA's list); `I-`, `M-`, `D-` and `ODE-` carry a number. */
const EXCLUSIVITY: Record<string, string> = {
  NCE: "New chemical entity",
  "NCE-1": "New chemical entity (patent challenge)",
  ODE: "Orphan drug exclusivity",
  NPP: "New patient population",
  PED: "Pediatric exclusivity",
  I: "New indication",
  M: "Miscellaneous",
  D: "New dosing schedule",
  RTO: "Rx to OTC switch",
  NP: "New product",
  NS: "New strength",
  NDF: "New dosage form",
  NC: "New combination",
  NR: "New route",
  GAIN: "Generating antibiotic incentives now",
  CGT: "Competitive generic therapy",
  PC: "Patent challenge (180-day generic exclusivity)",
  W: "Waiver",
};

/** The description of an exclusivity code. */
export function exclusivityDescription(code: string): string {
  return EXCLUSIVITY[code] ?? EXCLUSIVITY[code.replace(/-\d+$/, "")] ?? `Exclusivity ${code}`;
}

const STATUS: Record<string, string> = { RX: "Rx", OTC: "OTC", DISCN: "Disc" };

/** A `~`-delimited file's rows as records by header name; `need` are the columns it must have. */
function tildeSink(
  file: string,
  need: readonly string[],
  onRow: (get: (col: string) => string) => void,
): Sink {
  let cols: Map<string, number> | undefined;
  return lineSink((line) => {
    if (line.trim() === "") return;
    const cells = line.split("~");
    if (!cols) {
      cols = new Map(cells.map((c, i) => [c.replace(/^\uFEFF/, "").trim().toLowerCase(), i]));
      const missing = need.filter((c) => !cols!.has(c.toLowerCase()));
      if (missing.length) {
        throw new RangeError(
          `--orange-book: ${file} has no ${missing.join(", ")} column (header: ${line.slice(0, 120)}); ` +
            "give the Orange Book data files (products.txt, patent.txt, exclusivity.txt) as FDA publishes them",
        );
      }
      return;
    }
    onRow((col) => (cells[cols!.get(col.toLowerCase()) ?? -1] ?? "").trim());
  });
}

/** The edition FDA's file name states (`EOBZIP_2026_10.zip`, `EOBZIP_2026_10`) as `2026-10`, else undefined. */
export function editionFromName(path: string): string | undefined {
  const base = path.replace(/[\\/]+$/, "").split(/[\\/]/).pop() ?? path;
  const m = /(?:^|[^\d])((?:19|20)\d{2})[_-](0[1-9]|1[0-2])(?:[_-](\d{2}))?(?!\d)/.exec(base);
  return m ? (m[3] ? `${m[1]}-${m[2]}-${m[3]}` : `${m[1]}-${m[2]}`) : undefined;
}

const keyOf = (type: string, no: string, product: string) => `ob-${type}${no}-${product}`;

/** Import the Orange Book at `path` (folder or zip); returns rows per file and the edition. */
export async function importOrangeBook(
  store: ImportStore,
  path: string,
): Promise<{ rows: number; edition: string }> {
  const { db } = store;
  const now = new Date().toISOString().replace(/\.\d+Z$/, "Z");
  db.exec("CREATE TEMP TABLE IF NOT EXISTS ob_seen (key TEXT PRIMARY KEY)");
  db.exec("DELETE FROM ob_seen");
  for (const t of ["approval_sponsors", "approval_patents", "approval_exclusivities"]) {
    db.exec(`DELETE FROM ${t} WHERE approval_key IN (SELECT key FROM approvals WHERE source = 'FDA_ORANGE')`);
  }
  const upsert = db.prepare(
    `INSERT INTO approvals (approval_id, key, source, region, application_no, application_type, trade_name,
       applicant_raw, ingredient, approval_date, marketing_status, is_orphan, has_black_box, is_breakthrough,
       is_accelerated, is_priority_review, updated_at)
     VALUES (?, ?, 'FDA_ORANGE', 'US', ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, 0, 0, ?)
     ON CONFLICT(key) DO UPDATE SET approval_id = excluded.approval_id, application_no = excluded.application_no,
       application_type = excluded.application_type, trade_name = excluded.trade_name,
       applicant_raw = excluded.applicant_raw, ingredient = excluded.ingredient,
       approval_date = excluded.approval_date, marketing_status = excluded.marketing_status,
       updated_at = excluded.updated_at`,
  );
  const seen = db.prepare("INSERT OR IGNORE INTO ob_seen (key) VALUES (?)");
  const sponsor = db.prepare("INSERT OR IGNORE INTO approval_sponsors (approval_key, org_id) VALUES (?, ?)");
  const patent = db.prepare(
    `INSERT INTO approval_patents (approval_key, patent_no, expiry_date, drug_substance, drug_product, use_code,
       delist_requested)
     VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET expiry_date = max(expiry_date, excluded.expiry_date),
       delist_requested = max(delist_requested, excluded.delist_requested),
       drug_substance = max(drug_substance, excluded.drug_substance),
       drug_product = max(drug_product, excluded.drug_product),
       use_code = coalesce(use_code || ',' || excluded.use_code, use_code, excluded.use_code)`,
  );
  const excl = db.prepare(
    `INSERT INTO approval_exclusivities (approval_key, code, description, expiry_date) VALUES (?, ?, ?, ?)
     ON CONFLICT DO UPDATE SET expiry_date = max(expiry_date, excluded.expiry_date)`,
  );
  let rows = 0, latest = "";
  const tx = batched<() => void>(db, 5000, (f) => f());
  const sinks: Record<string, Sink> = {
    "products.txt": tildeSink(
      "products.txt",
      [
        "Ingredient",
        "Trade_Name",
        "Applicant",
        "Appl_Type",
        "Appl_No",
        "Product_No",
        "Approval_Date",
        "Type",
      ],
      (get) =>
        tx.add(() => {
          const type = get("Appl_Type"), no = get("Appl_No"), product = get("Product_No");
          const key = keyOf(type, no, product);
          const applicant = get("Applicant_Full_Name") || get("Applicant");
          const approved = obDate(get("Approval_Date"));
          if (approved && approved > latest) latest = approved;
          upsert.run(
            `FDA_ORANGE:${no}-${product}`,
            key,
            `${type}${no}`,
            type === "A" ? "ANDA" : "NDA",
            get("Trade_Name"),
            applicant,
            get("Ingredient"),
            approved ?? "1982-01-01",
            STATUS[get("Type").toUpperCase()] ?? "Rx",
            now,
          );
          seen.run(key);
          if (applicant) sponsor.run(key, store.org(applicant).id);
          // The short name ("BRISTOL MYERS SQUIBB") is the same applicant: asked for by it, it finds these.
          const short = get("Applicant");
          if (short && short !== applicant) store.alias(short, applicant);
          rows++;
        }),
    ),
    "patent.txt": tildeSink(
      "patent.txt",
      ["Appl_Type", "Appl_No", "Product_No", "Patent_No", "Patent_Expire_Date_Text"],
      (get) =>
        tx.add(() => {
          const expiry = obDate(get("Patent_Expire_Date_Text"));
          if (!expiry) return;
          const submitted = obDate(get("Submission_Date"));
          if (submitted && submitted > latest) latest = submitted;
          patent.run(
            keyOf(get("Appl_Type"), get("Appl_No"), get("Product_No")),
            get("Patent_No"),
            expiry,
            get("Drug_Substance_Flag").toUpperCase() === "Y" ? 1 : 0,
            get("Drug_Product_Flag").toUpperCase() === "Y" ? 1 : 0,
            get("Patent_Use_Code") || null,
            get("Delist_Flag").toUpperCase() === "Y" ? 1 : 0,
          );
          rows++;
        }),
    ),
    "exclusivity.txt": tildeSink(
      "exclusivity.txt",
      ["Appl_Type", "Appl_No", "Product_No", "Exclusivity_Code", "Exclusivity_Date"],
      (get) =>
        tx.add(() => {
          const expiry = obDate(get("Exclusivity_Date"));
          if (!expiry) return;
          const code = get("Exclusivity_Code");
          excl.run(
            keyOf(get("Appl_Type"), get("Appl_No"), get("Product_No")),
            code,
            exclusivityDescription(code),
            expiry,
          );
          rows++;
        }),
    ),
  };
  const found = new Set<string>();
  await readSource(path, (name) => {
    const base = name.split("/").pop()!.toLowerCase();
    if (!(base in sinks)) return undefined;
    found.add(base);
    return sinks[base];
  });
  tx.done();
  if (!found.has("products.txt")) {
    throw new RangeError(
      `--orange-book: no products.txt in ${path}; give the folder or zip holding products.txt, patent.txt and exclusivity.txt`,
    );
  }
  // Products this edition no longer lists, with their links.
  db.exec("SAVEPOINT step");
  const gone =
    "SELECT key FROM approvals WHERE source = 'FDA_ORANGE' AND key NOT IN (SELECT key FROM ob_seen)";
  for (const t of ["approval_sponsors", "approval_patents", "approval_exclusivities"]) {
    db.exec(`DELETE FROM ${t} WHERE approval_key IN (${gone})`);
  }
  db.exec(`DELETE FROM approvals WHERE key IN (${gone})`);
  db.exec("RELEASE step");
  return { rows, edition: editionFromName(path) ?? (latest ? latest.slice(0, 7) : "undated") };
}
