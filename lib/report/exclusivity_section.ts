/**
 * The loss-of-exclusivity report section (the report command's tenth analysis; not in the demo).
 *
 * @module
 */
import type { LossOfExclusivity } from "../analyses/loss_of_exclusivity.ts";
import { lossOfExclusivityChart } from "../charts/loss_of_exclusivity_chart.ts";
import { pct, usd } from "../charts/_kit.ts";
import { plural } from "../frames/semantics.ts";
import type { ReportSection, ReportTable } from "./html.ts";
import { meta, REPORT_CHART_WIDTH } from "./sections.ts";

/** Loss of exclusivity: Medicare Part D spending whose protection ends within the horizon. */
export function exclusivitySection(
  r: LossOfExclusivity,
  who: readonly string[],
  years: number,
): ReportSection {
  const sum = (c: string) => (r.bySponsor.height ? Number(r.bySponsor.getColumn(c).sum()) : 0);
  const exposed = sum("exposed_horizon");
  const total = sum("part_d_total");
  const drugs: ReportTable = {
    title: "Drugs at risk",
    frame: r.drugs,
    columns: ["drug_name", "trade_names", "entities", "protection_horizon", "spending_2025", "match_method"],
  };
  return {
    title: "Loss of exclusivity",
    short: "Exclusivity",
    summary:
      `${who.join(", ")}: ${plural(r.drugs.height, "drug")} ${
        r.drugs.height === 1 ? "loses its" : "lose their"
      } last patent ` +
      `or exclusivity within ${years} ` +
      `years; ${usd(exposed)} of their ${usd(total)} 2025 Part D spending is exposed` +
      (total > 0 ? ` (${pct(exposed / total)}).` : "."),
    charts: [{
      name: "loss_of_exclusivity",
      chart: lossOfExclusivityChart(r.drugs, { width: REPORT_CHART_WIDTH }),
      data: [drugs],
    }],
    tables: [
      { title: "By sponsor", frame: r.bySponsor },
      drugs,
      ...(r.protected.height
        ? [{
          title: "Protected past the horizon (not exposure)",
          frame: r.protected,
          columns: ["drug_name", "entities", "protection_horizon", "protected_beyond", "spending_2025"],
        }]
        : []),
      ...(r.genericExclusivities.height
        ? [{ title: "Generic exclusivities held (not exposure)", frame: r.genericExclusivities }]
        : []),
      ...(r.unmatched.height ? [{ title: "No Medicare match", frame: r.unmatched }] : []),
    ],
    ...meta(r),
  };
}
