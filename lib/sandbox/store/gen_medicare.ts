/**
 * Medicare Part D drug spending (year 2025): one row per approved molecule (Title Case generic name
 * with salt, brand names), a separate unbranded row for commodity molecules with brands, a few
 * zero-claim / zero-beneficiary rows (averages are null), unmatched rows without a molecule, and raw
 * indication rows in the stored underscore form (`EFO_0000311`), sometimes repeated per efo_id.
 *
 * So that joins by name meet the real data's gaps, chosen by a hash of the molecule id (no draw of
 * the seeded generator, so every other row is unchanged): about 1 in 6 biologics has no Part D row
 * (clinic-administered drugs are paid under Part B), and about 1 in 12 branded molecules is listed as
 * a fixed-dose combination (`Generic/Partner`), which only its brand name (or molecule id) matches; that
 * brand is also listed on the next branded molecule's row, so a brand name maps to two molecules.
 *
 * @module
 */
import { type Ctx, inserter, type MolRec, titleCase } from "./gen_context.ts";
import { bucket } from "./prng.ts";

const UNMATCHED = [
  "Lisinopril",
  "Levothyroxine Sodium",
  "Gabapentin",
  "Amoxicillin",
  "Hydrocodone Bitartrate/Acetaminophen",
  "Furosemide",
  "Prednisone",
  "Tramadol Hydrochloride",
  "Clopidogrel Bisulfate",
  "Pantoprazole Sodium",
  "Carvedilol",
  "Meloxicam",
  "Trazodone Hydrochloride",
  "Insulin Lispro",
  "Hydrochlorothiazide",
];

const PARTNERS = [
  "Metformin Hydrochloride",
  "Valsartan",
  "Ezetimibe",
  "Amlodipine Besylate",
  "Empagliflozin",
];

/** Generate Medicare drug rows, brands and indications. */
export function genMedicare(ctx: Ctx): void {
  const { db, rng } = ctx;
  const insM = inserter(db, "medicare_drugs", [
    "key",
    "generic_name",
    "brand_names_json",
    "is_branded",
    "total_spending",
    "total_claims",
    "total_beneficiaries",
    "chembl_id",
    "match_method",
    "year",
  ]);
  const insB = inserter(db, "medicare_brands", ["medicare_key", "brand_name"]);
  const insI = inserter(db, "medicare_indications", ["medicare_key", "efo_id", "disease_id", "name"]);
  const names = new Map(ctx.diseases.map((d) => [d.id, d]));
  let seq = 0;
  const row = (
    generic: string,
    brands: string[],
    m: MolRec | null,
    costPerClaim: number,
    spendMedian: number,
    listed = true,
  ): void => {
    const key = String(5_000_000 + ++seq * 13 + rng.int(0, 12));
    const spending = Math.round(rng.lognormal(spendMedian, 1.1) * 100) / 100;
    let claims = Math.max(1, Math.round(spending / rng.lognormal(costPerClaim, 0.4)));
    let benes = Math.max(1, Math.round(claims / rng.int(2, 12)));
    if (rng.chance(0.03)) claims = 0;
    if (rng.chance(0.03)) benes = 0;
    const method = m ? "exact_generic" : "unmatched";
    // An unlisted row is drawn like every row (the same random draws), so the rows after it are unchanged.
    if (listed) {
      insM(
        key,
        generic,
        JSON.stringify(brands),
        brands.length ? 1 : 0,
        spending,
        claims,
        benes,
        m?.chembl ?? null,
        method,
        2025,
      );
      for (const b of brands) insB(key, b);
    }
    for (const d of m?.indications ?? []) {
      const spec = names.get(d)!;
      if (listed) insI(key, d.replace(":", "_"), d, spec.name);
      if (spec.synonyms.length && rng.chance(0.15)) {
        const synonym = rng.pick(spec.synonyms);
        if (listed) insI(key, d.replace(":", "_"), d, synonym);
      }
    }
  };
  // A combination's brand is also listed on the next branded molecule's row (brand names collide in
  // real data too), so one brand name maps to two molecules.
  let sharedBrand: string | undefined;
  for (const m of ctx.molecules) {
    if (m.firstYear === 0) continue;
    const b = bucket(m.chembl);
    const partB = m.isBio && b < 16;
    const combo = !m.isBio && m.tier !== "commodities" && m.brands.length > 0 && b >= 90 && b < 98;
    const generic = titleCase(m.salt?.name ?? m.generic) + (combo ? `/${PARTNERS[b % PARTNERS.length]}` : "");
    const cost = m.isBio ? 4500 : m.tier === "commodities" ? 25 : 700;
    const median = m.isBio ? 3e8 : m.tier === "commodities" ? 4e7 : 1.2e8;
    if (m.tier === "commodities" && m.brands.length) {
      row(generic, m.brands, m, cost * 6, median / 5);
      row(generic, [], m, cost, median);
    } else if (!combo && !partB && sharedBrand && m.brands.length && !m.brands.includes(sharedBrand)) {
      row(generic, [...m.brands, sharedBrand], m, cost, median);
      sharedBrand = undefined;
    } else row(generic, m.brands, m, cost, median, !partB);
    if (combo) sharedBrand = m.brands[0];
  }
  for (const generic of UNMATCHED) row(generic, [], null, 20, 5e7);
}
