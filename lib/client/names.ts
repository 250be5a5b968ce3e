/**
 * Name normalisers shared by the client's analyses and the sandbox's import and resolution — one
 * documented rule each, so a name matches the same way wherever it is asked for:
 *
 * - {@linkcode baseName}: a drug's generic name without its salt, ester, hydrate or release words
 *   ("Osimertinib Mesylate" → "osimertinib"), lower case;
 * - {@linkcode drugKey}: every ingredient of a labelled ingredient list (`APIXABAN; ASPIRIN`) by its
 *   base name;
 * - {@linkcode orgKey}: an organization name without case, accents, punctuation and legal-form words
 *   ("BRISTOL MYERS SQUIBB CO", "Bristol-Myers Squibb Company" and "Bristol Myers Squibb" are one key,
 *   `bristol-myers-squibb`);
 * - {@linkcode diseaseKey}: a disease or condition name without case, accents, punctuation and plurals
 *   ("Leukemias", "LEUKEMIA" → `leukemia`);
 * - {@linkcode meshUi}: a MeSH id as MeSH issued it, whatever the snapshot wrote (`D000007938` → `D007938`).
 *
 * @module
 */

/**
 * Ester and prodrug words named after the molecule (USAN). {@linkcode baseName} drops them like salts, but
 * an ester can be another active ingredient with its own products (fluticasone propionate in Advair,
 * fluticasone furoate in Breo): {@linkcode drugComponents} keeps the one a name states.
 */
const ESTERS =
  "valerate propionate dipropionate butyrate acetonide furoate hyclate ethylsuccinate palmitate " +
  "decanoate enanthate cypionate undecanoate axetil medoxomil cilexetil mofetil pivoxil proxetil dimeglumine";

/**
 * Words that name a salt, ester, hydrate or release form rather than the molecule. The salts are the
 * anions and cations of the FDA-approved commercially marketed salts listed by Berge, Bighley &
 * Monkhouse, "Pharmaceutical Salts", J. Pharm. Sci. 66(1):1–19 (1977), Table I (the list Stahl &
 * Wermuth's handbook builds on), with their USAN short forms and mono/di/hemi multiples as they appear
 * in USP names; then the common USAN ester and prodrug suffixes, hydrates and release forms.
 */
const FORM_WORDS = new Set(
  [
    // Berge et al. 1977, Table I, anions (USAN short forms in brackets there: besylate, camsylate, …).
    "acetate benzenesulfonate besylate benzoate bicarbonate bitartrate bromide edetate camsylate " +
    "camphorsulfonate carbonate chloride citrate dihydrochloride edisylate estolate esylate " +
    "ethanesulfonate fumarate gluceptate gluconate glutamate glycollylarsanilate hexylresorcinate " +
    "hydrabamine hydrobromide hydrochloride hydroxynaphthoate iodide isethionate isetionate lactate " +
    "lactobionate malate maleate mandelate mesylate methanesulfonate methylbromide methylnitrate " +
    "methylsulfate mucate napsylate nitrate pamoate embonate pantothenate phosphate diphosphate " +
    "polygalacturonate salicylate stearate subacetate succinate sulfate tannate tartrate teoclate " +
    "triethiodide",
    // Table I, cations (organic and metallic).
    "benzathine chloroprocaine choline diethanolamine ethylenediamine meglumine procaine aluminum " +
    "calcium lithium magnesium potassium sodium zinc",
    // Multiples and spellings of the above in USP/USAN names.
    "hcl monohydrochloride trihydrochloride dimesylate dimaleate ditosylate difumarate disuccinate " +
    "ditartrate hemifumarate hemisulfate hemitartrate bisulfate salt " +
    "hydrogen disodium dipotassium monosodium trisodium hemicalcium tromethamine olamine erbumine " +
    "tosylate xinafoate oxalate orotate adipate trifenatate",
    // INN spellings of the sulfonates (EMA labels): besilate, mesilate, tosilate, camsilate, edisilate, esilate, napsilate.
    "besilate mesilate dimesilate tosilate ditosilate camsilate edisilate esilate napsilate",
    // Esters and prodrug moieties named after the molecule (USAN).
    ESTERS,
    // Hydrates, solvates and release forms.
    "monohydrate dihydrate trihydrate tetrahydrate hemihydrate sesquihydrate anhydrous propanediol " +
    "free base acid er xr sr cr dr la extended-release delayed-release",
  ].join(" ").split(/\s+/),
);

/** A generic name without its trailing salt/hydrate/release words, lower case. */
export function baseName(generic: string): string {
  const words = generic.toLowerCase().replace(/[(),]/g, " ").split(/\s+/).filter(Boolean);
  while (words.length > 1 && FORM_WORDS.has(words[words.length - 1])) words.pop();
  return words.join(" ");
}

