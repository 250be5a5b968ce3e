/**
 * Analysis 4: regulatory landscape — drugs by tier (biologics / modern small molecules / commodities)
 * over time (first approval year) and by sponsor, plus approvals by source from exact server totals.
 *
 * @module
 */
import pl from "nodejs-polars";
import type { Client } from "../client/mod.ts";
import type { Provenance } from "../client/result.ts";
import {
  type AnalysisResult,
  analysisResult,
  type AnalysisWarning,
  explodeLinks,
  toFrame,
  withKeys,
} from "../frames/mod.ts";
import { framed } from "./_measures.ts";
import { closestHint, resolveOrganization } from "./_resolve_entity.ts";
import { checkParams } from "./params.ts";
import type { DataFrame } from "../frames/polars.ts";

/** Tiers in display order. */
export const TIER_ORDER: readonly string[] = ["biologics", "small_molecules_modern", "commodities"];

/** Output frames of the regulatory landscape. */
export interface RegulatoryLandscapeFrames {
  /** The landscape drugs: `generic_name, tier, total_approvals, first_approval_year, has_black_box, sponsors`. */
  readonly drugs: DataFrame;
  /** `tier, drugs, approvals, black_box, first_year, last_year` (tiers in {@linkcode TIER_ORDER}, then any other). */
  readonly byTier: DataFrame;
  /** `first_approval_year, tier, drugs` (drugs first approved that year), by year then tier. */
  readonly byYear: DataFrame;
  /** `sponsor, tier, drugs`, most drugs first. */
  readonly bySponsor: DataFrame;
  /** `source, approvals` (exact `meta.totalItems` of an approvals search per source). */
  readonly bySource: DataFrame;
}

/** Result of {@linkcode regulatoryLandscape}. */
export type RegulatoryLandscape = AnalysisResult<RegulatoryLandscapeFrames>;

/** A tier's place in {@linkcode TIER_ORDER}; a tier the service adds comes after them (sorted by name). */
const tierRank = (): pl.Expr =>
  pl.col("tier").replace([...TIER_ORDER], TIER_ORDER.map((_, i) => String(i))).cast(pl.Int64, false)
    .fillNull(TIER_ORDER.length);

/**
 * Pure core: summarise landscape drug rows by tier, year and sponsor.
 *
 * @param drugs Landscape drugs (`toFrame("landscapeDrug", rows)`).
 * @param sourceTotals `source, approvals` totals. @default {empty}
 * @returns The landscape frames.
 * @example Two tiers
 * ```ts
 * import assert from "node:assert/strict";
 * import { toFrame } from "../frames/mod.ts";
 * import { regulatoryLandscapeFromFrames } from "./regulatory_landscape.ts";
 * const d = (generic_name: string, tier: string, year: number) => ({ generic_name, tier,
 *   total_approvals: 2, first_approval_year: year, has_black_box: false, sponsors: ["Acme"] });
 * const out = regulatoryLandscapeFromFrames(toFrame("landscapeDrug", [
 *   d("a", "commodities", 1990), d("b", "biologics", 2015), d("c", "biologics", 2015),
 * ]));
 * assert.deepEqual(out.byTier.getColumn("tier").toArray(), ["biologics", "commodities"]);
 * assert.deepEqual(out.byTier.getColumn("drugs").toArray(), [2, 1]);
 * assert.equal(out.bySponsor.getColumn("drugs").get(0), 2);
 * ```
 */
export function regulatoryLandscapeFromFrames(
  drugs: DataFrame,
  sourceTotals: DataFrame = framed([], { source: pl.Utf8, approvals: pl.Int64 }),
): RegulatoryLandscapeFrames {
  const d = drugs.select(...toFrame("landscapeDrug", []).columns);
  const byTier = d.groupBy("tier").agg(
    pl.len().cast(pl.Int64).alias("drugs"),
    pl.col("total_approvals").sum().cast(pl.Int64).alias("approvals"),
    pl.col("has_black_box").sum().cast(pl.Int64).alias("black_box"),
    pl.col("first_approval_year").min().alias("first_year"),
    pl.col("first_approval_year").max().alias("last_year"),
  ).withColumns(tierRank().alias("_o")).sort(["_o", "tier"]).drop("_o");
  const byYear = d.filter(pl.col("first_approval_year").isNotNull())
    .groupBy(["first_approval_year", "tier"]).agg(pl.len().cast(pl.Int64).alias("drugs"))
    .withColumns(tierRank().alias("_o")).sort(["first_approval_year", "_o", "tier"]).drop("_o");
  const links = explodeLinks(d, "sponsors", { id: ["generic_name", "tier"] });
  const bySponsor = links.groupBy(["sponsors", "tier"]).agg(pl.len().cast(pl.Int64).alias("drugs"))
    .rename({ sponsors: "sponsor" })
    .sort(["drugs", "sponsor", "tier"], [true, false, false]);
  return withKeys({ drugs: d, byTier, byYear, bySponsor, bySource: sourceTotals }, {
    drugs: ["generic_name", "tier"],
    byTier: ["tier"],
    byYear: ["first_approval_year", "tier"],
    bySponsor: ["sponsor", "tier"],
    bySource: ["source"],
  });
}

