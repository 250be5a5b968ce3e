/**
 * Analysis 1: portfolio overlap of sponsors in a condition (2 to 100; the service compares up to ten at
 * once, beyond that each sponsor's trials are intersected locally) — per-sponsor trial counts by phase
 * and status, the shared trials, each pair's overlap and the condition's market size.
 *
 * @module
 */
import pl from "nodejs-polars";
import type { Client } from "../client/mod.ts";
import type { Provenance, RowsResult } from "../client/result.ts";
import {
  type AnalysisResult,
  analysisResult,
  type AnalysisWarning,
  frameFromResult,
  toFrame,
  withKeys,
} from "../frames/mod.ts";
import { framed } from "./_measures.ts";
import { overlapMatrix, overlapWide, pairsFromMemberships, tallies } from "./_overlap.ts";
import {
  choosePlan,
  intersectLocally,
  PAGE,
  pages,
  pairsFromMembers,
  PER_COMPARISON,
  sharedMembers,
  type TrialRow,
} from "./_portfolio_plan.ts";
import { badInput } from "../client/errors.ts";
import {
  closestHint,
  closestNames,
  diseaseLookup,
  organizationLookup,
  resolveEntity,
} from "./_resolve_entity.ts";
import { checkParams } from "./params.ts";
import type { DataFrame } from "../frames/polars.ts";

export { overlapWide };

/** Input frames of {@linkcode portfolioOverlapFromFrames}. */
export interface PortfolioOverlapInput {
  /** Per-sponsor summaries: `toFrame("portfolioSponsor", body.data.comparison)`. */
  readonly comparison: DataFrame;
  /** Pairwise shared-trial counts `sponsor_a, sponsor_b, shared` (one row per unordered pair). */
  readonly pairs?: DataFrame;
  /** Or trial memberships `sponsor, trial_id`, from which the pairs are counted. */
  readonly memberships?: DataFrame;
  /** Shared trials (rows of `trials.portfolio`). @default {empty} */
  readonly shared?: DataFrame;
  /** The condition keyword. @default {""} */
  readonly condition?: string;
  /** Trials in the condition (`market_size_trials`). @default {null} */
  readonly marketSize?: number | null;
  /** Exact total of shared trials (`intersection_count`: trials of at least two sponsors). @default {shared.height} */
  readonly intersectionCount?: number;
  /** Trials shared by every listed sponsor (null: unknown). @default {null} */
  readonly sharedByAll?: number | null;
}

/** Output frames of the portfolio overlap. */
export interface PortfolioOverlapFrames {
  /** `sponsor, resolved_name, resolved, trial_count, market_share` (share of the condition's trials). */
  readonly sponsors: DataFrame;
  /** `sponsor, phase, trials`. */
  readonly byPhase: DataFrame;
  /** `sponsor, status, trials`. */
  readonly byStatus: DataFrame;
  /** Shared trials: `id, title, status, phase, startDate, sponsors`. */
  readonly shared: DataFrame;
  /**
   * Each pair of sponsors once (`sponsor_a` listed first; no sponsor with itself): `sponsor_a, sponsor_b,
   * trials_a, trials_b, shared, jaccard` ({@linkcode overlapWide} gives the symmetric sponsor × sponsor
   * table, its diagonal each sponsor's own trial count).
   */
  readonly matrix: DataFrame;
  /**
   * One row: `condition, market_size_trials, shared_by_two_or_more` (the service's `intersection_count`:
   * trials sponsored by at least two of the listed sponsors), `shared_by_all` (by every one of them),
   * `condition_resolved`.
   */
  readonly market: DataFrame;
}

/** Result of {@linkcode portfolioOverlap}. */
export type PortfolioOverlap = AnalysisResult<PortfolioOverlapFrames>;

