/**
 * Running the report's analyses: which sections the inputs allow ({@linkcode planSections}) and one step
 * per section turning an analysis result into a {@linkcode ReportSection} ({@linkcode runSections}, with
 * a progress bar per step; a failing analysis becomes an error section, the others still run).
 *
 * @module
 */
import type { Client } from "../client/mod.ts";
import type { Progress } from "../client/result.ts";
import {
  catalystCalendar,
  diseaseComparison,
  lossOfExclusivity,
  medicareSpending,
  patentTrends,
  pipelineOutlook,
  portfolioOverlap,
  regulatoryLandscape,
  researcherOutput,
  sponsorScan,
  targetPrioritization,
} from "../analyses/mod.ts";
import { progressBar } from "../charts/progress.ts";
import { checkParams } from "../analyses/params.ts";
import { framed } from "../analyses/_measures.ts";
import { displayText } from "../frames/semantics.ts";
import { displayName } from "../frames/value_labels.ts";

/** An organization's name as readers read it: no entity prefix, capitals in their usual case. */
const readerName = (s: string): string => displayName(displayText(s));
import type { ReportSection } from "./html.ts";
import { REPORT_SECTIONS, type ReportInputs, type SectionId, UsageError } from "./inputs.ts";
import * as S from "./sections.ts";
import { REPORT_FLAGS } from "./sections.ts";
import { exclusivitySection } from "./exclusivity_section.ts";
import type { SponsorResolution } from "./resolve_inputs.ts";
import pl from "nodejs-polars";
import { outlookSection } from "./outlook_section.ts";

/** Which sections run, and why the others do not. */
export interface SectionPlan {
  /** Sections to run, in report order. */
  readonly run: readonly SectionId[];
  /** Sections left out, each with the flag it needs. */
  readonly skipped: readonly { readonly id: SectionId; readonly needs: string }[];
}

/**
 * The sections the inputs allow. Asked-for sections (`--sections`) whose inputs are missing are bad input.
 *
 * @param inputs Parsed inputs.
 * @param canPickAuthor True on the sandbox, which can pick a researcher when `--author` is absent and
 *   `--sections researcher` asks for the section.
 * @returns Sections to run and sections skipped.
 * @throws {UsageError} When `--sections` names a section whose inputs are missing.
 * @example Only what the inputs allow
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseReportArgs } from "./inputs.ts";
 * import { planSections } from "./run.ts";
 * const inputs = parseReportArgs(["--condition", "asthma"]);
 * assert.ok(inputs !== "help");
 * assert.deepEqual(planSections(inputs, false).run, ["targets", "regulatory"]);
 * assert.deepEqual(planSections(inputs, true).run, ["targets", "regulatory"]); // no --author, no researcher
 * ```
 */
export function planSections(inputs: ReportInputs, canPickAuthor: boolean): SectionPlan {
  const ids = Object.keys(REPORT_SECTIONS) as SectionId[];
  const asked = inputs.sections ? new Set(inputs.sections) : undefined;
  const missing = (inputs.sections ?? []).filter((id) => !REPORT_SECTIONS[id].ready(inputs, canPickAuthor));
  if (missing.length) {
    throw new UsageError(
      missing.map((id) => `--sections ${id} needs ${REPORT_SECTIONS[id].needs}`).join("; "),
    );
  }
  const given = inputs.sponsors.length + inputs.tickers.length + inputs.diseases.length +
          (inputs.drugs?.length ?? 0) > 0 ||
    [inputs.condition, inputs.indication, inputs.author].some((v) => v !== undefined);
  if (!given && !asked) {
    throw new UsageError(
      "No inputs: give at least one of --sponsors, --tickers, --drugs, --condition, --diseases, " +
        "--indication, --author (or --sections regulatory); deno task demo runs the headline inputs",
    );
  }
  // Unasked, a section runs only on inputs that were given: the sandbox picks an author only when asked.
  const run = ids.filter((id) => (asked ? asked.has(id) : REPORT_SECTIONS[id].ready(inputs, false)));
  const skipped = ids.filter((id) => !asked && !run.includes(id))
    .map((id) => ({ id, needs: REPORT_SECTIONS[id].needs }));
  // A limit the analyses cannot lift is bad input, found before any analysis runs (exit 2, not a failed section).
  if (run.includes("portfolio")) {
    try {
      checkParams("portfolioOverlap", { sponsors: inputs.sponsors, condition: inputs.condition ?? "" });
    } catch (e) {
      const said = (e as Error).message.replace(/^portfolioOverlap: sponsors /, "");
      throw new UsageError(`--sponsors: ${said}`);
    }
  }
  if (run.includes("outlook")) {
    // The outlook's own limits (1-10 sponsors, diseases), checked before any section runs.
    const where = inputs.condition !== undefined ? [inputs.condition] : [...inputs.diseases];
    try {
      checkParams("pipelineOutlook", { sponsors: inputs.sponsors, diseases: where });
    } catch (e) {
      const m = (e as Error).message.match(/^pipelineOutlook: (sponsors|diseases)\S* (.*)$/s);
      if (!m) throw e;
      const flag = m[1] === "sponsors"
        ? "--sponsors"
        : inputs.condition !== undefined
        ? "--condition"
        : "--diseases";
      throw new UsageError(`${flag} (pipeline outlook): ${m[2]}`);
    }
  }
  return { run, skipped };
}

