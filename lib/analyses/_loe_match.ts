/**
 * Private: match a catalyst drug to Medicare Part D rows, across salt and variant forms, and say how.
 *
 * In order, the first method that finds rows wins (rows of the same molecule are summed):
 *
 * 1. `exact_generic` / `salt_form`: the Medicare generic name equals the catalyst `drug_name`, or names
 *    the same drug by the shared rule ({@linkcode sameDrug} in lib/client/names.ts): the same active
 *    ingredients, salt and hydrate words folded ("Osimertinib Mesylate" → osimertinib), a stated ester
 *    kept where both state one — so a combination's rows are the combination's ("FLUTICASONE PROPIONATE;
 *    SALMETEROL XINAFOATE" ↔ Part D's "Fluticasone/Salmeterol"), never one of its components' rows, and a
 *    single ingredient's rows are not a combination's;
 * 2. `molecule_id`: the row's `molecule.chembl_id` is one of the drug's forms (drug-to-targets
 *    aggregates salt/variant forms; used only where names fail, and only when the service sends ids);
 * 3. `brand_name`: one of the row's brand names equals one of the drug's trade names.
 *
 * No match is "no match", never "no spending": Medicare name search is exact (PITFALLS 23).
 *
 * Across drugs ({@link assignRows}) the order holds too: every drug's name matches are served first,
 * then molecule ids, then brands, so a Medicare row is counted for one drug only — a brand name shared
 * by two molecules never counts a row twice, and never takes a row another drug's name matches.
 *
 * @module
 */
import { sameName } from "./_resolve_entity.ts";
import { baseName, drugComponents, sameDrug } from "../client/names.ts";

export { baseName, sameDrug };

/**
 * What a drug name asks for, in the analyst's words (`result.definitions.drugNames` of the catalyst
 * calendar and loss of exclusivity): the shared rule of lib/client/names.ts (`namesProduct`).
 */
export const DRUG_NAMES_DEFINITION =
  'a drug name asks for the products holding all of its components: a combination ("FLUTICASONE ' +
  'PROPIONATE; SALMETEROL XINAFOATE", Advair) for the products holding every one of them, never each ' +
  "component's own products; a single ingredient for its own products and the combinations holding it; " +
  "salt and hydrate words are folded (omeprazole magnesium is omeprazole) and a stated ester is kept " +
  "(fluticasone propionate is not fluticasone furoate); a trade name asks for its product. A product's " +
  "Part D spending is that of its own rows (the same components): a combination's rows are not its " +
  "components', nor theirs its";

/** The index key of a drug name: its components' base names, sorted (esters are checked by sameDrug). */
const drugIndexKey = (name: string) => drugComponents(name).map((c) => c.base).sort().join(" + ");

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
    push(byBase, drugIndexKey(r.generic_name), r);
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
      const named = (byBase.get(drugIndexKey(drug)) ?? []).filter((r) => sameDrug(r.generic_name, drug));
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

const RANK: Record<MatchMethod, number> = {
  exact_generic: 0,
  salt_form: 0,
  molecule_id: 1,
  brand_name: 2,
  "no match": 3,
};

/** A drug to match: its name, trade names and molecule ids of its forms. */
export interface DrugToMatch {
  readonly drug: string;
  readonly tradeNames: readonly string[];
  readonly forms: readonly string[];
}

/** What {@link assignRows} gives a drug: its rows, the method, and rows another drug was served first. */
export interface Assigned<R> extends Match<R> {
  /** Drug names that were served the rows this drug's method found, when they took all of them. */
  readonly takenBy: string[];
}

/**
 * Match every drug, serving methods in the documented order across all drugs (names, then molecule
 * ids, then brands; drug names alphabetically within a method): each Medicare row goes to the first
 * drug served, so no row counts twice.
 *
 * @param index A {@link medicareIndex}.
 * @param drugs The drugs (distinct names).
 * @returns Each drug's rows, by drug name.
 */
export function assignRows<R extends MedicareLite>(
  index: ReturnType<typeof medicareIndex<R>>,
  drugs: readonly DrugToMatch[],
): Map<string, Assigned<R>> {
  const found = drugs.map((d) => ({ d, m: index.match(d.drug, d.tradeNames, d.forms) }))
    .sort((a, b) => RANK[a.m.method] - RANK[b.m.method] || a.d.drug.localeCompare(b.d.drug));
  const owner = new Map<string, string>();
  const out = new Map<string, Assigned<R>>();
  for (const { d, m } of found) {
    const rows = m.rows.filter((r) => !owner.has(r.key));
    for (const r of rows) owner.set(r.key, d.drug);
    const takenBy = [
      ...new Set(m.rows.filter((r) => owner.get(r.key) !== d.drug).map((r) => owner.get(r.key)!)),
    ];
    out.set(
      d.drug,
      rows.length ? { rows, method: m.method, takenBy: [] } : { rows, method: "no match", takenBy },
    );
  }
  return out;
}