/**
 * Pure core of the portfolio overlap: DataFrames in, DataFrames out.
 *
 * `jaccard = shared / (trials_a + trials_b − shared)`, one row per pair (no sponsor with itself).
 * A `marketSize` of 0 means the condition did not resolve (PITFALLS 12): `condition_resolved` is false.
 * A sponsor that did not resolve (`resolved_name` null) has a null market share and null overlaps: a
 * number there would look measured. A pair or a sponsor without a count has null overlaps, never 0.
 *
 * @param input Comparison frame plus pairs or memberships.
 * @returns The output frames.
 * @example Two sponsors sharing one trial
 * ```ts
 * import pl from "nodejs-polars";
 * import assert from "node:assert/strict";
 * import { toFrame } from "../frames/mod.ts";
 * import { portfolioOverlapFromFrames } from "./portfolio_overlap.ts";
 * const comparison = toFrame("portfolioSponsor", [
 *   { sponsor: "A", resolved_name: "A Inc", trial_count: 3, by_phase: { PHASE2: 3 }, by_status: { RECRUITING: 3 } },
 *   { sponsor: "B", resolved_name: "B plc", trial_count: 2, by_phase: { PHASE3: 2 }, by_status: { COMPLETED: 2 } },
 * ]);
 * const pairs = pl.DataFrame({ sponsor_a: ["A"], sponsor_b: ["B"], shared: [1] });
 * const out = portfolioOverlapFromFrames({ comparison, pairs, marketSize: 10, condition: "asthma" });
 * const ab = out.matrix.filter(pl.col("sponsor_a").eq(pl.lit("A")).and(pl.col("sponsor_b").eq(pl.lit("B"))));
 * assert.equal(ab.getColumn("jaccard").get(0), 0.25);
 * ```
 */
export function portfolioOverlapFromFrames(input: PortfolioOverlapInput): PortfolioOverlapFrames {
  const { comparison } = input;
  const names = comparison.getColumn("sponsor").toArray() as string[];
  // A sponsor without a trial count has none here: its overlaps are unknown (null), not computed from 0.
  const counts = new Map(
    comparison.select("sponsor", "trial_count").toRecords().filter((r) => r.trial_count !== null)
      .map((r) => [String(r.sponsor), Number(r.trial_count)]),
  );
  const pairs = input.pairs ??
    (input.memberships ? pairsFromMemberships(input.memberships) : framed([], {
      sponsor_a: pl.Utf8,
      sponsor_b: pl.Utf8,
      shared: pl.Int64,
    }));
  const market = input.marketSize ?? null;
  const shared = input.shared ?? toFrame("compositeTrial", []);
  const unresolved = new Set(
    comparison.filter(pl.col("resolved_name").isNull()).getColumn("sponsor").toArray() as string[],
  );
  // An unresolved sponsor has no measured share: null, not 0.
  const share = market
    ? pl.when(pl.col("resolved_name").isNotNull()).then(
      pl.col("trial_count").cast(pl.Float64).div(pl.lit(market)),
    )
      .otherwise(pl.lit(null))
    : pl.lit(null);
  return withKeys({
    sponsors: comparison.select(
      pl.col("sponsor"),
      pl.col("resolved_name"),
      pl.col("resolved_name").isNotNull().alias("resolved"),
      pl.col("trial_count"),
      share.cast(pl.Float64).alias("market_share"),
    ),
    byPhase: tallies(comparison, "by_phase", "phase"),
    byStatus: tallies(comparison, "by_status", "status"),
    shared,
    matrix: overlapMatrix(names, counts, pairs, unresolved),
    market: framed([{
      condition: input.condition ?? "",
      market_size_trials: market,
      shared_by_two_or_more: input.intersectionCount ?? shared.height,
      // Trials of every sponsor are unknown when one of them did not resolve: null, not 0.
      shared_by_all: unresolved.size
        ? null
        : names.length === 2
        ? (input.intersectionCount ?? shared.height)
        : input.sharedByAll ?? null,
      condition_resolved: market === null ? null : market > 0,
    }], {
      condition: pl.Utf8,
      market_size_trials: pl.Int64,
      shared_by_two_or_more: pl.Int64,
      shared_by_all: pl.Int64,
      condition_resolved: pl.Bool,
    }),
  }, {
    sponsors: ["sponsor"],
    byPhase: ["sponsor", "phase"],
    byStatus: ["sponsor", "status"],
    shared: ["id"],
    matrix: ["sponsor_a", "sponsor_b"],
    market: [], // one row
  });
}

/** Parameters of {@linkcode portfolioOverlap}. */
export interface PortfolioOverlapParams {
  /**
   * 1–100 distinct sponsor names (2+ for pairs). Beyond the service's ten per comparison, each
   * sponsor's trials are pulled once and intersected locally.
   */
  readonly sponsors: readonly string[];
  /** Condition keyword (an unresolvable one gives zeros, flagged). */
  readonly condition: string;
  /** Loose phase filter ('Phase 2', 'II', …). */
  readonly phase?: string;
  /** Status filter (uppercased by the client). */
  readonly status?: string;
}

