/**
 * The report command's inputs: the flags (`--sponsors "Pfizer,Merck & Co" --condition "lung cancer" …`)
 * read with the shared flag convention (`lib/cli/flags.ts`) and checked for form — unknown flags, sections and formats get a
 * did-you-mean, numbers their range — before anything touches the network. Names are resolved later
 * (`resolve_inputs.ts`).
 *
 * @module
 */
import { didYouMean, MAX_NAME, MAX_PATH, prefixOf, textProblem } from "../client/guards.ts";
import { parseFlags, usageProblems } from "../cli/flags.ts";
import { AUTHOR_ID_RE } from "../client/schemas/common.ts";
import { REPORT_FORMATS, type ReportFormat } from "./write.ts";

/** The name inputs resolved before a run (`resolve_inputs.ts`). */
export type NameInput = "sponsors" | "condition" | "diseases" | "indication" | "drugs";

/**
 * Report sections, in report order: the inputs each needs (`needs` says it, `ready` checks it — side by
 * side so they cannot drift) and the names it uses (resolved first).
 */
export const REPORT_SECTIONS = {
  portfolio: {
    title: "Portfolio overlap",
    needs: "--sponsors and --condition",
    ready: (i) => i.sponsors.length > 0 && i.condition !== undefined,
    names: ["sponsors", "condition"],
  },
  catalysts: {
    title: "Catalyst calendar",
    needs: "--sponsors, --tickers or --drugs",
    ready: (i) => i.sponsors.length + i.tickers.length + (i.drugs?.length ?? 0) > 0,
    names: ["sponsors", "drugs"],
  },
  targets: {
    title: "Target prioritization",
    needs: "--condition",
    ready: (i) => i.condition !== undefined,
    names: ["condition"],
  },
  regulatory: { title: "Regulatory landscape", needs: "nothing", ready: () => true, names: [] },
  patents: {
    title: "Patent trends",
    needs: "--sponsors (compared within --cpc)",
    ready: (i) => i.sponsors.length > 0,
    names: ["sponsors"],
  },
  diseases: {
    title: "Disease comparison",
    needs: "--diseases",
    ready: (i) => i.diseases.length > 0,
    names: ["diseases"],
  },
  medicare: {
    title: "Medicare spending",
    needs: "--indication",
    ready: (i) => i.indication !== undefined,
    names: ["indication"],
  },
  sponsor: {
    title: "Sponsor scan",
    needs: "--sponsors (each one is scanned)",
    ready: (i) => i.sponsors.length > 0,
    names: ["sponsors"],
  },
  exclusivity: {
    title: "Loss of exclusivity",
    needs: "--sponsors, --tickers or --drugs (not in the demo)",
    ready: (i) => i.sponsors.length + i.tickers.length + (i.drugs?.length ?? 0) > 0,
    names: ["sponsors", "drugs"],
  },
  outlook: {
    title: "Pipeline outlook",
    needs: "--sponsors and --condition or --diseases (not in the demo)",
    ready: (i) => i.sponsors.length > 0 && (i.condition !== undefined || i.diseases.length > 0),
    names: ["sponsors", "condition", "diseases"],
  },
  researcher: {
    title: "Researcher output",
    needs: "--author (or, on the sandbox, --sections researcher: its most prolific author)",
    ready: (i, canPickAuthor) => i.author !== undefined || canPickAuthor,
    names: [],
  },
} as const satisfies Record<string, {
  title: string;
  needs: string;
  /** Whether the inputs allow the section (`canPickAuthor`: the sandbox can choose an author). */
  ready: (i: ReportInputs, canPickAuthor: boolean) => boolean;
  names: readonly NameInput[];
}>;

/** A section id (`portfolio`, `catalysts`, …). */
export type SectionId = keyof typeof REPORT_SECTIONS;

/** What the report is about and what it writes. */
export interface ReportInputs {
  /** Sponsor (organization) names. */
  readonly sponsors: readonly string[];
  /** SEC tickers, for the catalyst calendar. */
  readonly tickers: readonly string[];
  /**
   * Drugs by trade or generic name (`Eliquis`, `apixaban`): the catalyst calendar and loss of exclusivity
   * of these drugs (with sponsors: only these drugs of theirs). @default {[]}
   */
  readonly drugs?: readonly string[];
  /** Condition keyword (portfolio overlap, target prioritization). */
  readonly condition?: string;
  /** Diseases to compare. */
  readonly diseases: readonly string[];
  /** Indication for Medicare spending: an EFO id or a disease name (an EFO id once resolved). */
  readonly indication?: string;
  /** The indication's disease name, once resolved. */
  readonly indicationName?: string;
  /** CPC code of the patent trends. @default {"A61K"} */
  readonly cpc: string;
  /** Researcher id (researcher output). */
  readonly author?: string;
  /** Catalyst window in days. @default {730} */
  readonly windowDays: number;
  /** Loss-of-exclusivity horizon in years (1-10). @default {5} */
  readonly horizonYears?: number;
  /** Sections asked for explicitly, or undefined: every section whose inputs are given. */
  readonly sections?: readonly SectionId[];
  /** Output folder. @default {"out"} */
  readonly out: string;
  /** Formats to write. */
  readonly formats: readonly ReportFormat[];
  /** Sponsor scanned alone (the demo's sponsor scan); every sponsor unless set. */
  readonly scanSponsor?: string;
}