/** What {@linkcode runSections} needs besides the client. */
export interface RunContext {
  /** Resolved inputs. */
  readonly inputs: ReportInputs;
  /** Picks a researcher when `--author` is absent (the sandbox's most prolific one). */
  readonly pickAuthor?: () => string;
  /**
   * The day the data runs to (the sandbox's reference day); its year is drawn as partial in the charts.
   * @default {today}
   */
  readonly asOf?: Date;
  /**
   * Each sponsor's one resolution (`resolveInputs`): said once, in a table ahead of the sections, and
   * every section's tables and warnings agree with it.
   */
  readonly sponsors?: readonly SponsorResolution[];
  /**
   * What the data lack, by the endpoints' namespace (`medicare`, `patents`, …) → the advice that adds it
   * (a store imported without that source): those figures are absent from the sections, not zero.
   */
  readonly missing?: ReadonlyMap<string, string>;
  /** Receives the client's progress; {@linkcode runSections} points it at each step's bar. */
  readonly setProgress?: (f: ((p: Progress) => void) | undefined) => void;
}

type Step = () => Promise<ReportSection>;

function stepsFor(client: Client, ctx: RunContext): Record<SectionId, Step> {
  const i = ctx.inputs;
  // Years and windows count from the data's reference day (the sandbox's today), not the wall clock.
  const year = (ctx.asOf ?? new Date()).getUTCFullYear();
  const from = year - 9;
  const to = year - 1;
  const scanned = i.scanSponsor ? [i.scanSponsor] : i.sponsors;
  const drugs = i.drugs ?? [];
  // Whose catalysts and expiries: the sponsors and tickers, else the drugs asked for (one question).
  // Names as readers read them (the analyses are asked with the service's spelling).
  // Each sponsor under the name the reader gave (the Sponsors table says what it resolved to).
  const asGiven = (name: string) => ctx.sponsors?.find((r) => r.name === name)?.input ?? name;
  const shown = (names: readonly string[]) => names.map((n) => readerName(asGiven(n)));
  const whose = i.sponsors.length + i.tickers.length
    ? [...shown(i.sponsors), ...i.tickers]
    : [drugs.join(", ")];
  return {
    portfolio: async () =>
      S.portfolioSection(
        await portfolioOverlap(client, { sponsors: i.sponsors, condition: i.condition! }),
        shown(i.sponsors),
        i.condition!,
      ),
    catalysts: async () =>
      S.catalystSection(
        await catalystCalendar(client, {
          sponsors: i.sponsors,
          tickers: i.tickers,
          ...(drugs.length ? { drugNames: drugs } : {}),
          windowDays: i.windowDays,
        }),
        whose,
        { asOf: ctx.asOf, windowDays: i.windowDays, param: REPORT_FLAGS },
      ),
    targets: async () =>
      S.targetSection(await targetPrioritization(client, { disease: i.condition!, topN: 30 }), i.condition!),
    regulatory: async () => {
      // The report's sponsors' own landscapes beside the market's (one call each); without sponsors the
      // section says it is market-wide and why.
      const market = await regulatoryLandscape(client, { region: "US" });
      const own = [];
      for (const sponsor of i.sponsors) {
        own.push({
          sponsor: readerName(asGiven(sponsor)),
          r: await regulatoryLandscape(client, { region: "US", sponsor }),
        });
      }
      return S.regulatorySection(market, "US approvals", ctx.asOf, {
        sponsors: own,
        marketWide: "no sponsor was given (--sponsors)",
      });
    },
    patents: async () =>
      S.patentSection(
        await patentTrends(client, { cpc_code: i.cpc, from, to, compare: i.sponsors }),
        `in CPC ${i.cpc}, ${from}–${to}`,
        { cpc: i.cpc, compared: i.sponsors, asOf: ctx.asOf },
      ),
    diseases: async () =>
      S.diseaseSection(await diseaseComparison(client, { diseases: i.diseases }), ctx.missing),
    medicare: async () =>
      S.medicareSection(
        await medicareSpending(client, { efo_id: i.indication! }),
        `Drugs approved for ${i.indicationName ? `${i.indicationName} (${i.indication})` : i.indication}`,
      ),
    sponsor: async () => {
      const scans = [];
      // Patent years up to the data's reference year, not the clock's.
      for (const sponsor of scanned) {
        scans.push({
          sponsor,
          label: readerName(asGiven(sponsor)),
          r: await sponsorScan(client, { sponsor, ...(ctx.asOf ? { to: year } : {}) }),
        });
      }
      return S.sponsorSection(scans);
    },
    exclusivity: async () =>
      exclusivitySection(
        await lossOfExclusivity(client, {
          sponsors: i.sponsors,
          tickers: i.tickers,
          ...(drugs.length ? { drugNames: drugs } : {}),
          horizonYears: i.horizonYears ?? 5,
        }),
        whose,
        i.horizonYears ?? 5,
        { param: REPORT_FLAGS, missing: ctx.missing },
      ),
    outlook: async () => {
      const where = i.condition !== undefined ? [i.condition] : [...i.diseases];
      // Judged as of the data's reference day (the sandbox's today), not the wall clock.
      const asOf = ctx.asOf?.toISOString().slice(0, 10);
      const r = await pipelineOutlook(client, {
        sponsors: i.sponsors,
        diseases: where,
        ...(asOf ? { asOf } : {}),
      });
      return outlookSection(r, i.sponsors, where);
    },
    researcher: async () => {
      const r = await researcherOutput(client, { authorId: i.author ?? ctx.pickAuthor!() });
      return S.researcherSection(r, r.author?.name ?? "researcher", ctx.asOf);
    },
  };
}

