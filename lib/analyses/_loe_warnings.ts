/**
 * Private: the loss-of-exclusivity analysis's definitions and the warnings that say what its numbers
 * cannot show (a horizon past the catalysts' reach, approval records without dates, a match shortfall,
 * drug names nothing knows).
 *
 * @module
 */
import pl from "nodejs-polars";
import type { AnalysisWarning } from "../frames/mod.ts";
import { baseName, DRUG_NAMES_DEFINITION } from "./_loe_match.ts";
import { namesProduct } from "../client/names.ts";
import { REACH_DAYS } from "./_loe_horizon.ts";

/**
 * What the figures mean (`result.definitions`), for Part D spending of `year` (the data's spending
 * year: the Medicare rows' `year`, else the spec's 2025).
 */
export function loeDefinitions(year: string | number): Record<string, string> {
  return {
    drugNames: DRUG_NAMES_DEFINITION,
    protection_horizon:
      "the drug's true last patent or exclusivity expiry: the catalysts are asked as far as " +
      "they reach (3,650 days) and the approval records' patent and exclusivity dates show any later one; " +
      "generic exclusivities (PC, CGT) held on the brand are not its protection",
    horizonYears:
      "years ahead from the data's today (365.25 days a year); the catalysts reach 3,650 days, so " +
      "a 10-year horizon (3,653 days) runs 3 days past them, and says so in a warning",
    protected_beyond:
      "the catalysts' reach (today + 3,650 days), for a drug whose protection runs past it: " +
      "protected at least until then, not exposure",
    exposed_horizon: `${year} Part D spending of the entity's own drugs whose protection horizon is within ` +
      "the horizon; a drug protected past it, and a generic exclusivity the entity holds on another brand, " +
      "is not exposure; null for an entity that did not resolve",
    part_d_spending:
      `${year} Medicare Part D spending of the matched rows, summed over forms; each Medicare ` +
      "row is counted for one drug only (names first, then molecule ids, then brands)",
    spending_year: `the year of the Medicare Part D spending (${year}): the year the service sends on each ` +
      "row (a field the spec does not name; an imported CMS file's latest year), else 2025, the year the " +
      "spec states; never assumed from today",
    exposed_share_fraction: "exposed_horizon ÷ part_d_total, the Part D spending on all the entity's " +
      "approved drugs (its regulatory landscape plus its catalyst drugs), matched by the same matcher as " +
      "the drugs; part_d_total and the share are null (unknown, not 0) when the regulatory landscape lists " +
      "no approved drugs for the entity (a ticker or LEI, or a store without molecule-linked approvals), " +
      "because a total of its catalyst drugs alone would overstate the share",
  };
}

/**
 * The share's denominator cannot be computed for tickers and LEIs (the regulatory landscape takes sponsor
 * names only) nor for a resolved sponsor the landscape lists no approved drugs for: named, with why.
 */
export function shareWarnings(
  params: { sponsors?: readonly string[]; tickers?: readonly string[]; leis?: readonly string[] },
  listed: ReadonlySet<string>,
  unresolved: readonly string[],
): AnalysisWarning[] {
  const out: AnalysisWarning[] = [];
  // Entities by name in the text (`ticker LLY`, `Pfizer`); the stored `sponsor:Pfizer` keys stay in the frames.
  const others = [
    ...(params.tickers ?? []).map((t) => ({ key: `ticker:${t}`, name: `ticker ${t}` })),
    ...(params.leis ?? []).map((l) => ({ key: `lei:${l}`, name: `LEI ${l}` })),
  ].filter((e) => !unresolved.includes(e.key));
  if (others.length) {
    out.push({
      code: "share-unavailable",
      message: `${others.map((e) => e.name).join(", ")}: the regulatory landscape takes sponsor names ` +
        `only, so ${others.length === 1 ? "its" : "their"} share of total Part D spending is unknown`,
    });
  }
  const unlisted = (params.sponsors ?? []).filter((s) => {
    const key = `sponsor:${s}`;
    return !listed.has(key) && !unresolved.includes(key);
  });
  if (unlisted.length) {
    out.push({
      code: "share-unavailable",
      message: `${unlisted.join(", ")}: the regulatory landscape lists no approved drugs for ` +
        `${unlisted.length === 1 ? "this sponsor" : "these sponsors"} (it lists drugs linked to a ` +
        `molecule id, which imported public files do not carry), so ${
          unlisted.length === 1 ? "its" : "their"
        } total Part D spending and exposed share are unknown, not 0; the exposure is still shown`,
    });
  }
  return out;
}

/** What the service cannot show: a horizon past the catalysts' reach, records without expiry dates. */
export function reachWarnings(
  years: number,
  records: { dated: boolean; failed: readonly string[] },
  protectedDrugs: pl.DataFrame,
): AnalysisWarning[] {
  const out: AnalysisWarning[] = [];
  const days = Math.round(years * 365.25);
  if (days > REACH_DAYS) {
    out.push({
      code: "horizon-beyond-reach",
      message:
        `A ${years}-year horizon (${days} days) runs past the catalysts' reach (${REACH_DAYS} days): ` +
        `expiries in the last ${days - REACH_DAYS} days are seen only where the approval records list them`,
    });
  }
  if (!records.dated || records.failed.length) {
    out.push({
      code: records.dated ? "beyond-reach-unseen" : "field-absent",
      message: (records.dated
        ? `The approval records of ${records.failed.slice(0, 5).join(", ")} could not be fetched in full`
        : "The approval records carry no patent or exclusivity dates the toolkit can read (fields the " +
          "spec names without a shape)") +
        `: protection past the catalysts' reach (${REACH_DAYS} days) cannot be seen, so a drug whose last ` +
        `visible expiry is within the horizon may be protected longer (exposure is an upper bound), and such ` +
        `drugs are missing from those listed as protected past the horizon`,
    });
  }
  const beyond = protectedDrugs.filter(pl.col("protected_beyond").isNotNull()).height;
  if (beyond) {
    out.push({
      code: "protected-beyond-reach",
      message:
        `${beyond === 1 ? "1 drug is" : `${beyond} drugs are`} protected beyond the catalysts' reach ` +
        `(${REACH_DAYS.toLocaleString("en-US")} days): listed as protected past the horizon, not exposure`,
    });
  }
  return out;
}

/** The match rate (only on a shortfall, naming the drugs) and drug names given that nothing knows. */
export function matchWarnings(
  years: number,
  drugs: pl.DataFrame,
  given: readonly string[],
  seen: readonly string[],
): AnalysisWarning[] {
  const out: AnalysisWarning[] = [];
  const n = drugs.height;
  const missed = drugs.filter(pl.col("match_method").eq(pl.lit("no match")))
    .getColumn("drug_name").toArray() as string[];
  if (missed.length) {
    out.push({
      code: "match-rate",
      message:
        `${n - missed.length} of ${n} drugs losing protection within ${years} years matched Medicare ` +
        `Part D rows (${Math.round(((n - missed.length) / n) * 100)}%); not matched: ${missed.join(", ")} ` +
        `(listed as drugs with no Medicare match: no match is not evidence of no spending)`,
    });
  }
  // A name is known when it names a drug seen (the shared rule: a product holding all its components).
  const unknown = given.filter((g) => !seen.some((d) => baseName(d) === baseName(g) || namesProduct(g, d)));
  if (unknown.length) {
    out.push({
      code: "unknown-drug",
      message:
        `No catalyst event within ±${REACH_DAYS} days for ${unknown.join(", ")}: not a drug name the ` +
        `service knows (names are exact), or nothing in reach; left out`,
    });
  }
  return out;
}
