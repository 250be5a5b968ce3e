/**
 * The change report of a watch run: HTML (the main report's page, lib/report/html.ts) and Markdown
 * (for e-mail or chat), biggest changes first.
 *
 * @module
 */
import pl from "nodejs-polars";
import { renderReport, type Report, type ReportSection, type ReportTable } from "../report/html.ts";
import type { WatchItemOutcome, WatchOutcome } from "./run.ts";
import { columnLabel, columnSemantic, formatCell, plural } from "../frames/semantics.ts";
import { displayValue } from "../frames/value_labels.ts";

/** A text cut to `max` characters, with "…" where it was cut. */
const cut = (
  s: string,
  max: number,
): string => ([...s].length > max ? `${[...s].slice(0, max - 1).join("")}…` : s);
import { watchChangesChart } from "../charts/watch_changes_chart.ts";
import { warningText } from "../charts/display.ts";

/** Where the data came from, for the report header. */
export interface ChangeReportSource {
  /** Base URL (never a key). */
  readonly source: string;
  /** True on the synthetic sandbox (shows the banner). */
  readonly synthetic: boolean;
}

function headline(i: WatchItemOutcome): string {
  if (i.error) return `failed: ${i.error}`;
  if (i.since === null) return "first run: this snapshot is the baseline";
  if (!i.diff?.changed) return `no change since ${i.since}`;
  const alerts = i.what === "alerts" ? i.diff.frames.alerts : undefined;
  if (alerts) {
    const fired = alerts.changed.filter(pl.col("column").isIn(["last_triggered_at", "match_count"]));
    const ids = fired.height ? (fired.getColumn("alert_id").unique().toArray() as unknown[]) : [];
    // Each fired alert by its name and query (the id alone means nothing to a reader).
    const now = i.frames?.alerts?.toRecords() ?? [];
    const named = ids.map((id) => {
      const a = now.find((r) => r.alert_id === id);
      if (!a?.name) return String(id);
      const query = a.query == null
        ? ""
        : cut(typeof a.query === "string" ? a.query : JSON.stringify(a.query), 60);
      return `“${a.name}”${query ? ` (${query})` : ""}`;
    });
    return `since ${i.since}: ${plural(ids.length, "alert")} fired${
      named.length ? `: ${named.join("; ")}` : ""
    }; ` +
      `${alerts.added.height} new, ${alerts.removed.height} removed`;
  }
  const t = i.diff.totals;
  return `since ${i.since}: ${plural(t.added, "row")} added, ${t.removed.toLocaleString("en-US")} removed, ` +
    `${t.changedRows.toLocaleString("en-US")} changed (${plural(t.changedCells, "cell")})`;
}

/**
 * A changed-cells frame as people read it: numbers before and after formatted by the column's meaning
 * (the one semantics table: 8.1%, $1,234, 1,234), the change as a signed difference (percentage points
 * for fractions); the exact values stay in the snapshots and in `diff()`'s `before_value`/`after_value`.
 */
function readableChanges(changed: pl.DataFrame): pl.DataFrame {
  if (!changed.columns.includes("before_value")) return changed;
  const rest = changed.columns.filter((c) =>
    !["before", "after", "before_value", "after_value", "delta"].includes(c)
  );
  const rows = changed.toRecords().map((r) => {
    const column = String(r.column);
    const numeric = r.before_value != null || r.after_value != null;
    const semantic = columnSemantic(column, "f64");
    const show = (
      value: unknown,
      text: unknown,
    ) => (value != null ? formatCell(semantic, value) : text ?? "");
    const delta = typeof r.delta === "number"
      ? semantic.kind === "fraction"
        ? `${r.delta >= 0 ? "+" : "−"}${Math.abs(r.delta * 100).toFixed(2)} pp`
        : `${r.delta >= 0 ? "+" : "−"}${formatCell(semantic, Math.abs(r.delta))}`
      : "";
    const out: Record<string, unknown> = {};
    for (const c of rest) out[c] = r[c];
    // The changed column by its label and a code by its label (Trial status: Recruiting), as the tables show.
    out.column = columnLabel(column);
    out.before = numeric ? show(r.before_value, r.before) : displayValue(column, r.before) ?? "";
    out.after = numeric ? show(r.after_value, r.after) : displayValue(column, r.after) ?? "";
    out.change = delta;
    return out;
  });
  return rows.length ? pl.DataFrame(rows) : changed;
}

/**
 * The item's tables in a reader's words: each result table by its label ("By phase", not `byPhase`; an
 * endpoint's rows as "Rows"), and the columns its rows are matched by ("matched by Trial ID").
 */
function tables(i: WatchItemOutcome): ReportTable[] {
  if (!i.diff?.changed) return [];
  // The diff's summary names its tables and keys by their names (`byPhase`; `sponsor, phase`): shown by labels.
  const summary = i.diff.summary.toRecords().map((r) => ({
    ...r,
    frame: columnLabel(String(r.frame)),
    key: String(r.key ?? "").split(", ").filter(Boolean).map((k) => columnLabel(k)).join(", "),
  }));
  const out: ReportTable[] = [{
    title: "Tables, biggest change first",
    frame: summary.length
      ? pl.DataFrame(summary, { schema: i.diff.summary.schema }).rename({ frame: "table", key: "matched_by" })
      : i.diff.summary,
  }];
  for (const [name, f] of Object.entries(i.diff.frames)) {
    // An endpoint's pull has one table, `rows`: its titles need no table name.
    const title = (
      what: string,
    ) => (name === "rows" ? what[0].toUpperCase() + what.slice(1) : `${columnLabel(name)}: ${what}`);
    if (f.changed.height) {
      const by = f.key.length ? `matched by ${f.key.map((k) => columnLabel(k)).join(", ")}` : "one row";
      out.push({ title: title(`changed values (${by})`), frame: readableChanges(f.changed) });
    }
    if (f.added.height) out.push({ title: title("rows added"), frame: f.added });
    if (f.removed.height) out.push({ title: title("rows removed"), frame: f.removed });
  }
  return out;
}

