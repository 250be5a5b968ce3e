/**
 * The watchlist file of the watch command, validated with zod; every error names the file, the line
 * and the field to fix.
 *
 * ```json
 * {
 *   "store": "watch",
 *   "analyses": [
 *     { "name": "onc", "analysis": "portfolioOverlap", "params": { "sponsors": ["Pfizer", "Novartis"], "condition": "lung cancer" } },
 *     { "name": "lung_trials", "endpoint": "trials.search", "params": { "search": "lung cancer" } }
 *   ],
 *   "alerts": true
 * }
 * ```
 *
 * @module
 */
import { z } from "zod";
import * as A from "../analyses/mod.ts";
import { resourceOf } from "../frames/resources.ts";
import { didYouMean } from "../client/guards.ts";
import { checkParams } from "../analyses/params.ts";
import { SCHEMAS as ANALYSIS_PARAMS } from "../analyses/_params_schemas.ts";
import { jsonLines, lineOf, syntaxErrorAt } from "./_json_lines.ts";
import { MAX_PATH, prefixOf, textProblem } from "../client/guards.ts";
import type { StandardSchemaV1 } from "../client/standard_schema.ts";

/** The analyses a watchlist can run, by the name of their function. */
export const WATCH_ANALYSES = {
  portfolioOverlap: A.portfolioOverlap,
  catalystCalendar: A.catalystCalendar,
  targetPrioritization: A.targetPrioritization,
  regulatoryLandscape: A.regulatoryLandscape,
  patentTrends: A.patentTrends,
  diseaseComparison: A.diseaseComparison,
  medicareSpending: A.medicareSpending,
  researcherOutput: A.researcherOutput,
  sponsorScan: A.sponsorScan,
  lossOfExclusivity: A.lossOfExclusivity,
  phaseTransitions: A.phaseTransitions,
  pipelineOutlook: A.pipelineOutlook,
} as const;

/** Name of the snapshot that holds the alerts (reserved when `alerts` is on). */
export const ALERTS_SNAPSHOT = "alerts";

const analysisNames = Object.keys(WATCH_ANALYSES) as [
  keyof typeof WATCH_ANALYSES,
  ...(keyof typeof WATCH_ANALYSES)[],
];

/** Longest snapshot name (a folder name; file systems allow 255 bytes). */
export const MAX_SNAPSHOT_NAME = 64;

/** A folder path: bounded, no control characters (a NUL would cut it), by the one rule (lib/client/guards.ts). */
const folder = z.string().min(1, { error: 'must be a folder path, e.g. "watch"' }).superRefine((v, ctx) => {
  const problem = textProblem(v, MAX_PATH);
  if (problem) ctx.addIssue({ code: "custom", message: `${prefixOf(v)} ${problem}` });
});

/** One watched item: an analysis, or a plain pull of a list endpoint (every page). */
export interface WatchItem {
  /** Snapshot name: letters, digits, `_`, `-`. */
  name: string;
  /** An analysis function name. */
  analysis?: keyof typeof WATCH_ANALYSES;
  /** Or a list endpoint whose rows to pull, e.g. `trials.search`. */
  endpoint?: string;
  /** Parameters of the analysis or endpoint. */
  params: Record<string, unknown>;
}

const watchItem: z.ZodType<WatchItem, unknown> = z.strictObject({
  /** Snapshot name: letters, digits, `_`, `-`. */
  name: z.string().max(MAX_SNAPSHOT_NAME, {
    error: `must be at most ${MAX_SNAPSHOT_NAME} characters (it names a folder)`,
  })
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, {
      error: "must be letters, digits, '_' or '-' (it names a folder), e.g. \"onc_weekly\"",
    }),
  /** An analysis function name. */
  analysis: z.enum(analysisNames, { error: `must be one of ${analysisNames.join(", ")}` }).optional(),
  /** Or a list endpoint whose rows to pull, e.g. `trials.search`. */
  endpoint: z.string().refine((e) => resourceOf(e) !== undefined, {
    error: 'must be a list endpoint with rows, e.g. "trials.search", "regulatory.search", "patents.search"',
  }).optional(),
  /** Parameters of the analysis or endpoint. */
  params: z.record(z.string(), z.unknown()).default({}),
}).refine((w) => (w.analysis === undefined) !== (w.endpoint === undefined), {
  error: 'give exactly one of "analysis" or "endpoint"',
});

/** Schema of one watched item (its type, {@linkcode WatchItem}, is checked against it by `deno check`). */
export const WatchItem: StandardSchemaV1<unknown, WatchItem> = watchItem;

/** A watchlist, as {@linkcode parseWatchlist} returns it (defaults filled in). */
export interface Watchlist {
  /** Folder of the snapshots, relative to the watchlist file. */
  store: string;
  /** Folder of the change reports, relative to the watchlist file. */
  out?: string;
  /** What to watch (at least one). */
  analyses: WatchItem[];
  /** Also list the alerts that are new or fired since the last run. */
  alerts: boolean;
}

