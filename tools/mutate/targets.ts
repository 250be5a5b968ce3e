/**
 * Which modules `deno task mutate` mutates, and the smallest test set that guards each: a mutant is run
 * against these files only (the machine is shared; the full suite takes minutes).
 *
 * @module
 */

/** A mutated module and the test files that must kill its mutants. */
export interface Target {
  readonly module: string;
  readonly tests: readonly string[];
}

const C = "tests/client/";
const A = "tests/analyses/";
const contract = `${C}error_contract_test.ts`;
const edges = `${C}edges_test.ts`;
const boundaries = `${A}boundaries_test.ts`;

/** The default targets, in priority order (client first, then frames, analyses, watch). */
export const TARGETS: readonly Target[] = [
  { module: "lib/client/retry.ts", tests: [`${C}units_test.ts`, contract] },
  { module: "lib/client/_http_errors.ts", tests: [`${C}units_test.ts`, `${C}profiles_test.ts`, contract] },
  { module: "lib/client/errors.ts", tests: [`${C}units_test.ts`, `${C}security_test.ts`, contract] },
  { module: "lib/client/guards.ts", tests: [`${C}pitfalls_guards_test.ts`, `${C}units_test.ts`, edges] },
  { module: "lib/client/params.ts", tests: [`${C}pitfalls_guards_test.ts`, `${C}hardening_test.ts`, edges] },
  {
    module: "lib/client/paginate.ts",
    tests: [`${C}pagination_test.ts`, `${C}pitfalls_flags_test.ts`, edges],
  },
  {
    module: "lib/client/request.ts",
    tests: [`${C}security_test.ts`, `${C}hardening_test.ts`, `${C}faults_test.ts`, contract],
  },
  {
    module: "lib/frames/to_frame.ts",
    tests: ["tests/frames/to_frame_test.ts", "tests/frames/provenance_test.ts"],
  },
  { module: "lib/frames/_columns.ts", tests: ["tests/frames/to_frame_test.ts"] },
  { module: "lib/analyses/_measures.ts", tests: [boundaries, `${A}disease_comparison_test.ts`] },
  { module: "lib/analyses/catalyst_calendar.ts", tests: [`${A}catalyst_calendar_test.ts`, boundaries] },
  { module: "lib/analyses/regulatory_landscape.ts", tests: [`${A}regulatory_landscape_test.ts`, boundaries] },
  { module: "lib/analyses/patent_trends.ts", tests: [`${A}patent_trends_test.ts`, boundaries] },
  { module: "lib/watch/diff.ts", tests: ["tests/watch/advance_diff_test.ts", "tests/watch/keys_test.ts"] },
];