interface PortfolioBody {
  data: {
    comparison: Record<string, unknown>[];
    market_size_trials: number;
    intersection_count: number;
    /** Sandbox-chosen (not spec-named): the disease the keyword resolved to. */
    condition?: { efo_id?: unknown };
  };
}

const COMPARISON_FIELDS = ["sponsor", "resolved_name", "trial_count", "by_phase", "by_status"] as const;
const norm = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();
/** Calls read for their counts only (not their rows): their one-page notice is expected, not a finding. */
const counted = new WeakSet<Provenance>();
const countOnly = (meta: Provenance): Provenance => {
  const out = { ...meta, warnings: meta.warnings.filter((w) => w.code !== "one-page") };
  counted.add(out);
  return out;
};
const isCounted = (p: Provenance) => counted.has(p);

/**
 * Portfolio overlap of sponsors in a condition, fetched with the client, in requests that grow with the
 * number of sponsors (not with the pairs):
 *
 * 1. The service's comparison, one call per ten sponsors (its limit): each sponsor's trial count,
 *    phase/status mix and resolution, the condition's market size and (up to ten sponsors) the number of
 *    trials shared by two or more.
 * 2. Each pair's shared trials, by the cheapest of three plans (`_portfolio_plan.ts`): each sponsor's
 *    trials in the condition pulled once (a composite search, sponsor + the resolved disease) and
 *    intersected locally; or, up to ten sponsors when that is fewer requests, the service's comparison of
 *    each pair; or, three to ten sponsors, the shared trials of the one comparison of them all (a page per
 *    hundred), when every one of its rows names its sponsors and every name is a listed sponsor by the
 *    organization normaliser — refused otherwise (no names: the spec does not name them; a subsidiary's
 *    name), and the exact method runs. The result's `matrix` definition says which plan counted the pairs
 *    and why the shared trials were refused.
 *
 * Sponsor names are trimmed once, here; every lookup that can miss says so rather than reading 0. The
 * per-sponsor summary's fields are not named by the spec: when the service does not send them, each
 * sponsor's count and phase/status mix come from its composite search (every page; its `totalCount` is
 * spec-named) and its resolution from organization autocomplete.
 *
 * @param client A client from `createClient`.
 * @param params Sponsors, condition and optional phase/status filters.
 * @returns The frames, provenance of every call, and warnings (unresolved sponsors or condition).
 * @throws {RangeError} When a sponsor is listed twice (its pair with itself would read as an overlap).
 * @example Two sandbox sponsors in a condition
 * ```ts
 * import assert from "node:assert/strict";
 * import { createClient } from "../client/mod.ts";
 * import { startSandbox } from "../sandbox/mod.ts";
 * import { portfolioOverlap } from "./portfolio_overlap.ts";
 * await using sb = await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
 * const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
 * const r = await portfolioOverlap(ri, { sponsors: ["Pfizer", "Novartis"], condition: "asthma" });
 * assert.equal(r.matrix.height, 1); // one pair
 * ```
 */