/** Parameters of {@linkcode regulatoryLandscape} (all optional). */
export interface RegulatoryLandscapeParams {
  /** Sponsor name (the landscape expands the corporate family). */
  readonly sponsor?: string;
  /** Indication keyword (expands the disease hierarchy). */
  readonly indication?: string;
  /** US or EU. */
  readonly region?: "US" | "EU";
  /** Only approvals from 1 January of this year. */
  readonly minYear?: number;
}

const SOURCES: Readonly<Record<string, readonly string[]>> = {
  US: ["FDA_ORANGE", "FDA_PURPLE"],
  EU: ["EMA"],
  all: ["FDA_ORANGE", "FDA_PURPLE", "EMA"],
};

/**
 * Regulatory landscape fetched with the client: one `regulatory.landscape` call, and one
 * `regulatory.search` call per source (and per family unit) with `limit: 1` whose exact total is the
 * approval count. The sponsor is resolved once (`resolveOrganization`) to the units of its corporate family
 * that hold approvals (the landscape counts the family too; where the service names no family, the
 * organization of its name), and each unit's `organizations/<key>` id filters the approvals search (which
 * matches records linked to that organization itself); an ambiguous name reads the first candidate, with a
 * warning. The per-source totals are not filtered by indication or minYear (the approvals search has no such
 * filters), which a warning states when those are given.
 *
 * @param client A client from `createClient`.
 * @param params Sponsor, indication, region, minYear.
 * @returns The landscape frames with provenance and warnings.
 * @example A sponsor's landscape
 * ```ts
 * import assert from "node:assert/strict";
 * import { createClient } from "../client/mod.ts";
 * import { startSandbox } from "../sandbox/mod.ts";
 * import { regulatoryLandscape } from "./regulatory_landscape.ts";
 * await using sb = await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
 * const ri = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
 * const r = await regulatoryLandscape(ri, { sponsor: "Novartis" });
 * assert.equal(r.bySource.height, 3);
 * ```
 */
export async function regulatoryLandscape(
  client: Client,
  params: RegulatoryLandscapeParams = {},
): Promise<RegulatoryLandscape> {
  checkParams("regulatoryLandscape", params);
  const landscape = await client.regulatory.landscape({ ...params });
  const provenance: Provenance[] = [landscape.meta];
  const warnings: AnalysisWarning[] = [];
  // The sponsor's approvals by source are those of every unit of its family (the units the service's
  // resolution names; else the organizations of its name), as the landscape's sponsor reaches the family.
  let units: string[] | undefined;
  if (params.sponsor) {
    const r = await resolveOrganization(client, params.sponsor);
    if (r.meta) provenance.push({ ...(r.meta as Provenance), warnings: [] }); // its cap is not a finding
    const reached = r.status === "resolved" ? r.families : r.families.slice(0, 1);
    units = [
      ...new Set(reached.flatMap((f) => f.units.filter((u) => u.approvalCount !== 0).map((u) => u.id))),
    ];
    if (units.length === 0 && reached.length) units = [reached[0].units[0]?.id ?? reached[0].id];
    if (r.status === "unresolved") {
      warnings.push({
        code: "maybe-unresolved",
        message: `Sponsor '${params.sponsor}' did not resolve to an organization; approvals by source are ` +
          `unfiltered${closestHint([...r.suggestions])}`,
      });
      units = undefined;
    } else if (r.status === "ambiguous") {
      warnings.push({
        code: "ambiguous-sponsor",
        message: `Sponsor '${params.sponsor}' names ${r.families.length} unrelated companies (${
          r.families.map((f) => f.name).join("; ")
        }); the landscape reads the first — name one of them to choose`,
      });
    }
  }
  if (params.indication || params.minYear) {
    warnings.push({
      code: "totals-unfiltered",
      message: "Approvals by source ignore indication and minYear (the approvals search cannot filter them)",
    });
  }
  const sources = SOURCES[params.region ?? "all"];
  const totals = await Promise.all(
    sources.map((source) =>
      Promise.all((units ?? [undefined]).map((unit) =>
        client.regulatory.search({
          source: source as "EMA",
          limit: 1,
          ...(unit ? { sponsor_id: unit } : {}),
        })
      ))
    ),
  );
  provenance.push(
    ...totals.flat().map((r) => ({
      ...r.meta,
      warnings: r.meta.warnings.filter((w) => w.code !== "one-page"),
    })),
  );
  const bySource = framed(
    totals.map((parts, i) => ({
      source: sources[i],
      approvals: parts.some((r) => r.total === null) ? null : parts.reduce((n, r) => n + (r.total ?? 0), 0),
    })),
    { source: pl.Utf8, approvals: pl.Int64 },
  );
  const frames = regulatoryLandscapeFromFrames(
    toFrame("landscapeDrug", landscape.rows as Record<string, unknown>[]),
    bySource,
  );
  const rows = landscape.rows as Record<string, unknown>[];
  if (rows.length > 0 && !rows.some((r) => "sponsors" in r)) {
    warnings.push({
      code: "field-absent",
      message:
        "The service's landscape rows name no sponsors, so the drugs by sponsor and tier cannot be shown; " +
        "ask for one sponsor's landscape (sponsor) to see its drugs",
    });
  }
  return analysisResult(frames, provenance, warnings, landscape.meta.complete);
}