/**
 * Runs the sections in order with a progress bar each; a failure becomes an error section.
 *
 * @param client The client.
 * @param sections Section ids, from {@linkcode planSections}.
 * @param ctx Resolved inputs and helpers.
 * @returns The sections and the failures (`name: message`).
 */
export async function runSections(
  client: Client,
  sections: readonly SectionId[],
  ctx: RunContext,
): Promise<{ sections: ReportSection[]; failures: string[] }> {
  const steps = stepsFor(client, ctx);
  const out: ReportSection[] = ctx.sponsors?.length ? [sponsorsSection(ctx.sponsors)] : [];
  const failures: string[] = [];
  for (const [n, id] of sections.entries()) {
    const name = REPORT_SECTIONS[id].title;
    const t0 = performance.now();
    ctx.setProgress?.(progressBar({ label: `[${n + 1}/${sections.length}] ${name.toLowerCase()}` }));
    try {
      const section = agreeing(await steps[id](), ctx.sponsors ?? []);
      out.push({ ...section, seconds: (performance.now() - t0) / 1000 });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      failures.push(`${name}: ${message}`);
      out.push({ title: name, error: message, seconds: (performance.now() - t0) / 1000 });
    }
    ctx.setProgress?.(undefined);
    const s = out[out.length - 1];
    console.error(`${s.error ? "✗" : "✓"} ${name} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  }
  return { sections: out, failures };
}

/** How a sponsor resolved, in the words of the sponsor table's "Resolved" column. */
export function resolvedHow(r: SponsorResolution): string {
  return r.how.length ? `by ${r.how.join(", ")}` : "not checked";
}

/**
 * The report's sponsors as they resolved, said once ahead of every section: the name each was asked as,
 * how it resolved (trials, approvals, family, registry), what the data hold of it, and its other names.
 */
export function sponsorsSection(sponsors: readonly SponsorResolution[]): ReportSection {
  const frame = framed(
    sponsors.map((s) => ({
      sponsor: readerName(s.input),
      resolved_name: readerName(s.company ?? s.name),
      resolved: resolvedHow(s),
      trials: s.trials ?? null,
      approvals: s.approvals ?? null,
      other_names: s.units.map(readerName).join("; "),
    })),
    {
      sponsor: pl.Utf8,
      resolved_name: pl.Utf8,
      resolved: pl.Utf8,
      trials: pl.Int64,
      approvals: pl.Int64,
      other_names: pl.Utf8,
    },
  );
  return {
    title: "Sponsors",
    summary: sponsors.map((s) => {
      const [given, as] = [readerName(s.input), readerName(s.company ?? s.name)];
      return `${given}${as !== given ? ` (as ${as})` : ""}: ${s.note}.`;
    }).join(" ") +
      " Every section below asks for each sponsor under this one resolution.",
    tables: [{ title: "How each sponsor resolved", frame }],
  };
}

/** A sponsor named in a text: its name as given or as resolved, as a whole word. */
const names = (r: SponsorResolution) => [...new Set([r.input, r.name, ...(r.company ? [r.company] : [])])];
const mentions = (text: string, r: SponsorResolution) =>
  names(r).some((n) =>
    new RegExp(`(^|[^\\w])${n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}([^\\w]|$)`, "i").test(text)
  );

/** The columns of the sections' tables that name sponsors (`entity`/`entities` as `sponsor:<name>`). */
const SPONSOR_COLUMNS = ["sponsor", "sponsor_a", "sponsor_b", "input", "entity", "entities"];

/**
 * A table naming each of the report's sponsors as the Sponsors table does, in one display form (the name
 * as given, in its usual case: `readerName`), not as a service spells it ("PFIZER INC" in the pair matrix
 * or the loss-of-exclusivity tables beside "Pfizer" in the Sponsors table).
 */
function namedAsGiven<T extends { frame: pl.DataFrame }>(t: T, sponsors: readonly SponsorResolution[]): T {
  const shown = (v: unknown): unknown => {
    if (typeof v !== "string") return v;
    const prefix = v.startsWith("sponsor:") ? "sponsor:" : "";
    const key = v.slice(prefix.length).toLowerCase();
    const r = sponsors.find((s) => names(s).some((n) => n.toLowerCase() === key));
    return r ? `${prefix}${readerName(r.input)}` : v;
  };
  let df = t.frame;
  for (const c of SPONSOR_COLUMNS.filter((c) => df.columns.includes(c))) {
    const col = df.getColumn(c);
    const values = col.toArray() as unknown[];
    const named = values.map((v) => (Array.isArray(v) ? v.map(shown) : shown(v)));
    if (named.every((v, i) => v === values[i])) continue;
    df = df.withColumns(pl.Series(c, named, col.dtype));
  }
  return df === t.frame ? t : { ...t, frame: df };
}

/**
 * A section that agrees with the report's one resolution: no warning says a resolved sponsor "did not
 * resolve" or lists its family's units again (its resolution is said once, in the Sponsors table), a
 * table's `resolved` column says how each resolved sponsor resolved instead of an analysis's own yes or
 * no, and its tables name each sponsor as the Sponsors table does ({@linkcode namedAsGiven}).
 */
export function agreeing(section: ReportSection, sponsors: readonly SponsorResolution[]): ReportSection {
  if (!sponsors.length) return section;
  const unresolvedWarning = (w: NonNullable<ReportSection["warnings"]>[number]) => {
    const text = typeof w === "string" ? w : w.message;
    const code = typeof w === "string" ? "" : w.code ?? "";
    // A family's units are said once, in the Sponsors table; "did not resolve" contradicts it.
    return (["unresolved", "maybe-unresolved", "family"].includes(code) ||
      /did not resolve|No organizations matched/.test(text)) &&
      sponsors.some((r) => mentions(text, r));
  };
  const table = <T extends { frame: pl.DataFrame }>(given: T): T => {
    const t = namedAsGiven(given, sponsors);
    const df = t.frame;
    const by = ["sponsor", "input", "entity"].find((c) => df.columns.includes(c));
    if (!by || !df.columns.includes("resolved") || !df.getColumn("resolved").dtype.equals(pl.Bool)) {
      return t;
    }
    const keys = (df.getColumn(by).toArray() as unknown[]).map((v) =>
      String(v ?? "").replace(/^sponsor:/, "")
    );
    const was = df.getColumn("resolved").toArray() as (boolean | null)[];
    const how = keys.map((k, i) => {
      const r = sponsors.find((s) => names(s).some((n) => n.toLowerCase() === k.toLowerCase()));
      return r ? resolvedHow(r) : was[i] === true ? "yes" : was[i] === false ? "no" : null;
    });
    return { ...t, frame: df.withColumns(pl.Series("resolved", how, pl.Utf8)) };
  };
  return {
    ...section,
    warnings: section.warnings?.filter((w) => !unresolvedWarning(w)),
    tables: section.tables?.map(table),
    charts: section.charts?.map((c) => ({ ...c, data: c.data.map(table) })),
  };
}
