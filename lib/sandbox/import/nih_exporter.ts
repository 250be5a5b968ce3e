/**
 * NIH RePORTER ExPORTER yearly project files (`RePORTER_PRJ_C_FY<year>.csv`, one row per funded
 * application of the fiscal year) and, when given, their abstract files (`RePORTER_PRJ_ABS_C_FY<year>.csv`:
 * `APPLICATION_ID`, `ABSTRACT_TEXT`) → the store's grants (source `NIH`, amounts in USD).
 *
 * - Read by header, case- and punctuation-insensitively: the columns' names vary by year
 *   (`PI_NAMEs`, `OPPORTUNITY NUMBER` for `FOA_NUMBER`, …). Needed: `APPLICATION_ID`, `PROJECT_TITLE`,
 *   `ORG_NAME`, `PROJECT_START`, `PROJECT_END`, and `TOTAL_COST` or `DIRECT_COST_AMT` + `INDIRECT_COST_AMT`.
 * - One grant per application (`grant_id` = `APPLICATION_ID`, the file's own key; a re-import of the same
 *   year replaces its rows, another year adds its applications). Dates are the project's
 *   (`PROJECT_START`/`PROJECT_END`; the budget period when they are empty); the amount is the
 *   application's `TOTAL_COST` for its fiscal year (else direct + indirect; 0 when neither is published,
 *   as for VA intramural awards); `updated_at` is the award notice date.
 * - Sub-project rows (`SUBPROJECT_ID` set) are parts of their parent application, whose `TOTAL_COST`
 *   already includes them: they are not separate grants.
 * - The lead organization is `ORG_NAME` (through the shared organization nodes); NIH names no partners.
 * - Topics: the RCDC spending categories (`NIH_SPENDING_CATS`) and the thesaurus terms
 *   (`PROJECT_TERMS`), `;`-separated, HTML entities decoded; stored as topics `NIH:<name>`.
 * - Edition: the fiscal years in the files' `FY` column (`FY2022`, `FY2021-FY2023`).
 *
 * @module
 */
import type { ImportStore } from "./_store.ts";
import { csvSink, fileError, readSource, type Sink } from "./_read.ts";
import { amount, columnsOf, type GrantRecord, grantWriter, isoDate, unescapeHtml } from "./_grants.ts";

const FLAG = "--nih-exporter";

const PROJECT_COLUMNS = {
  id: ["APPLICATION_ID", "APPL_ID"],
  title: ["PROJECT_TITLE", "TITLE"],
  org: ["ORG_NAME", "ORGANIZATION_NAME"],
  start: ["PROJECT_START", "PROJECT_START_DATE"],
  end: ["PROJECT_END", "PROJECT_END_DATE"],
  budgetStart: ["BUDGET_START", "BUDGET_START_DATE"],
  budgetEnd: ["BUDGET_END", "BUDGET_END_DATE"],
  total: ["TOTAL_COST", "TOTAL_COST_AMT"],
  direct: ["DIRECT_COST_AMT", "DIRECT_COST"],
  indirect: ["INDIRECT_COST_AMT", "INDIRECT_COST"],
  fy: ["FY", "FISCAL_YEAR"],
  ic: ["IC_NAME", "ADMINISTERING_IC_NAME"],
  terms: ["PROJECT_TERMS", "TERMS"],
  cats: ["NIH_SPENDING_CATS", "SPENDING_CATEGORIES"],
  sub: ["SUBPROJECT_ID"],
  notice: ["AWARD_NOTICE_DATE"],
  pis: ["PI_NAMEs", "PI_NAMES"],
} as const;

const ABSTRACT_COLUMNS = { id: ["APPLICATION_ID", "APPL_ID"], text: ["ABSTRACT_TEXT", "ABSTRACT"] } as const;

const isAbstractFile = (name: string) => /PRJ_?ABS/i.test(name);
const isProjectFile = (name: string) => /PRJ_C_/i.test(name) && /\.csv$/i.test(name);

const split = (s: string | undefined) =>
  (s ?? "").split(";").map((t) => unescapeHtml(t).trim().replace(/\s+/g, " ")).filter(Boolean);