/**
 * The report as the main report's {@linkcode Report}: an overview section, then one section per item.
 *
 * @param outcome The watch run.
 * @param source Where the data came from.
 * @returns The report (render with `renderReport`).
 */
export function changeReport(outcome: WatchOutcome, source: ChangeReportSource): Report {
  const overview = pl.DataFrame(
    outcome.items.map((i) => ({
      item: i.name,
      what: i.what,
      since: i.since ?? "baseline",
      changes: i.size,
      status: i.error ? "failed" : i.since === null ? "baseline" : i.diff?.changed ? "changed" : "unchanged",
    })),
    { schema: { item: pl.Utf8, what: pl.Utf8, since: pl.Utf8, changes: pl.Int64, status: pl.Utf8 } },
  );
  const changes = pl.DataFrame(
    outcome.items.map((i) => ({
      item: i.name,
      added: i.diff?.totals.added ?? 0,
      removed: i.diff?.totals.removed ?? 0,
      changed: i.diff?.totals.changedRows ?? 0,
    })),
    { schema: { item: pl.Utf8, added: pl.Int64, removed: pl.Int64, changed: pl.Int64 } },
  );
  const sections: ReportSection[] = [
    {
      title: "What changed",
      ...(outcome.changed
        ? {
          charts: [{
            name: "watch_changes",
            chart: watchChangesChart(changes, { subtitle: `Rows per watched item, run of ${outcome.date}` }),
            data: [{ title: "Rows changed per item", frame: changes }],
          }],
        }
        : {}),
      summary: outcome.changed
        ? `${
          outcome.items.filter((i) => i.diff?.changed).length
        } of ${outcome.items.length} watched items changed.`
        : "Nothing changed.",
      tables: [{ title: "Watched items, biggest change first", frame: overview, rows: 50 }],
    },
    ...outcome.items.map((i): ReportSection => ({
      title: `${i.name} (${i.what})`,
      summary: headline(i),
      ...(i.error ? { error: i.error } : {}),
      tables: tables(i),
      provenance: i.provenance,
      warnings: i.warnings,
    })),
  ];
  return {
    title: `Watch report ${outcome.date}`,
    subtitle: outcome.changed ? "Changes found." : "No changes.",
    synthetic: source.synthetic,
    source: source.source,
    generatedAt: new Date(),
    sections,
  };
}

/** A cell as the HTML report shows it: codes and booleans by their labels, dates as days, lists joined. */
const cell = (column: string, v: unknown): string => {
  if (v === null || v === undefined) return "";
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (Array.isArray(v)) return v.map((x) => String(displayValue(column, x))).join("; ");
  return cut(String(displayValue(column, v)).replace(/\|/g, "\\|").replace(/\n/g, " "), 80);
};

function mdTable(df: pl.DataFrame, rows = 15): string {
  const head = df.head(rows).toRecords();
  const labels = df.columns.map((c) => columnLabel(c));
  const lines = [`| ${labels.join(" | ")} |`, `|${df.columns.map(() => "---").join("|")}|`];
  for (const r of head) lines.push(`| ${df.columns.map((c) => cell(c, r[c])).join(" | ")} |`);
  if (df.height > rows) lines.push(`\n_${df.height - rows} more rows in the HTML report and the snapshots._`);
  return lines.join("\n");
}

/**
 * The report as Markdown (for e-mail or chat): headline per item, then its change tables (15 rows each).
 *
 * @param outcome The watch run.
 * @param source Where the data came from.
 * @returns Markdown text.
 */
export function changeReportMarkdown(outcome: WatchOutcome, source: ChangeReportSource): string {
  const out = [
    `# Watch report ${outcome.date}`,
    "",
    `${outcome.changed ? "**Changes found.**" : "No changes."} Data: ${source.source}${
      source.synthetic ? " (synthetic sandbox data)" : ""
    }.`,
    "",
  ];
  for (const i of outcome.items) {
    out.push(`## ${i.name} (${i.what})`, "", headline(i), "");
    for (const w of i.warnings) out.push(`> ⚠ ${warningText(w)}`, "");
    for (const t of tables(i)) out.push(`### ${t.title}`, "", mdTable(t.frame), "");
  }
  return out.join("\n");
}

/**
 * Write `report.html` and `report.md` of a watch run into `dir` (created when missing).
 *
 * @param outcome The watch run.
 * @param source Where the data came from.
 * @param dir Output folder.
 * @returns The two paths.
 */
export async function writeChangeReport(
  outcome: WatchOutcome,
  source: ChangeReportSource,
  dir: string,
): Promise<{ html: string; markdown: string }> {
  await Deno.mkdir(dir, { recursive: true });
  const html = `${dir}/report.html`, markdown = `${dir}/report.md`;
  await Deno.writeTextFile(html, renderReport(changeReport(outcome, source)));
  await Deno.writeTextFile(markdown, changeReportMarkdown(outcome, source));
  return { html, markdown };
}