/** The command line of `deno task report`: what the report is about, and where its data come from. */
export interface ReportCommand extends ReportInputs {
  /** `--store <file>`: the embedded sandbox serves this store built by `deno task import` (public data). */
  readonly store?: string;
  /** True when no question was asked (no flag, or only `--store`): the demo's headline questions apply. */
  readonly demo: boolean;
}

/** The demo's questions: the same inputs work on the sandbox and the real service. */
export const HEADLINE_INPUTS: ReportInputs = {
  sponsors: ["Pfizer", "Novartis", "Roche", "AstraZeneca"],
  tickers: [],
  condition: "lung cancer",
  diseases: ["non-small cell lung carcinoma", "breast cancer", "type 2 diabetes mellitus", "asthma"],
  indication: "EFO:0003060",
  indicationName: "non-small cell lung carcinoma",
  cpc: "A61K",
  windowDays: 730,
  out: "out",
  formats: ["html", "png", "pptx"],
  scanSponsor: "Novartis",
};

/** Bad input (exit code 2): a message naming the flag, the value and the fix. */
export class UsageError extends Error {
  /**
   * @param message What is wrong and how to fix it.
   */
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** The `--help` text. */
export const REPORT_HELP = `Usage: ri [flags]   (or: deno task report -- [flags])

Runs the analyses for your inputs and writes report.html, one PNG per chart, one CSV per table and
report.xlsx. Every name is resolved before any analysis runs; a typo fails in seconds with the closest
names. Without RI_BASE_URL and RI_API_KEY it runs on the embedded sandbox (synthetic data).

  --sponsors "Pfizer,Merck & Co"   sponsor names (comma-separated; use ; when a name has a comma);
                                   every one is scanned
  --tickers LLY,MRK                SEC tickers added to the catalyst calendar
  --drugs "Eliquis,apixaban"       drugs (trade or generic names): their catalysts and loss of exclusivity
                                   (with --sponsors: only these drugs of theirs)
  --condition "lung cancer"        condition of the portfolio overlap and target prioritization
  --diseases "asthma,breast cancer" diseases to compare
  --indication EFO:0003060         Medicare spending indication (EFO id or disease name)
  --cpc A61K                       CPC code of the patent trends (default A61K)
  --author A5023888391             researcher id (scholarly index): the researcher output runs only with it
                                   (on the sandbox, --sections researcher picks its most prolific author)
  --window-days 730                catalyst window in days (1-3650, default 730)
  --horizon-years 5                loss-of-exclusivity horizon in years (1-10, default 5)
  --sections portfolio,catalysts   only these (${Object.keys(REPORT_SECTIONS).join(", ")});
                                   default: every section whose inputs are given
  --out out                        output folder (default out; must be allowed by --allow-write)
  --formats html,png,csv,xlsx,pptx what to write (default all five; pptx: a deck of slides)
  --store ri.db                    the embedded sandbox serves this store of public data (deno task import)
                                   instead of synthetic data; alone, it runs the demo's questions on it
  --help                           this text

Exit codes: 0 done, 1 an analysis failed, 2 bad input.`;

const split = (v: string | undefined): string[] =>
  v === undefined ? [] : v.split(v.includes(";") ? ";" : ",").map((s) => s.trim()).filter(Boolean);

/**
 * Whether a name or path a flag gives is within bounds (length, control characters: the one rule of
 * lib/client/guards.ts); else a problem quoting a short prefix.
 */
function bounded(flag: string, v: string, problems: string[], max = MAX_NAME): boolean {
  const problem = textProblem(v, max);
  if (problem) problems.push(`${flag} ${prefixOf(v)} ${problem}; fix it`);
  return problem === undefined;
}

/** The known values among `values`; each unknown one is a problem with a did-you-mean. */
function oneOf<T extends string>(
  flag: string,
  values: string[],
  known: readonly T[],
  problems: string[],
): T[] {
  return values.flatMap((v) => {
    const k = known.find((x) => x === v.toLowerCase());
    if (k) return [k];
    const hint = didYouMean(v, known);
    problems.push(
      `${flag} '${v}' is not one of ${known.join(", ")}${hint ? `; did you mean '${hint}'?` : ""}`,
    );
    return [];
  });
}

/**
 * Parses the report command's flags. No network; names are resolved later.
 *
 * @param args Command-line arguments (`Deno.args`).
 * @returns The inputs, or `"help"` for `--help`.
 * @throws {UsageError} Naming every unknown flag, section or format, bad number, ticker, CPC code or author
 *   id, one per line.
 * @example Flags to inputs
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseReportArgs } from "./inputs.ts";
 * const i = parseReportArgs(["--sponsors", "Pfizer,Merck & Co", "--formats", "csv,xlsx"]);
 * assert.ok(i !== "help");
 * assert.deepEqual(i.sponsors, ["Pfizer", "Merck & Co"]);
 * assert.deepEqual(i.formats, ["csv", "xlsx"]);
 * assert.throws(() => parseReportArgs(["--fromats", "csv"]), /--fromats; did you mean --formats\?/);
 * // Every problem at once, one line each.
 * assert.throws(() => parseReportArgs(["--formats", "xls", "--window-days", "0"]), /window-days[^]*'xls'/);
 * assert.equal(parseReportArgs(["--", "--help"]), "help"); // deno task report -- --help
 * // No question asked (nothing, or only --store): the demo.
 * const d = parseReportArgs(["--store", "ri.db"]);
 * assert.ok(d !== "help" && d.demo && d.store === "ri.db");
 * assert.throws(() => parseReportArgs(["--author", "A123"]), /--author 'A123' is not a scholarly-index author id/);
 * assert.throws(() => parseReportArgs(["--sections", ","]), /--sections is empty; give some of portfolio,/);
 * ```
 */
export function parseReportArgs(args: readonly string[]): ReportCommand | "help" {
  const { help, values, problems } = parseFlags(args, {
    sponsors: { type: "string" },
    tickers: { type: "string" },
    drugs: { type: "string" },
    condition: { type: "string" },
    diseases: { type: "string" },
    indication: { type: "string" },
    cpc: { type: "string" },
    author: { type: "string" },
    "window-days": { type: "string" },
    "horizon-years": { type: "string" },
    sections: { type: "string" },
    out: { type: "string" },
    formats: { type: "string" },
    store: { type: "string" },
  });
  if (help) return "help";
  // Every value is checked, and every problem reported at once.
  const windowText = values["window-days"] ?? "730";
  const windowDays = Number(windowText);
  if (!Number.isInteger(windowDays) || windowDays < 1 || windowDays > 3650) {
    problems.push(`--window-days '${windowText}' must be a whole number of days from 1 to 3650`);
  }
  const horizonText = values["horizon-years"] ?? "5";
  const horizonYears = Number(horizonText);
  if (!Number.isInteger(horizonYears) || horizonYears < 1 || horizonYears > 10) {
    problems.push(`--horizon-years '${horizonText}' must be a whole number of years from 1 to 10`);
  }
  const text = (flag: string, v: string | undefined) => {
    if (v !== undefined && !v.trim()) problems.push(`${flag} is empty; give a value or leave it out`);
    const t = v?.trim() || undefined;
    return t !== undefined &&
        bounded(flag, t, problems, flag === "--out" || flag === "--store" ? MAX_PATH : MAX_NAME)
      ? t
      : undefined;
  };
  const list = (v: string | undefined, flag: string) => split(v).filter((s) => bounded(flag, s, problems));
  const tickers = list(values.tickers, "--tickers").map((t) => t.toUpperCase());
  for (const t of tickers.filter((t) => !/^[A-Z][A-Z0-9.-]{0,9}$/.test(t))) {
    problems.push(
      `--tickers '${t}' is not a stock ticker (letters, e.g. LLY,MRK); sponsors go in --sponsors`,
    );
  }
  const cpc = text("--cpc", values.cpc)?.toUpperCase() ?? "A61K";
  if (!/^[A-HY](\d{2}([A-Z](\d{1,4}(\/\d{1,6})?)?)?)?$/.test(cpc)) {
    problems.push(`--cpc '${cpc}' is not a CPC code or prefix (e.g. A61K, A61K31/00)`);
  }
  const author = text("--author", values.author);
  if (author !== undefined && !AUTHOR_ID_RE.test(author)) {
    problems.push(
      `--author '${author}' is not a scholarly-index author id (A followed by 4-12 digits, e.g. A5023888391)`,
    );
  }
  const formats = values.formats === undefined ? [...REPORT_FORMATS] : list(values.formats, "--formats");
  if (!formats.length) problems.push(`--formats is empty; give some of ${REPORT_FORMATS.join(",")}`);
  const ids = Object.keys(REPORT_SECTIONS) as SectionId[];
  const sections = values.sections === undefined ? undefined : list(values.sections, "--sections");
  if (sections?.length === 0) problems.push(`--sections is empty; give some of ${ids.join(",")}`);
  const inputs: ReportInputs = {
    sponsors: list(values.sponsors, "--sponsors"),
    tickers,
    drugs: list(values.drugs, "--drugs"),
    condition: text("--condition", values.condition),
    diseases: list(values.diseases, "--diseases"),
    indication: text("--indication", values.indication),
    cpc,
    author,
    windowDays,
    horizonYears,
    sections: sections && oneOf("--sections", sections, ids, problems),
    out: text("--out", values.out) ?? "out",
    formats: oneOf("--formats", formats, REPORT_FORMATS, problems),
  };
  const store = text("--store", values.store);
  if (problems.length) throw new UsageError(usageProblems("report", problems));
  const demo = Object.keys(values).every((k) => k === "store");
  return { ...inputs, ...(store === undefined ? {} : { store }), demo };
}
