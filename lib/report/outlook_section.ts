/**
 * The pipeline outlook report section (issue 35; `--sections outlook`, not in the demo): each sponsor's
 * active programmes weighted by their likelihood of approval, expected approvals per year, and the
 * benchmark's phase-transition funnel; and the likelihood-of-approval answer of the MCP tool.
 *
 * @module
 */
import type { PipelineOutlook } from "../analyses/pipeline_outlook.ts";
import { pct, PUBLISHED_LOA_RANGE, publishedLoa } from "../analyses/_loa_benchmarks.ts";
import type { PhaseTransitions } from "../analyses/phase_transitions.ts";
import { phaseFunnelChart, pipelineOutlookChart } from "../charts/likelihood_of_approval_chart.ts";
import { plural } from "../frames/semantics.ts";
import type { ReportSection, ReportTable } from "./html.ts";
import { meta, nameList, REPORT_CHART_WIDTH } from "./sections.ts";

/** The risk-adjusted pipeline of `who` in `where`. */
export function outlookSection(
  r: PipelineOutlook,
  who: readonly string[],
  where: readonly string[],
): ReportSection {
  const s = r.bySponsor.toRecords();
  const n = (v: unknown) => Math.round(Number(v ?? 0) * 10) / 10;
  const lines = s.map((x) =>
    `${x.sponsor}: ${plural(Number(x.active_programmes), "active programme")}, ${n(x.expected_approvals)} ` +
    `expected approvals (${n(x.expected_low)}–${n(x.expected_high)})`
  );
  const programmes: ReportTable = {
    title: "Active programmes",
    frame: r.programmes,
    columns: [
      "sponsor",
      "drug",
      "disease",
      "current_phase",
      "p_approval",
      "p_low",
      "p_high",
      "rate_basis",
      "pos_score",
      "expected_year",
    ],
  };
  const byYear: ReportTable = { title: "Expected approvals by year", frame: r.byYear };
  const benchmark: ReportTable = { title: "Benchmark", frame: r.benchmark };
  const rates: ReportTable = { title: "Likelihood of approval (computed benchmark)", frame: r.rates };
  const transitions: ReportTable = { title: "Phase transitions (computed benchmark)", frame: r.transitions };
  const computed = r.transitions.height > 0;
  // Which benchmark weighed the programmes, its rates from each phase, and why (a refused computed one says so).
  const bench = r.benchmark.toRecords();
  const areas = [...new Set(bench.map((x) => String(x.area)))];
  const from = (area: string, phase: string) =>
    pct(Number(bench.find((y) => y.area === area && y.from_phase === phase)?.loa));
  const figures = areas.map((a) =>
    `${areas.length > 1 ? `${a}: l` : "L"}ikelihood of approval from Phase 1 ${from(a, "phase1")} (Phase 2 ${
      from(a, "phase2")
    }, Phase 3 ${from(a, "phase3")})`
  );
  return {
    title: "Pipeline outlook",
    short: "Outlook",
    summary: `${nameList(who, "and")} in ${nameList(where, "and")}: ${lines.join("; ")}. Each active ` +
      "programme counts with its likelihood of approval from its current phase (trial-pos scores, where " +
      `the tier gives them, are listed beside, never mixed). Benchmark: ${
        r.definitions?.benchmark_used ?? "unknown"
      }. ${figures.join("; ")}.`,
    charts: [
      {
        name: "pipeline_outlook",
        chart: pipelineOutlookChart(r.byYear, {
          width: REPORT_CHART_WIDTH,
          empty:
            `No active programme of ${nameList(who, "or")} in ${nameList(where, "or")} has a likelihood ` +
            "of approval to weigh it by (no running trial of a drug there, or no judged programme in the benchmark).",
        }),
        data: [byYear, programmes],
      },
      ...(computed
        ? [{
          name: "phase_funnel",
          chart: phaseFunnelChart(r.transitions, {
            width: REPORT_CHART_WIDTH,
            title: "Phase transitions of the computed benchmark",
            empty:
              `No benchmark programme in ${nameList(where, "or")} was judged yet (all still running or ` +
              "too recent), so there is no rate to draw.",
          }),
          data: [transitions],
        }]
        : []),
    ],
    tables: [
      { title: "By sponsor", frame: r.bySponsor },
      programmes,
      byYear,
      benchmark,
      ...(computed ? [rates, transitions] : []),
    ],
    ...meta(r),
  };
}

/** The likelihood of approval of drugs in `where` (the MCP tool's answer): the funnel and the rates. */
export function outlookBenchmarkSection(r: PhaseTransitions, where: readonly string[]): ReportSection {
  const all = r.loa.toRecords().filter((x) => x.dimension === "all" && x.from_phase === "phase1");
  const pbp = all.find((x) => x.counting === "phase-by-phase");
  const path = all.find((x) => x.counting === "path-by-path");
  const p = (
    v: unknown,
  ) => (v === null || v === undefined ? "unknown" : `${Math.round(Number(v) * 1000) / 10}%`);
  const transitions: ReportTable = { title: "Phase transitions", frame: r.transitions };
  return {
    title: "Likelihood of approval",
    short: "LOA",
    summary: `${plural(r.programmes.height, "programme")} in ${nameList(where, "and")}: likelihood of ` +
      `approval from Phase 1 ${p(pbp?.loa)} phase-by-phase (${p(pbp?.loa_low)}–${p(pbp?.loa_high)}), ` +
      `${p(path?.loa)} path-by-path (${p(path?.loa_low)}–${p(path?.loa_high)}), computed from the drugs ` +
      `given. Published beside: ${
        [...new Set(where.map((w) => publishedLoa(w)))].map((b) => `${b.label} ${pct(b.loa[1])}`)
          .filter((x, i, a) => a.indexOf(x) === i).join("; ")
      } (the published range over areas is ${PUBLISHED_LOA_RANGE.said}).`,
    charts: [{
      name: "phase_funnel",
      chart: phaseFunnelChart(r.transitions, {
        width: REPORT_CHART_WIDTH,
        empty:
          `No programme of these drugs in ${nameList(where, "or")} was judged yet (all still running or ` +
          "too recent, or none found), so there is no rate to draw.",
      }),
      data: [transitions],
    }],
    tables: [{ title: "Likelihood of approval", frame: r.loa }, transitions, {
      title: "Programmes",
      frame: r.programmes,
    }],
    ...meta(r),
  };
}
