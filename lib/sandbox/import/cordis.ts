/**
 * CORDIS project files of Horizon 2020 and Horizon Europe (the "CSV" bundle on data.europa.eu:
 * `project.csv`, `organization.csv` and, when present, `topics.csv`; `;`-separated, fields quoted) →
 * the store's grants (source `CORDIS`, amounts in EUR as published — never converted).
 *
 * - `project.csv`, by header: `id`, `title`, `startDate`, `endDate`, `ecMaxContribution` (the EU's
 *   contribution: the grant's funding amount; `totalCost` when it is empty), `objective` (the abstract),
 *   `topics`, `frameworkProgramme`, `contentUpdateDate`. Amounts may use a decimal comma (`1499843,75`).
 * - `organization.csv`: `projectID`, `name`, `role`, `order`. The `coordinator` is the grant's lead
 *   organization; every other role (participant, partner, associated or third party) is a partner, in
 *   the file's `order`. Names go through the shared organization nodes, so they link with the other
 *   sources.
 * - `topics.csv` (`projectID`, `topic`, `title`) names the call topics; without it the topic's code
 *   (`HORIZON-HLTH-2021-DISEASE-04-07`) is its name. Stored as topics `CORDIS:<code>`.
 * - Keyed by the project id: a re-import replaces a project's row, organizations and topics.
 * - Edition: the programmes in the files and the latest `contentUpdateDate` (`HORIZON 2024-03-20`).
 *
 * @module
 */
import type { ImportStore } from "./_store.ts";
import { csvSink, fileError, readSource, type Sink } from "./_read.ts";
import { amount, columnsOf, grantWriter, isoDate } from "./_grants.ts";

const FLAG = "--cordis";

const PROJECT = {
  id: ["id", "projectID"],
  acronym: ["acronym"],
  title: ["title"],
  start: ["startDate"],
  end: ["endDate"],
  total: ["totalCost"],
  ec: ["ecMaxContribution"],
  objective: ["objective"],
  topics: ["topics"],
  programme: ["frameworkProgramme"],
  updated: ["contentUpdateDate"],
  signed: ["ecSignatureDate"],
} as const;
const ORGANIZATION = {
  project: ["projectID"],
  name: ["name", "legalName"],
  role: ["role"],
  order: ["order"],
} as const;
const TOPICS = { project: ["projectID"], topic: ["topic", "topics"], title: ["title"] } as const;

type Kind = "project" | "organization" | "topics";
const kindOf = (name: string): Kind | undefined => {
  const base = name.split("/").pop()!.toLowerCase();
  if (base === "project.csv") return "project";
  if (base === "organization.csv" || base === "organisation.csv") return "organization";
  if (base === "topics.csv") return "topics";
  return undefined;
};

