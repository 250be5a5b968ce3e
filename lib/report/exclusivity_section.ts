/**
 * The loss-of-exclusivity report section (the report command's tenth analysis; not in the demo).
 *
 * @module
 */
import type { LossOfExclusivity } from "../analyses/loss_of_exclusivity.ts";
import { lossOfExclusivityChart } from "../charts/loss_of_exclusivity_chart.ts";
import { pct, usd } from "../charts/_kit.ts";
import { displayText, plural } from "../frames/semantics.ts";
import type { ReportSection, ReportTable } from "./html.ts";
import { advised, meta, nameList, type ParamName, REPORT_CHART_WIDTH } from "./sections.ts";

/** How the exclusivity section names the parameter that would widen an empty answer. */
export interface ExclusivitySectionOptions {
  /** How the reader names `horizonYears`. @default {the analysis's name, `horizonYears`} */
  readonly param?: ParamName;
  /** What the data lack, by namespace → the import that adds it (`medicare`: Part D not imported). */
  readonly missing?: ReadonlyMap<string, string>;
}

/** Columns that carry Medicare Part D spending: absent, not zero, when the data hold no Part D. */
const SPENDING =
  /^(part_d_|exposed_|spending_year$|matched$|claims$|beneficiaries$|branded$|match_method$|medicare_)/;

/**
 * What the service said it has no Medicare Part D data for (its "no data here" notice on the Medicare
 * calls: a store imported without Part D), with the advice that adds it; undefined when Part D answered.
 */
export function partDMissing(
  r: { readonly provenance: LossOfExclusivity["provenance"] },
): string | undefined {
  const w = r.provenance.filter((p) => p.endpoint.startsWith("medicare"))
    .flatMap((p) => p.warnings).find((x) => x.code === "no-data-source");
  if (!w) return undefined;
  const how = /\((deno task import[^)]*)\)/.exec(w.message)?.[1];
  return how ?? "the service has no Medicare Part D data here";
}

/**
 * The sentence of an empty loss-of-exclusivity chart: whose drugs, the horizon, and — when a longer
 * horizon would change the answer (a drug is protected past it, and the horizon is under 10 years) —
 * the parameter and value that would.
 */
function emptySentence(
  r: LossOfExclusivity,
  who: readonly string[],
  years: number,
  param: ParamName,
): string {
  const longer = r.protected.height;
  const ahead = `${years} year${years === 1 ? "" : "s"}`;
  if (r.drugs.height) {
    return `${plural(r.drugs.height, "drug")} of ${nameList(who, "or")} ${
      r.drugs.height === 1 ? "loses its" : "lose their"
    } last protection within ${ahead}, but none matched a Medicare Part D row, so there is no spending ` +
      `to draw (see No Medicare match).`;
  }
  // The nearest later end of protection within the longest horizon (10 years) names the value that widens it.
  const later = r.protected.height && r.protected.columns.includes("years_to_horizon")
    ? (r.protected.getColumn("years_to_horizon").toArray() as (number | null)[])
      .filter((y): y is number => typeof y === "number" && y > years && y <= 10)
    : [];
  const next = later.length ? Math.ceil(Math.min(...later)) : undefined;
  return `No drug of ${nameList(who, "or")} loses its last protection within ${ahead}` +
    (longer
      ? `; ${plural(longer, "drug")} ${longer === 1 ? "is" : "are"} protected longer (listed below)`
      : "") +
    (next !== undefined
      ? `; ${param("horizonYears")} ${next} would include ${
        later.length === 1
          ? "the one whose protection ends within 10 years"
          : `the first of the ${later.length} whose protection ends within 10 years`
      }.`
      : longer
      ? ", past the longest horizon (10 years)."
      : ".");
}