const watchlist: z.ZodType<Watchlist, unknown> = z.strictObject({
  /** Folder of the snapshots, relative to the watchlist file. */
  store: folder.default("watch"),
  /** Folder of the change reports, relative to the watchlist file. @default {"<store>/_report"} */
  out: folder.optional(),
  /** What to watch (at least one). */
  analyses: z.array(watchItem).min(1, { error: "list at least one analysis or endpoint to watch" }),
  /** Also list the alerts that are new or fired since the last run. */
  alerts: z.boolean({ error: "must be true or false" }).default(false),
}).superRefine((w, ctx) => {
  const seen = new Set<string>();
  w.analyses.forEach((a, i) => {
    if (seen.has(a.name)) {
      ctx.addIssue({
        code: "custom",
        path: ["analyses", i, "name"],
        message: `${prefixOf(a.name)} is used twice`,
      });
    }
    if (w.alerts && a.name === ALERTS_SNAPSHOT) {
      ctx.addIssue({
        code: "custom",
        path: ["analyses", i, "name"],
        message: `'${ALERTS_SNAPSHOT}' is reserved for the alerts when "alerts" is true; choose another name`,
      });
    }
    seen.add(a.name);
    // A parameter the analysis does not take would be dropped silently, and the run would fail later in
    // the service's words (or not at all): name it here, in the watchlist's words.
    if (a.analysis) {
      const known = Object.keys(ANALYSIS_PARAMS[a.analysis].shape);
      for (const key of Object.keys(a.params).filter((k) => !known.includes(k))) {
        const hint = didYouMean(key, known);
        ctx.addIssue({
          code: "custom",
          path: ["analyses", i, "params", key],
          message: `is not a parameter of ${a.analysis}${hint ? `; did you mean '${hint}'?` : ""} (it takes ${
            known.join(", ")
          })`,
        });
      }
      // A value the analysis rejects (a list given as one string, no sponsor at all), at its line now,
      // in the words the analysis would use at run time (checkParams), not after the other items ran.
      const r = ANALYSIS_PARAMS[a.analysis].safeParse(a.params);
      if (!r.success) {
        const at = r.error.issues[0].path;
        let message = r.error.issues[0].message;
        try {
          checkParams(a.analysis, a.params);
        } catch (e) {
          message = (e as Error).message.replace(
            `${a.analysis}: ${at.map(String).join(".") || "(parameters)"} `,
            "",
          );
        }
        ctx.addIssue({ code: "custom", path: ["analyses", i, "params", ...at], message });
      }
    }
  });
});

/** Schema of a watchlist file (its type, {@linkcode Watchlist}, is checked against it by `deno check`). */
export const Watchlist: StandardSchemaV1<unknown, Watchlist> = watchlist;

/** A watchlist that is not valid JSON or does not match the format: names the file, line and field. */
export class WatchlistError extends Error {
  /** 1-based line of the first problem. */
  readonly line: number;
  /** The field, e.g. `analyses[0].analysis` (empty for a JSON syntax error). */
  readonly field: string;
  /** Create the error. */
  constructor(message: string, line: number, field: string) {
    super(message);
    this.name = "WatchlistError";
    this.line = line;
    this.field = field;
  }
}

const fieldName = (path: readonly PropertyKey[]): string =>
  path.map((p, i) => (typeof p === "number" ? `[${p}]` : i ? `.${String(p)}` : String(p))).join("") ||
  "(top level)";

/**
 * Parse and validate a watchlist.
 *
 * @param text The file's text.
 * @param file The file name, for messages. @default {"watchlist.json"}
 * @returns The watchlist with defaults filled in.
 * @throws {WatchlistError} Naming the line and field of every problem (first problem in `line`/`field`).
 * @example A typo in an analysis name
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseWatchlist } from "./watchlist.ts";
 * const text = `{\n  "analyses": [\n    { "name": "onc", "analysis": "portfolioOverlp" }\n  ]\n}`;
 * assert.throws(() => parseWatchlist(text), /watchlist\.json line 3: analyses\[0\]\.analysis must be one of .*; did you mean 'portfolioOverlap'\?/);
 * assert.equal(parseWatchlist(`{"analyses":[{"name":"a","analysis":"sponsorScan","params":{"sponsor":"Pfizer"}}]}`).store, "watch");
 * ```
 */
export function parseWatchlist(text: string, file = "watchlist.json"): Watchlist {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    const msg = (e as Error).message;
    const at = syntaxErrorAt(text, msg);
    throw new WatchlistError(
      `${file}${at ? ` line ${at.line} column ${at.column}` : ""}: not valid JSON (${msg})`,
      at?.line ?? 1,
      "",
    );
  }
  const r = watchlist.safeParse(json);
  if (r.success) return r.data;
  const lines = jsonLines(text);
  const problems = r.error.issues.map((issue) => {
    const path = issue.code === "unrecognized_keys" ? [...issue.path, issue.keys[0]] : issue.path;
    const field = fieldName(path);
    const what = issue.code === "unrecognized_keys"
      ? `is not a watchlist field (${issue.path.length ? "an item has" : "the top level has"} ${
        issue.path.length ? "name, analysis, endpoint, params" : "store, out, analyses, alerts"
      })`
      : issue.message.startsWith("Invalid input: expected") && issue.message.includes("received undefined")
      ? "is required"
      : issue.message;
    // A misspelt analysis name gets the closest one.
    const given = path.reduce<unknown>((o, k) => (o as Record<PropertyKey, unknown>)?.[k], json);
    const hint = path.at(-1) === "analysis" && typeof given === "string"
      ? didYouMean(given, analysisNames)
      : undefined;
    return {
      line: lineOf(lines, path),
      field,
      text: `${field} ${what}${hint ? `; did you mean '${hint}'?` : ""}`,
    };
  });
  throw new WatchlistError(
    problems.map((p) => `${file} line ${p.line}: ${p.text}`).join("\n"),
    problems[0].line,
    problems[0].field,
  );
}