/**
 * The base names of a labelled ingredient list: `;`, `,` and ` and ` separate ingredients
 * ("SACUBITRIL; VALSARTAN" → ["sacubitril", "valsartan"]).
 *
 * @param ingredients One name or a list as a label gives it.
 * @returns Each ingredient's base name (distinct, in order).
 */
export function drugKeys(ingredients: string): string[] {
  const parts = ingredients.split(/\s*;\s*|\s+and\s+|\s*\+\s*/i).map((p) => baseName(p.trim())).filter(
    Boolean,
  );
  return [...new Set(parts)];
}

/** One active ingredient of a drug name: its base name and the ester its name states, if any. */
export interface DrugComponent {
  /** Its {@linkcode baseName} ("fluticasone"). */
  readonly base: string;
  /** The ester or prodrug word(s) the name states ("propionate"), if any. */
  readonly ester?: string;
}

const ESTER_WORDS = new Set(ESTERS.split(/\s+/));

/**
 * The active ingredients a drug name states, as analysts mean them: a labelled list's ingredients (`;`,
 * ` and `, `+`, and Part D's `/` separate them), each by its base name — salt, hydrate and release words
 * folded ("SALMETEROL XINAFOATE" is salmeterol, "OMEPRAZOLE MAGNESIUM" omeprazole) — with the ester its
 * name states kept apart ("FLUTICASONE PROPIONATE" is fluticasone, propionate).
 *
 * @param name A drug name, an ingredient list as a label gives it, or a Part D generic name.
 * @returns Its components (distinct, in order); none for an empty name.
 */
export function drugComponents(name: string): DrugComponent[] {
  const out = new Map<string, DrugComponent>();
  for (const part of name.split(/\s*;\s*|\s+and\s+|\s*\+\s*|\s*\/\s*/i)) {
    const words = part.toLowerCase().replace(/[(),]/g, " ").split(/\s+/).filter(Boolean);
    const esters: string[] = [];
    while (words.length > 1 && FORM_WORDS.has(words[words.length - 1])) {
      const w = words.pop()!;
      if (ESTER_WORDS.has(w)) esters.unshift(w);
    }
    if (!words.length) continue;
    const c: DrugComponent = { base: words.join(" "), ...(esters.length ? { ester: esters.join(" ") } : {}) };
    out.set(`${c.base}|${c.ester ?? ""}`, c);
  }
  return [...out.values()];
}

/**
 * Whether an asked component names a product's: the same base name, and the same ester when both state
 * one ("fluticasone" names fluticasone propionate and furoate; "fluticasone propionate" names only the
 * former; Part D's "Fluticasone/Salmeterol", stating none, is named by either).
 */
export function sameComponent(asked: DrugComponent, product: DrugComponent): boolean {
  return asked.base === product.base &&
    (asked.ester === undefined || product.ester === undefined || asked.ester === product.ester);
}

/**
 * Whether a product with these ingredients is one a drug name asks for — the rule for drugs wherever
 * they are named (catalysts, the regulatory landscape, loss of exclusivity, the catalyst calendar): the
 * product holds every component of the name ({@linkcode drugComponents}, {@linkcode sameComponent}). So
 * a combination ("FLUTICASONE PROPIONATE; SALMETEROL XINAFOATE", Advair) names the products holding all
 * of its components, not each component's; a single ingredient names its own products and the
 * combinations holding it.
 *
 * @param asked The drug name asked for.
 * @param ingredients A product's ingredient list.
 */
export function namesProduct(asked: string, ingredients: string): boolean {
  const q = drugComponents(asked), p = drugComponents(ingredients);
  return q.length > 0 && q.every((c) => p.some((x) => sameComponent(c, x)));
}

/**
 * Whether two ingredient lists are the same drug: each names the other ({@linkcode namesProduct} both
 * ways) — a product and its Part D row ("FLUTICASONE PROPIONATE; SALMETEROL XINAFOATE" and
 * "Fluticasone/Salmeterol"), not a combination and one of its components.
 */
export function sameDrug(a: string, b: string): boolean {
  return namesProduct(a, b) && namesProduct(b, a);
}

/**
 * Words of an organization name that state its legal form or are filler, dropped by {@linkcode orgKey}.
 */
const LEGAL = new Set(
  ("inc incorporated corp corporation co company llc ltd limited plc sa ag gmbh nv bv spa lp llp kk " +
    "the of pty srl sas ab oy as holdings").split(" "),
);

