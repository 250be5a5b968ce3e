/**
 * The approvals a list of drug names asks for (catalysts' and the regulatory landscape's `drugNames`), by
 * the one rule for drugs ({@linkcode namesProduct} in lib/client/names.ts): an approval is asked for when
 * its product holds every component of a name — so a combination ("FLUTICASONE PROPIONATE; SALMETEROL
 * XINAFOATE", Advair) asks for the products holding all of its components, never for each component's
 * products; a single ingredient asks for its own products and the combinations holding it; salt forms are
 * folded ("omeprazole magnesium" is omeprazole) and a stated ester is kept (fluticasone propionate is not
 * fluticasone furoate). A trade name or a molecule's name, synonym or id asks for the approvals of that
 * product or molecule (its salt forms included).
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { type DrugComponent, drugComponents, namesProduct } from "../../client/names.ts";
import { resolveDrug } from "./_resolve.ts";
import { all, marks } from "./_sql.ts";

/** Approvals (key → labelled ingredients) linked to the forms of the molecule a name resolves to. */
function byMolecule(db: DatabaseSync, name: string): Map<string, string> {
  const forms = resolveDrug(db, name)?.forms ?? [];
  if (!forms.length) return new Map();
  return new Map(
    all<{ k: string; ingredient: string }>(
      db,
      `SELECT d.approval_key AS k, a.ingredient FROM approval_drugs d JOIN approvals a ON a.key = d.approval_key
       WHERE d.chembl_id IN (${marks(forms.length)})`,
      forms,
    ).map((r) => [r.k, r.ingredient]),
  );
}

/** Approvals (key → labelled ingredients) whose name keys (ingredients' base names, trade name) include `key`. */
function byNameKey(db: DatabaseSync, key: string): Map<string, string> {
  return new Map(
    all<{ k: string; ingredient: string }>(
      db,
      `SELECT n.approval_key AS k, a.ingredient FROM approval_names n JOIN approvals a ON a.key = n.approval_key
       WHERE n.name_key = ?`,
      [key],
    ).map((r) => [r.k, r.ingredient]),
  );
}

/** The text of a component, for molecule look-up ("fluticasone propionate"). */
const textOf = (c: DrugComponent) => (c.ester ? `${c.base} ${c.ester}` : c.base);

/** The approvals holding one component: by its molecule, and by its base name with the stated ester kept. */
function holding(db: DatabaseSync, c: DrugComponent): Set<string> {
  const out = new Set<string>();
  const text = textOf(c);
  for (const [k, ingredient] of byMolecule(db, text)) {
    // A molecule linked by base name may be another ester's: a stated ester must be the product's.
    if (!c.ester || namesProduct(text, ingredient)) out.add(k);
  }
  for (const [k, ingredient] of byNameKey(db, c.base)) if (namesProduct(text, ingredient)) out.add(k);
  return out;
}

/**
 * The approvals a list of drug names asks for (see the module doc). Names that find nothing are left out;
 * no name finding anything gives an empty list.
 *
 * @returns The approvals' internal keys, and the names that found nothing.
 */
export function approvalsByDrugNames(
  db: DatabaseSync,
  names: readonly string[],
): { keys: string[]; unresolved: string[] } {
  const keys = new Set<string>();
  const unresolved: string[] = [];
  for (const name of names) {
    const found = new Set<string>();
    const whole = name.trim().toLowerCase();
    const parts = drugComponents(name);
    // A trade name, or a molecule by its name, synonym, brand or id.
    for (const k of byNameKey(db, whole).keys()) found.add(k);
    if (parts.length <= 1) {
      for (const [k, ingredient] of byMolecule(db, name)) {
        if (!parts[0]?.ester || namesProduct(name, ingredient)) found.add(k);
      }
      if (parts.length === 1) { for (const k of holding(db, parts[0])) found.add(k); }
    } else {
      // A combination: the approvals holding every component.
      let all: Set<string> | undefined;
      for (const c of parts) {
        const s = holding(db, c);
        all = all === undefined ? s : new Set([...all].filter((k) => s.has(k)));
      }
      for (const k of all ?? []) found.add(k);
    }
    if (found.size === 0) unresolved.push(name);
    for (const k of found) keys.add(k);
  }
  return { keys: [...keys], unresolved };
}
