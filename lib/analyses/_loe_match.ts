/**
 * Private: match a catalyst drug to Medicare Part D rows, across salt and variant forms, and say how.
 *
 * In order, the first method that finds rows wins (rows of the same molecule are summed):
 *
 * 1. `exact_generic` / `salt_form`: the Medicare generic name equals the catalyst `drug_name`, or does
 *    once salt, ester and hydrate words are dropped ("Osimertinib Mesylate" → "osimertinib");
 * 2. `molecule_id`: the row's `molecule.chembl_id` is one of the drug's forms (drug-to-targets
 *    aggregates salt/variant forms; used only where names fail, and only when the service sends ids);
 * 3. `brand_name`: one of the row's brand names equals one of the drug's trade names.
 *
 * No match is "no match", never "no spending": Medicare name search is exact (PITFALLS 23).
 *
 * @module
 */
import { sameName } from "./_resolve_entity.ts";

/** Words that name a salt, ester, hydrate or release form rather than the molecule. */
const FORM_WORDS = new Set(
  ("hydrochloride hcl dihydrochloride monohydrochloride hydrobromide bromide chloride sodium disodium potassium " +
    "calcium magnesium zinc lithium mesylate dimesylate maleate dimaleate tartrate bitartrate citrate sulfate " +
    "bisulfate phosphate diphosphate acetate diacetate succinate fumarate hemifumarate besylate tosylate " +
    "lactate malate gluconate nitrate oxalate benzoate pamoate valerate propionate dipropionate hyclate " +
    "monohydrate dihydrate trihydrate hemihydrate sesquihydrate anhydrous propanediol free base er xr sr cr dr " +
    "extended-release delayed-release")
    .split(/\s+/),
);

/** A generic name without its trailing salt/hydrate/release words, lower case. */
export function baseName(generic: string): string {
  const words = generic.toLowerCase().replace(/[(),]/g, " ").split(/\s+/).filter(Boolean);
  while (words.length > 1 && FORM_WORDS.has(words[words.length - 1])) words.pop();
  return words.join(" ");
}

/** The Medicare row fields a match reads. */
export interface MedicareLite {
  readonly key: string;
  readonly generic_name: string;
  readonly brand_names: readonly string[] | null;
  readonly molecule_id: string | null;
}

/** How a drug was matched. */
export type MatchMethod = "exact_generic" | "salt_form" | "molecule_id" | "brand_name" | "no match";

/** A drug's Medicare rows and the method that found them. */
export interface Match<R> {
  readonly rows: R[];
  readonly method: MatchMethod;
}

/** An index of Medicare rows for repeated matching. */
export function medicareIndex<R extends MedicareLite>(rows: readonly R[]) {
  const byBase = new Map<string, R[]>();
  const byMolecule = new Map<string, R[]>();
  const byBrand = new Map<string, R[]>();
  const push = (m: Map<string, R[]>, k: string, r: R) => m.set(k, [...(m.get(k) ?? []), r]);
  for (const r of rows) {
    push(byBase, baseName(r.generic_name), r);
    if (r.molecule_id) push(byMolecule, r.molecule_id, r);
    for (const b of r.brand_names ?? []) push(byBrand, b.trim().toLowerCase(), r);
  }
  return {
    /**
     * Match one drug.
     *
     * @param drug The catalyst `drug_name`.
     * @param tradeNames Its catalyst trade names.
     * @param forms Molecule ids of its forms (optional).
     */
    match(drug: string, tradeNames: readonly string[], forms: readonly string[] = []): Match<R> {
      const d = drug.trim().toLowerCase();
      const named = byBase.get(baseName(d)) ?? [];
      if (named.length) {
        const exact = named.some((r) => sameName(r.generic_name, drug));
        return { rows: named, method: exact ? "exact_generic" : "salt_form" };
      }
      const byId = [...new Set(forms.flatMap((f) => byMolecule.get(f) ?? []))];
      if (byId.length) return { rows: byId, method: "molecule_id" };
      const brands = [...new Set(tradeNames.flatMap((t) => byBrand.get(t.trim().toLowerCase()) ?? []))];
      if (brands.length) return { rows: brands, method: "brand_name" };
      return { rows: [], method: "no match" };
    },
  };
}