/** Import ExPORTER project (and abstract) files: a CSV, a folder, or ExPORTER's zip. */
export async function importNihExporter(
  store: ImportStore,
  path: string,
): Promise<{ rows: number; edition: string }> {
  const { db } = store;
  const single = (await Deno.stat(path)).isFile && !/\.zip$/i.test(path);
  const writer = grantWriter(store);
  db.exec(
    "CREATE TEMP TABLE IF NOT EXISTS nih_abstract_stage (grant_id TEXT PRIMARY KEY, abstract TEXT NOT NULL)",
  );
  db.exec("DELETE FROM nih_abstract_stage");
  const insAbs = db.prepare("INSERT OR REPLACE INTO nih_abstract_stage (grant_id, abstract) VALUES (?, ?)");
  const years = new Set<number>();
  let projectFiles = 0;

  const projectSink = (file: string): Sink => {
    projectFiles++;
    let col: Record<keyof typeof PROJECT_COLUMNS, number> | undefined;
    return csvSink((f, line) => {
      if (!col) {
        col = columnsOf(f, PROJECT_COLUMNS);
        const missing = (["id", "title", "org", "start", "end"] as const).filter((k) => col![k] < 0)
          .map((k): string => PROJECT_COLUMNS[k][0]);
        if (col.total < 0 && (col.direct < 0 || col.indirect < 0)) missing.push("TOTAL_COST");
        if (missing.length) {
          throw fileError(
            FLAG,
            file,
            line,
            f.join(",").slice(0, 200),
            `an ExPORTER project header: no ${missing.join(", ")} column (give RePORTER_PRJ_C_FY<year>.csv)`,
          );
        }
        return;
      }
      const c = col;
      const cell = (i: number) => (i < 0 ? "" : (f[i] ?? "").trim());
      const id = cell(c.id);
      if (id === "") return;
      if (!/^\d+$/.test(id)) throw fileError(FLAG, file, line, id, "an APPLICATION_ID (digits)");
      if (cell(c.sub) !== "") return;
      const fy = Number(cell(c.fy));
      if (Number.isInteger(fy) && fy > 1900) years.add(fy);
      const total = amount(cell(c.total));
      const direct = amount(cell(c.direct)), indirect = amount(cell(c.indirect));
      const cost = total ??
        (direct !== undefined || indirect !== undefined ? (direct ?? 0) + (indirect ?? 0) : 0);
      if (!Number.isFinite(cost)) throw fileError(FLAG, file, line, cell(c.total), "an amount (TOTAL_COST)");
      const start = isoDate(cell(c.start)) || isoDate(cell(c.budgetStart));
      const end = isoDate(cell(c.end)) || isoDate(cell(c.budgetEnd));
      const org = unescapeHtml(cell(c.org));
      const topics = new Map<string, { id: string; name: string; kind: string }>();
      for (const name of split(cell(c.cats))) {
        topics.set(name, { id: `NIH:${name}`, name, kind: "NIH spending category" });
      }
      for (const name of split(cell(c.terms))) {
        if (!topics.has(name)) topics.set(name, { id: `NIH:${name}`, name, kind: "NIH project term" });
      }
      const g: GrantRecord = {
        id,
        title: unescapeHtml(cell(c.title)),
        abstract: "",
        source: "NIH",
        amount: cost,
        currency: "USD",
        start,
        end,
        updated: isoDate(cell(c.notice)) || (Number.isInteger(fy) ? `${fy - 1}-10-01` : start),
        lead: org ? [org] : [],
        partners: [],
        topics: [...topics.values()],
      };
      writer.put(g);
    });
  };

  const abstractSink = (file: string): Sink => {
    let col: Record<keyof typeof ABSTRACT_COLUMNS, number> | undefined;
    return csvSink((f, line) => {
      if (!col) {
        col = columnsOf(f, ABSTRACT_COLUMNS);
        if (col.id < 0 || col.text < 0) {
          throw fileError(
            FLAG,
            file,
            line,
            f.join(","),
            "an ExPORTER abstract header (APPLICATION_ID, ABSTRACT_TEXT)",
          );
        }
        return;
      }
      const id = (f[col.id] ?? "").trim();
      if (id === "") return;
      if (!/^\d+$/.test(id)) throw fileError(FLAG, file, line, id, "an APPLICATION_ID (digits)");
      insAbs.run(id, unescapeHtml((f[col.text] ?? "").trim()));
    });
  };

  db.exec("SAVEPOINT nih");
  try {
    await readSource(path, (name) => {
      const file = name.split("/").pop()!;
      if (isAbstractFile(file)) return abstractSink(name);
      if (isProjectFile(file) || single) return projectSink(name);
      return undefined;
    });
    if (projectFiles === 0) {
      throw new RangeError(
        `${FLAG}: ${path} holds no ExPORTER project file (RePORTER_PRJ_C_FY<year>.csv); give the CSV, its zip or a folder`,
      );
    }
    const rows = writer.done();
    db.exec(`UPDATE grants SET abstract = s.abstract FROM nih_abstract_stage s
      WHERE grants.grant_id = s.grant_id AND grants.source = 'NIH'`);
    db.exec("DELETE FROM nih_abstract_stage");
    db.exec("RELEASE nih");
    const ys = [...years].sort();
    const edition = ys.length === 0
      ? "unknown fiscal year"
      : ys.length === 1
      ? `FY${ys[0]}`
      : `FY${ys[0]}-FY${ys[ys.length - 1]}`;
    return { rows, edition };
  } catch (e) {
    db.exec("ROLLBACK TO nih; RELEASE nih");
    throw e;
  }
}