export async function portfolioOverlap(
  client: Client,
  params: PortfolioOverlapParams,
): Promise<PortfolioOverlap> {
  checkParams("portfolioOverlap", params);
  const sponsors = params.sponsors.map((s) => s.trim().replace(/\s+/g, " "));
  const twice = sponsors.find((s, i) => sponsors.findIndex((t) => norm(t) === norm(s)) !== i);
  if (twice !== undefined) {
    throw badInput(
      new RangeError(
        `portfolioOverlap: sponsors lists '${twice}' twice; list each sponsor once ` +
          "(a sponsor paired with itself would read as an overlap)",
      ),
    );
  }
  const condition = params.condition.trim();
  const { phase, status } = params;
  const k = sponsors.length;
  const filters = { conditionKeyword: condition, ...(phase ? { phase } : {}), ...(status ? { status } : {}) };
  // 1. The service's comparison, ten sponsors per call (a name with a comma cannot be listed: it is
  // derived below). Up to three sponsors it is pulled whole (its shared trials are likely the answer's);
  // up to ten, its first page (the whole shared set when it has at most a hundred trials); beyond, its
  // first row is enough for the summaries.
  const askable = sponsors.filter((s) => !s.includes(","));
  const whole = k <= 3 && askable.length === k;
  const single = k <= PER_COMPARISON && askable.length === k;
  const chunks = Array.from(
    { length: Math.ceil(askable.length / PER_COMPARISON) },
    (_, i) => askable.slice(i * PER_COMPARISON, (i + 1) * PER_COMPARISON),
  );
  const firsts = await Promise.all(
    chunks.map((c) =>
      whole
        ? client.trials.portfolio.all({ sponsors: c, ...filters })
        : client.trials.portfolio({ sponsors: c, ...filters, limit: single ? PAGE : 1 })
    ),
  );
  const bodies = firsts.map((f) => f.body as PortfolioBody);
  const first = bodies[0]?.data;
  // Whether the first answer holds every shared trial of all the sponsors.
  const firstWhole = whole || (single && firsts[0].rows.length === first?.intersection_count);
  const warnings: AnalysisWarning[] = [];
  const provenance: Provenance[] = firsts.map((f) => (firstWhole ? f.meta : countOnly(f.meta)));
  // Per-sponsor summaries: the service's rows where they carry their fields, else derived.
  const served = bodies.flatMap((b) => b.data.comparison ?? []);
  const complete = served.length > 0 && served.every((r) => COMPARISON_FIELDS.every((f) => f in r));
  // The disease the keyword resolved to, where the service says (sandbox-chosen): the pulls then ask
  // for the same disease, not a second resolution of the keyword.
  const efo = first?.condition?.efo_id;
  const disease = typeof efo === "string" && efo ? efo : condition;
  // Each sponsor's trials in the condition, where pulled (derived summaries pull them anyway).
  const trialsOf = new Map<string, Record<string, unknown>[]>();
  // Closest names of each sponsor autocomplete did not match, when derived (no second lookup).
  const suggested = new Map<string, string[]>();
  const byName = new Map(served.map((r) => [norm(String(r.sponsor)), r]));
  const derive = sponsors.filter((s) => !complete || s.includes(","));
  const derived = new Map(
    (await Promise.all(derive.map((s) => deriveSummary(client, s, disease, phase, status))))
      .map((d, i) => [derive[i], d]),
  );
  const rows = sponsors.map((s) => {
    const d = derived.get(s);
    if (d) {
      suggested.set(s, d.suggestions);
      if (d.row.resolved_name !== null) trialsOf.set(s, d.trials);
      provenance.push(...d.provenance);
      return d.row;
    }
    const i = askable.indexOf(s);
    const hit = byName.get(norm(s)) ?? served[i];
    if (!byName.has(norm(s))) {
      warnings.push({
        code: "lookup-missed",
        message: `The service's summary has no row named '${s}'; used its row ${i + 1} (same position)`,
      });
    }
    return { ...hit, sponsor: s };
  });
  if (derive.length) {
    warnings.push({
      code: "derived",
      message: complete
        ? `The service's comparison cannot list a name with a comma (${derive.join("; ")}): its trial ` +
          "count and phase/status mix come from a composite search (sponsor + disease) and its resolution " +
          "from organization autocomplete"
        : "The service's per-sponsor summary has no fields the toolkit can read (the spec does not name " +
          "them): each sponsor's trial count and phase/status mix come from a composite search (sponsor + " +
          "disease) and its resolution from organization autocomplete",
    });
  }
  const comparison = toFrame("portfolioSponsor", rows);
  const counts = comparison.select("resolved_name", "trial_count").toRecords()
    .map((r) => (r.resolved_name === null || r.trial_count === null ? null : Number(r.trial_count)));
  const serviceShared = first && askable.length === k && k <= PER_COMPARISON
    ? first.intersection_count
    : null;
  // 2. Each pair's shared trials, by the cheapest plan (derived summaries have pulled their sponsors already).
  // The shared-rows plan may run when one comparison lists every sponsor, each resolved, and the rows of
  // its first page say which listed sponsors they are on.
  const listed = rows.map((r) => ({
    name: String(r.sponsor),
    resolved: typeof r.resolved_name === "string" ? r.resolved_name : null,
  }));
  const rowsMayCount = !derive.length && single && k > 2 && counts.every((n) => n !== null);
  let refused = rowsMayCount
    ? sharedMembers(firsts[0].rows as TrialRow[], listed).refused
    : k > PER_COMPARISON
    ? "more than ten sponsors: the pairs across comparisons need each sponsor's trials"
    : derive.length && k > 2
    ? (single ? sharedMembers(firsts[0].rows as TrialRow[], listed).refused : null) ??
      "each sponsor's trials are pulled for its summary anyway"
    : null;
  let plan = !derive.length && k >= 2
    ? choosePlan(counts, serviceShared ?? 0, firstWhole, rowsMayCount && refused === null)
    : { plan: "local" as const, requests: 0, other: null };
  // The comparison's shared trials, when all of them have been read (pulled whole, or page by page below).
  let held: RowsResult<unknown> | null = firstWhole ? firsts[0] : null;
  let fromRows: {
    pairs: ReturnType<typeof pairsFromMembers>;
    rows: RowsResult<unknown>;
    members: number[][];
  } | null = null;
  if (plan.plan === "shared") {
    held ??= await readPages(client, firsts[0], { sponsors: [...sponsors], ...filters });
    provenance[0] = held.meta;
    const ids = new Set((held.rows as TrialRow[]).map((t) => String(t.id)));
    const got = held.rows.length === first!.intersection_count && ids.size === held.rows.length
      ? sharedMembers(held.rows as TrialRow[], listed)
      : {
        members: null,
        refused: `its pages hold ${ids.size} distinct of ${first!.intersection_count} shared trials`,
      };
    refused = got.refused;
    if (got.members) {
      fromRows = { pairs: pairsFromMembers(got.members, sponsors), rows: held, members: got.members };
    } else plan = choosePlan(counts, serviceShared ?? 0, true);
  }
  let pairs: DataFrame;
  let shared: DataFrame;
  let intersectionCount: number;
  let sharedByAll: number | null = null;
  if (k === 1 && whole) {
    pairs = framed([], { sponsor_a: pl.Utf8, sponsor_b: pl.Utf8, shared: pl.Int64 });
    shared = frameFromResult(firsts[0]);
    shared = withListed(shared, Array.from({ length: shared.height }, () => [sponsors[0]]));
    intersectionCount = first!.intersection_count;
  } else if (fromRows) {
    pairs = framed(fromRows.pairs.pairs, { sponsor_a: pl.Utf8, sponsor_b: pl.Utf8, shared: pl.Int64 });
    shared = withListed(
      frameFromResult(fromRows.rows),
      fromRows.members.map((m) => m.map((i) => sponsors[i])),
    );
    intersectionCount = first!.intersection_count;
    sharedByAll = fromRows.pairs.sharedByAll;
  } else if (plan.plan === "service") {
    const main = held ?? await client.trials.portfolio.all({ sponsors: [...sponsors], ...filters });
    if (!held) provenance.push(main.meta);
    // Two sponsors: every shared trial is on both; three or more: the pair counts do not say which.
    shared = withListed(
      frameFromResult(main),
      k === 2 ? main.rows.map(() => [...sponsors]) : null,
    );
    intersectionCount = first!.intersection_count;
    const resolved = sponsors.filter((_, i) => counts[i] !== null);
    // The pairs of the sponsor with the fewest trials are pulled whole: their ids give the trials every
    // sponsor shares, in as few pages as possible; every other pair is read for its count.
    const pivot = resolved.reduce(
      (m, s) => counts[sponsors.indexOf(s)]! < counts[sponsors.indexOf(m)]! ? s : m,
      resolved[0],
    );
    const pairList = resolved.flatMap((a, i) => resolved.slice(i + 1).map((b) => [a, b] as const));
    const pairCalls = k === 2 ? [] : await Promise.all(
      pairList.map(([a, b]) =>
        a === pivot || b === pivot
          ? client.trials.portfolio.all({ sponsors: [a, b], ...filters })
          : client.trials.portfolio({ sponsors: [a, b], ...filters, limit: 1 })
      ),
    );
    pairs = framed(
      k === 2
        ? [{ sponsor_a: sponsors[0], sponsor_b: sponsors[1], shared: intersectionCount }]
        : pairCalls.map((r, i) => ({
          sponsor_a: pairList[i][0],
          sponsor_b: pairList[i][1],
          shared: r.total,
        })),
      { sponsor_a: pl.Utf8, sponsor_b: pl.Utf8, shared: pl.Int64 },
    );
    if (k > 2 && resolved.length === k) {
      const sets = pairCalls.filter((_, i) => pairList[i].includes(pivot))
        .map((r) => new Set((r.rows as { id?: string }[]).map((t) => t.id)));
      sharedByAll = [...sets[0]].filter((id) => sets.every((x) => x.has(id))).length;
    }
    provenance.push(...pairCalls.map((r, i) => (pairList[i].includes(pivot) ? r.meta : countOnly(r.meta))));
  } else {
    // Local: each resolved sponsor with trials pulled once (unless derived already), then intersected.
    const toPull = sponsors.filter((s, i) => counts[i] !== null && counts[i]! > 0 && !trialsOf.has(s));
    const pulls = await Promise.all(toPull.map((s) =>
      client.trials.composite.all({
        sponsor: s,
        disease,
        ...(phase ? { phase } : {}),
        ...(status ? { status } : {}),
      })
    ));
    pulls.forEach((p, i) => {
      trialsOf.set(toPull[i], p.rows as Record<string, unknown>[]);
      provenance.push(p.meta);
      const want = counts[sponsors.indexOf(toPull[i])];
      if (p.total !== want) {
        warnings.push({
          code: "counts-differ",
          message: `${toPull[i]}: the comparison counts ${want} trials in ${condition}, its own search ` +
            `${p.total}; its overlaps count the trials the search returned`,
        });
      }
    });
    const local = intersectLocally(
      sponsors.filter((_, i) => counts[i] !== null).map((s) => [s, trialsOf.get(s) ?? []] as const),
    );
    pairs = framed(local.pairs, { sponsor_a: pl.Utf8, sponsor_b: pl.Utf8, shared: pl.Int64 });
    shared = withListed(toFrame("compositeTrial", local.shared), local.sharedBy);
    intersectionCount = local.shared.length;
    if (counts.every((n) => n !== null)) sharedByAll = local.sharedByAll;
    if (serviceShared !== null && !derive.length && serviceShared !== intersectionCount) {
      warnings.push({
        code: "counts-differ",
        message: `The service counts ${serviceShared} trials shared by two or more of the sponsors, ` +
          `their own searches ${intersectionCount}; the shared trials listed are the searches'`,
      });
    }
  }
  const frames = portfolioOverlapFromFrames({
    comparison,
    pairs,
    // The rows' corporate hierarchy (`sponsors_chain`) served the counting; the reader has `sponsors`.
    shared: shared.columns.includes("sponsors_chain") ? shared.drop("sponsors_chain") : shared,
    condition,
    marketSize: first?.market_size_trials ?? null,
    intersectionCount,
    sharedByAll,
  });
  if (first?.market_size_trials === 0) {
    warnings.push({
      code: "maybe-unresolved",
      message:
        `Condition '${condition}' has no trials: it may not resolve to a disease, so every count is 0` +
        closestHint(await closestNames(diseaseLookup(client), condition)),
      pitfall: 12,
    });
  }
  for (const r of comparison.filter(pl.col("resolved_name").isNull()).toRecords()) {
    warnings.push({
      code: "unresolved-sponsor",
      message: `Sponsor '${r.sponsor}' did not resolve: its share and overlaps are null (not 0)` +
        closestHint(
          suggested.get(String(r.sponsor)) ??
            await closestNames(organizationLookup(client), String(r.sponsor)),
        ),
    });
  }
  // Complete when every call read for its rows (not for a count) brought all of them.
  const read = provenance.filter((p) => !isCounted(p));
  const how = k < 2
    ? ""
    : fromRows
    ? "; shared counted from the service's comparison of all the sponsors: each of its shared trials " +
      "names its sponsors (every name one of the listed sponsors, or with their parent companies), which " +
      "say which listed sponsors it is on"
    : `; shared counted ${
      plan.plan === "service"
        ? "by the service's comparison of each pair"
        : "by intersecting each sponsor's own trials in the condition"
    }${refused ? ` (not from the shared trials of one comparison: ${refused})` : ""}`;
  return analysisResult(frames, provenance, warnings, read.every((p) => p.complete), {
    matrix: "one row per pair of listed sponsors, each pair once (the first listed sponsor in sponsor_a), " +
      "no sponsor paired with itself; trials_a and trials_b are each sponsor's own trials in the condition" +
      how,
    shared: "trials in the condition on which at least two of the listed sponsors are sponsors; " +
      "listed_sponsors: which of the listed sponsors each is on (a subsidiary's trial under its listed " +
      "parent; null when the service's comparison of each pair counted the pairs, which does not say)",
    shared_by_two_or_more: "trials in the condition sponsored by at least two of the listed sponsors " +
      "(the service's intersection_count, or counted here beyond ten sponsors)",
    shared_by_all: "trials sponsored by every listed sponsor; null (unknown) when a sponsor did not resolve",
    jaccard: "shared / (trials_a + trials_b − shared): the share of the two portfolios' trials in the " +
      "condition that both are on; null for an unresolved sponsor, or when neither has a trial",
  });
}