/**
 * The normalised key of an organization name: lower case, accents and punctuation dropped, `&` as "and"
 * (kept: "Merck & Co" is not "Merck"), legal-form words (Inc, Corp, Co, Company, Ltd, LLC, AG, GmbH, …)
 * dropped, words joined by `-`. Names
 * with the same key are the same organization for the imported data ("PFIZER INC" and "Pfizer").
 *
 * @param name An organization name as a source spells it.
 * @returns Its key (`unnamed` for a name without letters or digits).
 */
export function orgKey(name: string): string {
  const words = name.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/&/g, " and ")
    .split(/[^a-z0-9]+/).filter(Boolean);
  const kept = words.filter((w) => !LEGAL.has(w));
  return (kept.length ? kept : words).join("-") || "unnamed";
}

/**
 * Words a company's name may add to its own and still name the same company: its pharmaceutical arm, its
 * US arm, a legal form ("BOEHRINGER INGELHEIM PHARMACEUTICALS INC" is "Boehringer Ingelheim", "NOVARTIS
 * PHARMS CORP" is "Novartis"). Not "medical center", "hospital", "research" (another organization:
 * "University of X Medical Center"), nor a legal form that makes another company of the same first name
 * ("MERCK KGAA" is not "Merck").
 */
const SAME_COMPANY_WORDS: ReadonlySet<string> = new Set(
  "pharmaceuticals pharmaceutical pharms pharma pharm usa us america inc llc corp corporation co company ltd limited lp"
    .split(" "),
);

/**
 * Whether the words one organization key adds after another's (`orgKey` words, as `-`-split) say only the
 * same company's pharmaceutical or US arm or legal form ({@linkcode orgKey}: "boehringer-ingelheim" +
 * `["pharmaceuticals"]`). The one rule of the import's families (a trial sponsor and an applicant) and of
 * the client's sponsor resolution.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sameCompanySuffix } from "./names.ts";
 * assert.equal(sameCompanySuffix(["pharmaceuticals"]), true);
 * assert.equal(sameCompanySuffix(["kgaa"]), false);
 * assert.equal(sameCompanySuffix(["medical", "center"]), false);
 * ```
 */
export function sameCompanySuffix(rest: readonly string[]): boolean {
  return rest.length > 0 && rest.every((w) => SAME_COMPANY_WORDS.has(w));
}

/**
 * The normalised key of a disease or condition name: lower case, accents and punctuation dropped (letters of
 * any script kept: "α-Thalassemia" is not "β-Thalassemia"), a possessive `'s` dropped ("Alzheimer's Disease"
 * is MeSH's "Alzheimer Disease"), and each word's plural as its singular (`-ies`
 * → `-y`; a final `s` dropped from words of four letters or more, except `-ss`, `-us`, `-is`: "Neoplasms" →
 * "neoplasm", "Allergies" → "allergy", "Sclerosis" kept). Names
 * with the same key are one disease for the imported data ("Leukemia", "LEUKEMIA", "Leukemias";
 * "Diabetes Mellitus, Type 2" and "Diabetes Mellitus Type 2").
 *
 * @param name A condition or disease name as a source spells it.
 * @returns Its key (empty for a name without letters or digits).
 */
export function diseaseKey(name: string): string {
  return name.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/['\u2019]s\b/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean).map((w) =>
      w.length > 4 && w.endsWith("ies")
        ? `${w.slice(0, -3)}y`
        : w.length > 3 && w.endsWith("s") && !/(ss|us|is)$/.test(w)
        ? w.slice(0, -1)
        : w
    ).join(" ");
}

/**
 * The last MeSH unique identifiers issued in 7 characters, per record type (NLM lengthened new ones to 10
 * characters from late 2013: "MeSH Unique Identifiers: Length Expanding to Ten Characters", NLM Tech Bull.
 * 2013;(391):e1). Seen: descriptors D066276 in 7 and D000066388 in 10 characters; supplementary concepts
 * C588336 in 7 and C000588642 in 10. A zero-padded id below the bound was issued in 7 characters.
 */
const MESH_SHORT_BELOW: Record<string, number> = { D: 66350, C: 588500 };

/**
 * A MeSH unique identifier in its canonical (native) form: ClinicalTrials.gov snapshots up to mid-2024 pad
 * every id to 10 characters (`D000007938`); the id MeSH issued is `D007938` (7 characters before late 2013,
 * 10 after: `D000077143` stays). Anything else is returned as given (trimmed, upper case).
 *
 * @param id A MeSH descriptor or supplementary concept id, padded or not (`D000007938`, `d007938`).
 * @returns The id as MeSH issued it (`D007938`).
 */
export function meshUi(id: string): string {
  const v = id.trim().toUpperCase();
  const m = /^([CD])000(\d{6})$/.exec(v);
  return m && Number(m[2]) < MESH_SHORT_BELOW[m[1]] ? `${m[1]}${m[2]}` : v;
}