/** Import CORDIS project files: a folder or the zip as published. */
export async function importCordis(
  store: ImportStore,
  path: string,
): Promise<{ rows: number; edition: string }> {
  const { db } = store;
  db.exec(
    `CREATE TEMP TABLE IF NOT EXISTS cordis_project_stage (id TEXT PRIMARY KEY, title TEXT, objective TEXT,
    amount REAL, start_date TEXT, end_date TEXT, updated TEXT, topics TEXT);
    CREATE TEMP TABLE IF NOT EXISTS cordis_org_stage (project TEXT, ord REAL, seq INTEGER, role TEXT, name TEXT);
    CREATE INDEX IF NOT EXISTS temp.cordis_org_stage_project ON cordis_org_stage(project);
    CREATE TEMP TABLE IF NOT EXISTS cordis_topic_stage (code TEXT PRIMARY KEY, title TEXT);
    DELETE FROM cordis_project_stage; DELETE FROM cordis_org_stage; DELETE FROM cordis_topic_stage;`,
  );
  const insP = db.prepare(`INSERT OR REPLACE INTO cordis_project_stage
    (id, title, objective, amount, start_date, end_date, updated, topics) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  const insO = db.prepare(
    "INSERT INTO cordis_org_stage (project, ord, seq, role, name) VALUES (?, ?, ?, ?, ?)",
  );
  const insT = db.prepare("INSERT OR REPLACE INTO cordis_topic_stage (code, title) VALUES (?, ?)");
  const seen = new Set<Kind>();
  const programmes = new Set<string>();
  let latest = "", seq = 0;

  const header = <K extends string>(
    file: string,
    f: string[],
    line: number,
    want: Readonly<Record<K, readonly string[]>>,
    need: readonly NoInfer<K>[],
  ): Record<K, number> => {
    const col = columnsOf(f, want);
    const missing = need.filter((k) => col[k] < 0).map((k) => want[k][0]);
    if (missing.length) {
      throw fileError(
        FLAG,
        file,
        line,
        f.join(";").slice(0, 200),
        `a CORDIS ${file.split("/").pop()} header: no ${missing.join(", ")} column (a ';'-separated file)`,
      );
    }
    return col;
  };

  const sink = (file: string, kind: Kind): Sink => {
    seen.add(kind);
    if (kind === "project") {
      let c: Record<keyof typeof PROJECT, number> | undefined;
      return csvSink((f, line) => {
        if (!c) return void (c = header(file, f, line, PROJECT, ["id", "title", "start", "end", "ec"]));
        const cell = (i: number) => (i < 0 ? "" : (f[i] ?? "").trim());
        const id = cell(c.id);
        if (id === "") return;
        if (!/^\d+$/.test(id)) throw fileError(FLAG, file, line, id, "a CORDIS project id (digits)");
        const ec = amount(cell(c.ec)), total = amount(cell(c.total));
        const value = ec ?? total ?? 0;
        if (!Number.isFinite(value)) {
          throw fileError(FLAG, file, line, cell(c.ec), "an amount (ecMaxContribution, in euros)");
        }
        const start = isoDate(cell(c.start)), end = isoDate(cell(c.end));
        if (cell(c.start) !== "" && start === "") {
          throw fileError(FLAG, file, line, cell(c.start), "a date (startDate, YYYY-MM-DD)");
        }
        const updated = isoDate(cell(c.updated)) || isoDate(cell(c.signed)) || start;
        if (updated > latest) latest = updated;
        const programme = cell(c.programme);
        if (programme) programmes.add(programme);
        insP.run(id, cell(c.title), cell(c.objective), value, start, end, updated, cell(c.topics));
      }, ";");
    }
    if (kind === "organization") {
      let c: Record<keyof typeof ORGANIZATION, number> | undefined;
      return csvSink((f, line) => {
        if (!c) return void (c = header(file, f, line, ORGANIZATION, ["project", "name", "role"]));
        const project = (f[c.project] ?? "").trim(), name = (f[c.name] ?? "").trim();
        if (project === "" || name === "") return;
        const ord = Number((f[c.order] ?? "").trim());
        insO.run(
          project,
          Number.isFinite(ord) ? ord : 1e9,
          seq++,
          (f[c.role] ?? "").trim().toLowerCase(),
          name,
        );
      }, ";");
    }
    let c: Record<keyof typeof TOPICS, number> | undefined;
    return csvSink((f, line) => {
      if (!c) return void (c = header(file, f, line, TOPICS, ["topic"]));
      const code = (f[c.topic] ?? "").trim(), title = c.title < 0 ? "" : (f[c.title] ?? "").trim();
      if (code && title) insT.run(code, title);
    }, ";");
  };

  await readSource(path, (name) => {
    const kind = kindOf(name);
    return kind ? sink(name, kind) : undefined;
  });
  if (!seen.has("project")) {
    throw new RangeError(
      `${FLAG}: ${path} holds no project.csv; give the CORDIS projects folder or zip (project.csv, organization.csv)`,
    );
  }

  // Join the staged files: every project with its organizations (coordinator first) and topics.
  const writer = grantWriter(store);
  const orgs = db.prepare("SELECT role, name FROM cordis_org_stage WHERE project = ? ORDER BY ord, seq");
  const topicTitle = db.prepare("SELECT title FROM cordis_topic_stage WHERE code = ?");
  for (
    const p of db.prepare("SELECT * FROM cordis_project_stage ORDER BY id").iterate() as Iterable<
      Record<string, string | number>
    >
  ) {
    const lead: string[] = [], partners: string[] = [];
    for (const o of orgs.all(String(p.id)) as { role: string; name: string }[]) {
      (o.role === "coordinator" ? lead : partners).push(o.name);
    }
    const topics = String(p.topics ?? "").split(/[;,]/).map((t) => t.trim()).filter(Boolean).map((code) => ({
      id: `CORDIS:${code}`,
      name: (topicTitle.get(code) as { title?: string } | undefined)?.title || code,
      kind: "CORDIS call topic",
    }));
    writer.put({
      id: String(p.id),
      title: String(p.title),
      abstract: String(p.objective ?? ""),
      source: "CORDIS",
      amount: Number(p.amount),
      currency: "EUR",
      start: String(p.start_date),
      end: String(p.end_date),
      updated: String(p.updated),
      lead,
      partners,
      topics,
    });
  }
  const rows = writer.done();
  db.exec("DELETE FROM cordis_project_stage; DELETE FROM cordis_org_stage; DELETE FROM cordis_topic_stage");
  const edition = [[...programmes].sort().join("+"), latest].filter(Boolean).join(" ") || "unknown";
  return { rows, edition };
}
