/**
 * Diseases, targets, target–disease associations, molecules (real-name vocabulary plus synthetic
 * molecules and salt forms) and topics.
 *
 * @module
 */
import { type Ctx, GEN_COLUMNS, inserter, type MolRec, titleCase } from "./gen_context.ts";
import { DISEASES, TARGETS } from "./vocab_bio.ts";
import { DRUGS, MOLECULE_MIDDLES, MOLECULE_PREFIXES, SALTS, SYNTHETIC_STEMS } from "./vocab_drugs.ts";
import { TOPIC_LINES } from "./vocab_text.ts";

const SYNTH_FAMILIES = ["ZNF", "TMEM", "SLC", "KIAA", "CCDC", "FAM", "LRRC", "ANKRD", "GPR", "OR"];
const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/** Generate diseases, targets, associations, molecules and topics. */
export function genBiology(ctx: Ctx): void {
  const { db, rng } = ctx;
  const insDisease = inserter(db, "diseases", [
    "id",
    "efo_key",
    "name",
    "parent_id",
    "therapeutic_area",
    "text_term",
  ]);
  const insSyn = inserter(db, "disease_synonyms", ["disease_id", "synonym"]);
  for (const d of DISEASES) {
    insDisease(d.id, d.id.replace(":", "_"), d.name, d.parent, d.area, d.text);
    for (const s of new Set([...d.synonyms, d.text])) {
      if (s.toLowerCase() !== d.name.toLowerCase()) insSyn(d.id, s);
    }
  }
  const parentOf = new Map(DISEASES.map((d) => [d.id, d.parent]));

  // Targets: real symbols, then synthetic low-evidence genes (high novelty).
  const insTarget = inserter(db, "targets", ["id", "symbol", "name", "target_class", "novelty"]);
  const insAlias = inserter(db, "target_aliases", ["target_id", "alias"]);
  const insAssoc = inserter(db, "associations", ["target_id", "disease_id", "score", "evidence_count"]);
  const targetsByClass = new Map<string, string[]>();
  const assocOf = new Map<string, Set<string>>();
  const addAssoc = (target: string, disease: string, score: number): void => {
    const seen = assocOf.get(target) ?? new Set<string>();
    assocOf.set(target, seen);
    if (seen.has(disease)) return;
    seen.add(disease);
    insAssoc(
      target,
      disease,
      round3(score),
      Math.max(1, Math.round(score * score * rng.lognormal(400, 0.8))),
    );
  };
  for (const t of TARGETS) {
    insTarget(t.id, t.symbol, t.name, t.cls, round3(rng.next() * 0.3));
    for (const a of t.aliases) insAlias(t.id, a);
    insAlias(t.id, t.name);
    ctx.targetSymbols.set(t.id, t.symbol);
    targetsByClass.set(t.cls, [...(targetsByClass.get(t.cls) ?? []), t.id]);
    for (const d of t.diseases) {
      const s = 0.6 + rng.next() * 0.38;
      addAssoc(t.id, d, s);
      let up = parentOf.get(d);
      for (let k = 1; up && k < 3; k++, up = parentOf.get(up)) addAssoc(t.id, up, s * (0.85 - 0.1 * k));
    }
    for (const d of rng.sample(DISEASES, rng.int(3, 9))) addAssoc(t.id, d.id, 0.02 + rng.next() * 0.45);
  }
  const synthSymbols = new Set<string>();
  while (synthSymbols.size < ctx.scale.syntheticTargets) {
    const symbol = `${rng.pick(SYNTH_FAMILIES)}${rng.int(1, 720)}`;
    const id = `ENSG00000${rng.int(200_000, 299_999)}`;
    if (synthSymbols.has(symbol) || ctx.targetSymbols.has(id)) continue;
    synthSymbols.add(symbol);
    insTarget(id, symbol, `${symbol} protein (uncharacterized)`, "other", round3(0.7 + rng.next() * 0.3));
    ctx.targetSymbols.set(id, symbol);
    for (const d of rng.sample(DISEASES, rng.int(1, 6))) addAssoc(id, d.id, 0.01 + rng.next() ** 2 * 0.7);
  }

  // Molecules.
  const insMol = inserter(db, "molecules", GEN_COLUMNS.molecules);
  const insName = inserter(db, "molecule_names", ["chembl_id", "name", "kind"]);
  const insMt = inserter(db, "molecule_targets", [
    "chembl_id",
    "target_id",
    "action_type",
    "mechanism_of_action",
  ]);
  const insMi = inserter(db, "molecule_indications", ["chembl_id", "disease_id", "max_phase"]);
  const usedChembl = new Set<string>();
  const chembl = (): string => {
    for (;;) {
      const id = `CHEMBL${rng.int(1_000, 5_999_999)}`;
      if (!usedChembl.has(id)) return (usedChembl.add(id), id);
    }
  };
  const bySymbol = new Map(TARGETS.map((t) => [t.symbol, t]));
  const targetName = (id: string): string =>
    TARGETS.find((t) => t.id === id)?.name ?? `${ctx.targetSymbols.get(id)} protein`;
  const famIndex = new Map(ctx.families.map((f, i) => [f.name, i]));
  const types: Record<string, string> = {
    sm: "Small molecule",
    ab: "Antibody",
    pr: "Protein",
    ol: "Oligonucleotide",
  };
  const thisYear = Number(new Date(ctx.today * 86_400_000).toISOString().slice(0, 4));

  const addMolecule = (
    m: Omit<MolRec, "chembl" | "salt" | "tier" | "isBio">,
    modality: string,
    salt: string,
  ): void => {
    const isBio = modality !== "sm";
    const tier = isBio
      ? "biologics"
      : m.firstYear > 0 && m.firstYear < 2005
      ? "commodities"
      : "small_molecules_modern";
    const id = chembl();
    const moa = m.targets.map(([t, a]) => `${targetName(t)} ${a.toLowerCase()}`).join("; ");
    const approved = m.firstYear > 0 ? 1 : 0;
    const row = [types[modality], isBio ? 1 : 0, tier, m.maxPhase, approved, m.firstYear || null] as const;
    insMol(id, m.generic, null, ...row, m.blackBox ? 1 : 0, m.blackBox || null, moa, m.originatorId);
    insName(id, m.generic, "generic");
    for (const b of m.brands) insName(id, b, "brand");
    for (const [t, a] of m.targets) insMt(id, t, a, `${targetName(t)} ${a.toLowerCase()}`);
    m.indications.forEach((d, i) => insMi(id, d, i === 0 || !approved ? m.maxPhase : rng.pick([2, 3, 4])));
    let saltRec: MolRec["salt"] = null;
    if (salt) {
      saltRec = { chembl: chembl(), name: `${m.generic} ${salt}` };
      insMol(
        saltRec.chembl,
        saltRec.name,
        id,
        ...row,
        m.blackBox ? 1 : 0,
        m.blackBox || null,
        moa,
        m.originatorId,
      );
      insName(saltRec.chembl, saltRec.name, "salt");
      insName(id, saltRec.name, "salt");
    }
    insName(id, `${m.generic.slice(0, 2).toUpperCase()}-${rng.int(1000, 9999)}`, "code");
    const rec: MolRec = { ...m, chembl: id, salt: saltRec, tier, isBio };
    ctx.molecules.push(rec);
    for (const d of m.indications) ctx.molsByDisease.set(d, [...(ctx.molsByDisease.get(d) ?? []), rec]);
  };

  for (const d of DRUGS) {
    const family = famIndex.get(d.originator) ?? 0;
    const targets = d.targets.map(([s, a]) => [bySymbol.get(s)!.id, a] as [string, string]);
    const common = { generic: d.generic, brands: d.brands, targets, indications: d.indications, family };
    const rest = { firstYear: d.firstYear, maxPhase: d.maxPhase, blackBox: d.blackBox };
    addMolecule({ ...common, ...rest, originatorId: ctx.families[family].parentId }, d.modality, d.salt);
  }
  const names = new Set(DRUGS.map((d) => d.generic));
  const realTargets = TARGETS.filter((t) => !t.symbol.includes("_"));
  for (let i = 0; i < ctx.scale.syntheticMolecules;) {
    const [stem, modality, action, cls] = rng.pick(SYNTHETIC_STEMS);
    const generic = rng.pick(MOLECULE_PREFIXES) + rng.pick(MOLECULE_MIDDLES) + stem;
    if (names.has(generic)) continue;
    names.add(generic);
    i++;
    const pool = targetsByClass.get(cls) ?? [];
    const target = pool.length && rng.chance(0.85) ? rng.pick(pool) : rng.pick(realTargets).id;
    const tspec = TARGETS.find((t) => t.id === target);
    const indications = rng.sample(tspec?.diseases ?? [rng.pick(DISEASES).id], rng.int(1, 2));
    const maxPhase = rng.weighted([0.5, 1, 2, 3, 4], [4, 30, 34, 18, 14]);
    // Approved synthetic molecules lean recent, so "recent approvals" windows have content.
    const firstYear = maxPhase === 4 ? Math.min(thisYear, thisYear - Math.floor(rng.next() ** 2 * 25)) : 0;
    const brand = firstYear
      ? [titleCase(generic.slice(0, 4) + rng.pick(["ora", "ivo", "exa", "ify", "ent"]))]
      : [];
    const family = rng.chance(0.7)
      ? rng.weighted(ctx.families.map((_f, k) => k), ctx.families.map((f) => f.weight))
      : -1;
    const originatorId = family >= 0 ? ctx.families[family].parentId : rng.pick(ctx.biotechs).id;
    const blackBox = firstYear && rng.chance(0.12)
      ? "Serious adverse reactions; see full prescribing information"
      : "";
    const salt = modality === "sm" && rng.chance(0.3) ? rng.pick(SALTS) : "";
    addMolecule(
      {
        generic,
        brands: brand,
        targets: [[target, action]],
        indications,
        family: Math.max(family, 0),
        originatorId,
        firstYear,
        maxPhase,
        blackBox,
      },
      modality,
      salt,
    );
  }

  const insTopic = inserter(db, "topics", ["rid", "topic_id", "name", "subfield", "field", "domain"]);
  const insTd = inserter(db, "topic_diseases", ["topic_id", "disease_id"]);
  TOPIC_LINES.forEach((line, i) => {
    const [name, subfield, field, domain, areas] = line.split("|");
    const topicId = `T${10_000 + i * 37}`;
    insTopic(i + 1, topicId, name, subfield, field, domain);
    for (const area of areas ? areas.split(";") : ["general"]) {
      ctx.topicsByArea.set(area, [...(ctx.topicsByArea.get(area) ?? []), topicId]);
      for (const d of DISEASES) if (d.area === area) insTd(topicId, d.id);
    }
  });
}