/** `frame` with `listed_sponsors`: each row's listed sponsors, or null throughout when not known. */
function withListed(frame: DataFrame, lists: readonly string[][] | null): DataFrame {
  const known = lists !== null && lists.length === frame.height && frame.height > 0;
  return frame.withColumn(
    known
      ? pl.Series("listed_sponsors", lists.map((l) => [...l]), pl.List(pl.Utf8))
      : pl.lit(null).cast(pl.List(pl.Utf8)).alias("listed_sponsors"),
  );
}

/** One sponsor's summary from spec-named data: composite search (every page) and autocomplete. */
async function deriveSummary(
  client: Client,
  sponsor: string,
  disease: string,
  phase: string | undefined,
  status: string | undefined,
): Promise<
  {
    row: Record<string, unknown>;
    trials: Record<string, unknown>[];
    provenance: Provenance[];
    suggestions: string[];
  }
> {
  const [trials, resolution] = await Promise.all([
    client.trials.composite.all({
      sponsor,
      disease,
      ...(phase ? { phase } : {}),
      ...(status ? { status } : {}),
    }),
    resolveEntity(client, "sponsor", sponsor),
  ]);
  const tally = (k: "phase" | "status") => {
    const out: Record<string, number> = {};
    for (const t of trials.rows as Record<string, unknown>[]) {
      const v = String(t[k] ?? "NA");
      out[v] = (out[v] ?? 0) + 1;
    }
    return out;
  };
  // A sponsor with trials resolved, whatever autocomplete says.
  const resolved = (trials.total ?? 0) > 0 || resolution.resolved === true;
  return {
    row: {
      sponsor,
      resolved_name: resolved ? resolution.name ?? sponsor : null,
      trial_count: trials.total ?? trials.rows.length,
      by_phase: tally("phase"),
      by_status: tally("status"),
    },
    trials: trials.rows as Record<string, unknown>[],
    provenance: [{
      ...trials.meta,
      warnings: trials.meta.warnings.filter((w) => w.code !== "maybe-unresolved"),
    }],
    suggestions: resolution.suggestions,
  };
}

