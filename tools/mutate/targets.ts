/**
 * Which modules `deno task mutate` mutates, and the smallest test set that guards each: a mutant is run
 * against these files only (the machine is shared; the full suite takes minutes).
 *
 * @module
 */

/** A mutated module, the test files that must kill its mutants and how many of them a run samples. */
export interface Target {
  readonly module: string;
  readonly tests: readonly string[];
  /** Mutants sampled by default (a fixed seed, so runs compare); all when absent. `--max` overrides. */
  readonly max?: number;
}

const C = "tests/client/";
const A = "tests/analyses/";
const contract = `${C}error_contract_test.ts`;
const units = `${C}error_units_test.ts`;
const edges = `${C}edges_test.ts`;
const boundaries = `${A}boundaries_test.ts`;

/** The default targets, in priority order (client first, then frames, analyses, watch). */
export const TARGETS: readonly Target[] = [
  { module: "lib/client/retry.ts", tests: [units, `${C}units_test.ts`, contract] },
  {
    module: "lib/client/_http_errors.ts",
    tests: [units, `${C}units_test.ts`, `${C}profiles_test.ts`, contract],
    max: 80,
  },
  { module: "lib/client/errors.ts", tests: [units, `${C}units_test.ts`, contract] },
  {
    module: "lib/client/guards.ts",
    tests: [edges, `${C}pitfalls_guards_test.ts`, `${C}units_test.ts`],
    max: 50,
  },
  {
    module: "lib/client/params.ts",
    tests: [edges, `${C}pitfalls_guards_test.ts`, `${C}hardening_test.ts`],
    max: 50,
  },
  {
    module: "lib/client/paginate.ts",
    tests: [
      `${C}page_drift_test.ts`,
      `${C}paging_window_test.ts`,
      `${C}paging_stop_test.ts`,
      `${C}total_bound_test.ts`,
      `${C}paging_edges_test.ts`,
      edges,
      `${C}pagination_test.ts`,
    ],
    max: 50,
  },
  {
    module: "lib/client/request.ts",
    tests: [
      `${C}pacing_rules_test.ts`,
      `${C}deadline_test.ts`,
      `${C}redirect_rules_test.ts`,
      `${C}request_units_test.ts`,
      `${C}transport_test.ts`,
      contract,
      `${C}security_test.ts`,
      `${C}hardening_test.ts`,
      `${C}faults_test.ts`,
    ],
    max: 40,
  },
  { module: "lib/client/_redirect.ts", tests: [`${C}redirect_rules_test.ts`, `${C}transport_test.ts`] },
  {
    module: "lib/client/call.ts",
    tests: [
      `${C}call_rules_test.ts`,
      `${C}units_test.ts`,
      `${C}pitfalls_flags_test.ts`,
      `${C}coverage_test.ts`,
    ],
    max: 40,
  },
  {
    module: "lib/client/_limiter.ts",
    tests: [`${C}limiter_rules_test.ts`, `${C}limiter_clock_rules_test.ts`, `${C}pacing_rules_test.ts`],
    max: 60,
  },
  { module: "lib/client/_path.ts", tests: [`${C}path_rules_test.ts`] },
  { module: "lib/client/cache.ts", tests: [`${C}cache_rules_test.ts`, `${C}security_test.ts`] },
  {
    module: "lib/client/_deadline.ts",
    tests: [`${C}deadline_test.ts`, `${C}redirect_rules_test.ts`, `${C}transport_test.ts`],
  },
  { module: "lib/frames/to_frame.ts", tests: ["tests/frames/to_frame_test.ts"], max: 25 },
  {
    module: "lib/frames/_columns.ts",
    tests: ["tests/frames/columns_rules_test.ts", "tests/frames/to_frame_test.ts"],
    max: 40,
  },
  {
    module: "lib/frames/_collect.ts",
    tests: [
      "tests/frames/collect_rules_test.ts",
      "tests/frames/collect_forms_test.ts",
      "tests/frames/ingest_paths_test.ts",
      "tests/frames/to_frame_test.ts",
    ],
    max: 60,
  },
  {
    module: "lib/frames/provenance.ts",
    tests: ["tests/frames/provenance_rules_test.ts", "tests/frames/provenance_test.ts"],
  },
  {
    module: "lib/frames/resources.ts",
    tests: ["tests/frames/resources_rules_test.ts", "tests/frames/to_frame_test.ts"],
  },
  { module: "lib/frames/value_labels.ts", tests: ["tests/frames/value_labels_test.ts"] },
  {
    module: "lib/frames/semantics.ts",
    tests: [
      "tests/frames/semantics_rules_test.ts",
      "tests/report/semantics_test.ts",
      "tests/watch/change_report_cells_test.ts",
    ],
    max: 60,
  },
  {
    module: "lib/frames/links.ts",
    tests: ["tests/frames/links_rules_test.ts", "tests/frames/provenance_test.ts"],
  },
  { module: "lib/frames/print_table.ts", tests: ["tests/frames/print_table_test.ts"] },
  { module: "lib/frames/io.ts", tests: ["tests/frames/io_rules_test.ts", "tests/frames/provenance_test.ts"] },
  {
    module: "lib/analyses/_measures.ts",
    tests: [`${A}measures_rules_test.ts`, boundaries, `${A}patent_trends_test.ts`],
    max: 25,
  },
  {
    module: "lib/analyses/portfolio_overlap.ts",
    tests: [`${A}overlap_rules_test.ts`, `${A}portfolio_service_test.ts`, `${A}portfolio_overlap_test.ts`],
    max: 60,
  },
  {
    module: "lib/analyses/_overlap.ts",
    tests: [`${A}overlap_rules_test.ts`, `${A}portfolio_overlap_test.ts`],
  },
  {
    module: "lib/analyses/catalyst_calendar.ts",
    tests: [
      `${A}catalyst_rules_test.ts`,
      `${A}catalyst_split_test.ts`,
      `${A}catalyst_calendar_test.ts`,
      boundaries,
    ],
    max: 60,
  },
  {
    module: "lib/analyses/_catalyst_pull.ts",
    tests: [`${A}catalyst_split_test.ts`, `${A}catalyst_rules_test.ts`, `${A}catalyst_calendar_test.ts`],
    max: 60,
  },
  {
    module: "lib/analyses/_resolve_entity.ts",
    tests: [`${A}resolve_entity_test.ts`, `${A}catalyst_rules_test.ts`],
    max: 60,
  },
  {
    module: "lib/analyses/sponsor_scan.ts",
    tests: [`${A}sponsor_rules_test.ts`, `${A}sponsor_scan_test.ts`, boundaries],
    max: 60,
  },
  { module: "lib/analyses/_sponsor_parts.ts", tests: [boundaries, `${A}sponsor_scan_test.ts`] },
  {
    module: "lib/analyses/regulatory_landscape.ts",
    tests: [`${A}landscape_rules_test.ts`, `${A}regulatory_landscape_test.ts`, boundaries],
    max: 60,
  },
  {
    module: "lib/analyses/patent_trends.ts",
    tests: [`${A}patent_trends_rules_test.ts`, `${A}patent_trends_test.ts`, boundaries],
    max: 60,
  },
  {
    module: "lib/analyses/target_prioritization.ts",
    tests: [`${A}target_rules_test.ts`, `${A}target_prioritization_test.ts`, boundaries],
    max: 60,
  },
  {
    module: "lib/analyses/disease_comparison.ts",
    tests: [`${A}disease_rules_test.ts`, `${A}disease_comparison_test.ts`],
  },
  {
    module: "lib/analyses/researcher_output.ts",
    tests: [`${A}researcher_rules_test.ts`, `${A}researcher_output_test.ts`],
    max: 60,
  },
  { module: "lib/analyses/params.ts", tests: [`${A}params_rules_test.ts`, `${A}catalyst_calendar_test.ts`] },
  {
    module: "lib/analyses/_params_schemas.ts",
    tests: [`${A}params_bounds_test.ts`, `${A}params_rules_test.ts`],
  },
  {
    module: "lib/analyses/loss_of_exclusivity.ts",
    tests: [`${A}loe_frames_test.ts`, `${A}loe_run_test.ts`, `${A}loss_of_exclusivity_test.ts`],
    max: 60,
  },
  { module: "lib/analyses/_loe_fetch.ts", tests: [`${A}loe_fetch_test.ts`] },
  {
    module: "lib/analyses/medicare_spending.ts",
    tests: [`${A}medicare_rules_test.ts`, `${A}medicare_spending_test.ts`],
    max: 60,
  },
  { module: "lib/analyses/_loe_tables.ts", tests: [`${A}loe_tables_test.ts`] },
  { module: "lib/analyses/_loe_warnings.ts", tests: [`${A}loe_warnings_test.ts`] },
  { module: "lib/analyses/_loe_horizon.ts", tests: [`${A}loe_horizon_test.ts`] },
  { module: "lib/analyses/_loe_match.ts", tests: [`${A}loe_match_test.ts`, `${A}loe_assign_test.ts`] },
  {
    module: "lib/watch/_integrity.ts",
    tests: ["tests/watch/integrity_rules_test.ts", "tests/watch/integrity_test.ts"],
  },
  {
    module: "lib/watch/snapshot.ts",
    tests: ["tests/watch/snapshot_rules_test.ts", "tests/watch/snapshot_test.ts"],
    max: 60,
  },
  {
    module: "lib/watch/lock.ts",
    tests: ["tests/watch/lock_rules_test.ts", "tests/watch/lock_races_test.ts"],
    max: 60,
  },
  {
    module: "lib/watch/watchlist.ts",
    tests: ["tests/watch/watchlist_rules_test.ts", "tests/watch/watchlist_test.ts"],
  },
  {
    module: "lib/watch/_json_lines.ts",
    tests: [
      "tests/watch/json_lines_test.ts",
      "tests/watch/watchlist_rules_test.ts",
      "tests/watch/watchlist_test.ts",
    ],
  },
  {
    module: "lib/watch/diff.ts",
    tests: ["tests/watch/diff_rules_test.ts", "tests/watch/keys_test.ts", "tests/watch/advance_diff_test.ts"],
    max: 40,
  },
  {
    module: "lib/watch/run.ts",
    tests: [
      "tests/watch/run_rules_test.ts",
      "tests/watch/run_days_test.ts",
      "tests/watch/run_test.ts",
      "tests/watch/advance_diff_test.ts",
      "tests/watch/integrity_test.ts",
      "tests/watch/alerts_test.ts",
    ],
    max: 30,
  },
  {
    module: "lib/watch/change_report.ts",
    tests: [
      "tests/watch/change_report_rules_test.ts",
      "tests/watch/change_report_cells_test.ts",
      "tests/watch/alerts_test.ts",
      "tests/watch/cli_test.ts",
    ],
    max: 40,
  },
  {
    module: "lib/frames/keys.ts",
    tests: ["tests/frames/keys_rules_test.ts", "tests/watch/keys_test.ts", "tests/watch/diff_rules_test.ts"],
  },
];