/** Loss of exclusivity: Medicare Part D spending whose protection ends within the horizon. */
export function exclusivitySection(
  r: LossOfExclusivity,
  who: readonly string[],
  years: number,
  options: ExclusivitySectionOptions = {},
): ReportSection {
  // A question by drug (no sponsor asked): the drugs have no "whose" to show but the question's label.
  if (byDrugOnly(r)) {
    r = {
      ...r,
      bySponsor: r.bySponsor.clear(),
      drugs: dropColumn(r.drugs),
      protected: dropColumn(r.protected),
    };
  }
  const noPartD = partDMissing(r) ?? options.missing?.get("medicare");
  if (noPartD !== undefined) return withoutPartD(r, who, years, noPartD, options);
  const sponsors = (r.bySponsor.height ? r.bySponsor.toRecords() : []) as Record<string, unknown>[];
  const known = sponsors.filter((x) => typeof x.exposed_horizon === "number");
  const withTotal = known.filter((x) => typeof x.part_d_total === "number");
  const add = (rows: Record<string, unknown>[], c: string) => rows.reduce((a, x) => a + Number(x[c] ?? 0), 0);
  const exposed = add(known, "exposed_horizon");
  const total = add(withTotal, "part_d_total");
  // The data's spending year (an imported CMS file's latest year), never a hard-coded one.
  const year = known.map((x) => x.spending_year).find((y) => y != null) ?? 2025;
  const name = (e: unknown) => displayText(String(e));
  const unknownTotal = known.filter((x) => typeof x.part_d_total !== "number").map((x) => name(x.entity));
  const share = !known.length
    ? "."
    : !unknownTotal.length
    ? `; ${usd(exposed)} of their ${usd(total)} ${year} Part D spending is exposed` +
      (total > 0 ? ` (${pct(exposed / total)}).` : ".")
    : !withTotal.length
    ? `; ${usd(exposed)} of ${year} Part D spending is exposed; their total Part D spending, and so the ` +
      `exposed share, is unknown (no approved-drug list; see the warnings).`
    : `; ${usd(exposed)} of ${year} Part D spending is exposed, ${
      usd(add(withTotal, "exposed_horizon"))
    } of the ${usd(total)} total of ${withTotal.map((x) => name(x.entity)).join(", ")}` +
      (total > 0 ? ` (${pct(add(withTotal, "exposed_horizon") / total)})` : "") +
      `; the total of ${unknownTotal.join(", ")} is unknown (see the warnings).`;
  const drugs: ReportTable = {
    title: "Drugs at risk",
    frame: r.drugs,
    columns: [
      "drug_name",
      "trade_names",
      "entities",
      "protection_horizon",
      "part_d_spending",
      "spending_year",
      "match_method",
    ].filter((c) => r.drugs.columns.includes(c)),
  };
  return {
    title: "Loss of exclusivity",
    short: "Exclusivity",
    summary:
      `${who.join(", ")}: ${plural(r.drugs.height, "drug")} ${
        r.drugs.height === 1 ? "loses its" : "lose their"
      } last patent ` +
      `or exclusivity within ${years} ` +
      `years${share}`,
    charts: [{
      name: "loss_of_exclusivity",
      chart: lossOfExclusivityChart(r.drugs, {
        width: REPORT_CHART_WIDTH,
        empty: emptySentence(r, who, years, options.param ?? ((p) => p)),
      }),
      data: [drugs],
    }],
    tables: [
      ...(r.bySponsor.height ? [{ title: "By sponsor", frame: r.bySponsor }] : []),
      drugs,
      ...(r.protected.height
        ? [{
          title: "Protected past the horizon (not exposure)",
          frame: r.protected,
          columns: [
            "drug_name",
            "entities",
            "protection_horizon",
            "protected_beyond",
            "part_d_spending",
            "spending_year",
          ].filter((c) => r.protected.columns.includes(c)),
        }]
        : []),
      ...(r.genericExclusivities.height
        ? [{ title: "Generic exclusivities held (not exposure)", frame: r.genericExclusivities }]
        : []),
      ...(r.unmatched.height ? [{ title: "No Medicare match", frame: r.unmatched }] : []),
    ],
    provenance: r.provenance,
    warnings: advised(meta(r).warnings, ["horizonYears", "windowDays"], options.param),
  };
}

/** Whether every entity of the result is a filter (drugs asked without a sponsor, ticker or LEI). */
function byDrugOnly(r: LossOfExclusivity): boolean {
  const entities = r.bySponsor.height ? (r.bySponsor.getColumn("entity").toArray() as string[]) : [];
  return entities.length > 0 && entities.every((e) => String(e).startsWith("filter:"));
}

const dropColumn = (
  df: LossOfExclusivity["drugs"],
) => (df.columns.includes("entities") ? df.drop("entities") : df);

/**
 * The section on data without Medicare Part D: the drugs losing their last protection and when, with no
 * spending column, sentence or year (absent, not zero), and the import flag that adds Part D.
 */
function withoutPartD(
  r: LossOfExclusivity,
  who: readonly string[],
  years: number,
  advice: string,
  options: ExclusivitySectionOptions,
): ReportSection {
  const keep = (df: LossOfExclusivity["drugs"]) => df.columns.filter((c) => !SPENDING.test(c));
  const flag = advice.startsWith("deno task import") ? `; ${advice} adds it` : "";
  const lose = `${plural(r.drugs.height, "drug")} ${r.drugs.height === 1 ? "loses its" : "lose their"}`;
  const drugs: ReportTable = {
    title: "Drugs losing protection",
    frame: r.drugs.select(...keep(r.drugs)),
    columns: ["drug_name", "trade_names", "entities", "next_expiry", "protection_horizon"]
      .filter((c) => r.drugs.columns.includes(c)),
  };
  return {
    title: "Loss of exclusivity",
    short: "Exclusivity",
    summary: `${who.join(", ")}: ${lose} last patent or exclusivity within ${years} years. ` +
      `Medicare Part D spending is not in this data${flag}, so no exposure is shown.`,
    charts: [],
    tables: [
      ...(r.bySponsor.height
        ? [{ title: "By sponsor", frame: r.bySponsor.select(...keep(r.bySponsor)) }]
        : []),
      drugs,
      ...(r.protected.height
        ? [{
          title: "Protected past the horizon (not exposure)",
          frame: r.protected.select(...keep(r.protected)),
          columns: ["drug_name", "entities", "protection_horizon", "protected_beyond"]
            .filter((c) => r.protected.columns.includes(c)),
        }]
        : []),
      ...(r.genericExclusivities.height
        ? [{ title: "Generic exclusivities held (not exposure)", frame: r.genericExclusivities }]
        : []),
    ],
    provenance: r.provenance,
    // Warnings about Medicare matching say nothing without Medicare data; the missing source is said above.
    warnings: advised(
      meta(r).warnings?.filter((w) =>
        typeof w === "string" ||
        !["match-rate", "forms-unavailable", "share-unavailable"].includes(w.code ?? "") &&
          !/Medicare|Part D/.test(w.message)
      ),
      ["horizonYears", "windowDays"],
      options.param,
    ),
  };
}