/**
 * Every page of a portfolio comparison whose first page (a hundred rows) is `first`: the other pages
 * at once, then one result as `.all()` gives it (its provenance counts every page).
 */
async function readPages(
  client: Client,
  first: RowsResult<unknown>,
  params: { sponsors: string[]; conditionKeyword: string; phase?: string; status?: string },
): Promise<RowsResult<unknown>> {
  const total = first.total ?? first.rows.length;
  const rest = await Promise.all(
    Array.from(
      { length: pages(total) - 1 },
      (_, i) => client.trials.portfolio({ ...params, page: i + 2, limit: PAGE }),
    ),
  );
  const rows = [first, ...rest].flatMap((r) => r.rows);
  const { page: _, ...asked } = first.meta.params;
  return {
    rows,
    total,
    body: first.body,
    meta: {
      ...first.meta,
      params: asked,
      rows: rows.length,
      pages: 1 + rest.length,
      fromCache: [first, ...rest].some((r) => r.meta.fromCache),
      cacheAgeMs: Math.max(...[first, ...rest].map((r) => r.meta.cacheAgeMs)),
      complete: rows.length === total,
      warnings: [first, ...rest].flatMap((r) => r.meta.warnings)
        .filter((w, i, all) => w.code !== "one-page" && all.findIndex((x) => x.message === w.message) === i),
    },
  };
}
