/**
 * Regulatory approvals: originator US approvals (FDA_ORANGE for small molecules, FDA_PURPLE for
 * biologics) with Orange-Book-type patents and exclusivities, EU approvals (EMA), extra brand
 * approvals, then generics (ANDA) and biosimilars until the preset's approval budget is reached.
 * Patent/exclusivity expiries run from the past to ~20 years after approval, so the next ten years
 * (relative to `today`) are well populated, and some run past the catalysts' 3,650-day reach. A generic
 * (ANDA) may hold a 180-day patent-challenge exclusivity (`PC`) or, when recent, a competitive generic
 * therapy exclusivity (`CGT`) on the brand.
 *
 * @module
 */
import { type Ctx, GEN_COLUMNS, inserter, type MolRec, titleCase } from "./gen_context.ts";
import { bucket, isoDay, isoTimestamp } from "./prng.ts";
import { DISEASES } from "./vocab_bio.ts";
import { GENERIC_MAKERS } from "./vocab_orgs.ts";

const ORPHAN_AREAS = new Set(["hematology"]);
const RARE = new Set([
  "MONDO:0009061",
  "MONDO:0001516",
  "MONDO:0010679",
  "MONDO:0010602",
  "MONDO:0004976",
  "EFO:0000222",
]);
const YEAR = 365.25;

/** Generate approvals and their link tables. */
export function genRegulatory(ctx: Ctx): void {
  const { db, rng, today } = ctx;
  const insA = inserter(db, "approvals", GEN_COLUMNS.approvals);
  const insSp = inserter(db, "approval_sponsors", ["approval_key", "org_id"]);
  const insDr = inserter(db, "approval_drugs", ["approval_key", "chembl_id"]);
  const insIn = inserter(db, "approval_indications", ["approval_key", "disease_id"]);
  const insPa = inserter(db, "approval_patents", [
    "approval_key",
    "patent_no",
    "expiry_date",
    "drug_substance",
    "drug_product",
    "use_code",
  ]);
  const insEx = inserter(db, "approval_exclusivities", [
    "approval_key",
    "code",
    "description",
    "expiry_date",
  ]);
  const areaOf = new Map(DISEASES.map((d) => [d.id, d.area]));
  const byId = new Map(ctx.orgs.map((o) => [o.id, o]));
  const used = new Set<string>();
  let keySeq = 1_000_000, count = 0;
  const uniq = (make: () => string): string => {
    for (;;) {
      const v = make();
      if (!used.has(v)) return (used.add(v), v);
    }
  };
  const applicantOf = (m: MolRec, family: number | null): { org: string; raw: string } => {
    if (family === null) {
      const o = byId.get(m.originatorId)!;
      if (o.family < 0) return { org: o.id, raw: o.name.toUpperCase() };
      family = o.family;
    }
    const fam = ctx.families[family];
    const org = rng.chance(0.5) ? fam.parentId : rng.pick(fam.entities);
    const raw = rng.chance(0.5) && fam.mentions.length
      ? byId.get(rng.pick(fam.mentions))!.name
      : byId.get(org)!.name;
    return { org, raw };
  };

  interface Spec {
    m: MolRec;
    source: "FDA_ORANGE" | "FDA_PURPLE" | "EMA";
    type: string;
    trade: string;
    day: number;
    applicant: { org: string; raw: string };
    status: string;
    originator: boolean;
    ingredient?: string;
  }
  const add = (s: Spec): void => {
    const key = String(keySeq += rng.int(1, 97));
    let appNo: string, publicId: string;
    if (s.source === "EMA") {
      const yy = isoDay(s.day).slice(2, 4);
      appNo = uniq(() => `EU/1/${yy}/${rng.int(1000, 1999)}`);
      publicId = `EMA:${appNo}`;
    } else {
      const digits = uniq(() =>
        String(
          s.type === "ANDA"
            ? rng.int(60_000, 219_999)
            : s.source === "FDA_PURPLE"
            ? rng.int(125_000, 761_999)
            : rng.int(20_000, 219_999),
        ).padStart(6, "0")
      );
      appNo = (s.type === "ANDA" ? "A" : s.type === "NDA" ? "N" : "BLA") + digits;
      publicId = `${s.source}:${digits}`;
    }
    const indications = s.originator ? s.m.indications : s.m.indications.slice(0, rng.int(1, 2));
    const orphan =
      s.originator && indications.some((d) => RARE.has(d) || ORPHAN_AREAS.has(areaOf.get(d) ?? "")) ||
      rng.chance(0.04);
    const recent = s.day > today - 12 * YEAR;
    const ingredient = s.ingredient ?? (s.m.salt?.name ?? s.m.generic);
    insA(
      publicId,
      key,
      s.source,
      s.source === "EMA" ? "EU" : "US",
      appNo,
      s.type,
      s.trade,
      s.applicant.raw,
      s.source === "EMA" ? ingredient : ingredient.toUpperCase(),
      isoDay(s.day),
      s.status,
      orphan ? 1 : 0,
      s.m.blackBox ? 1 : 0,
      s.originator && recent && rng.chance(0.3) ? 1 : 0,
      s.originator && rng.chance(0.12) ? 1 : 0,
      s.originator && rng.chance(0.4) ? 1 : 0,
      isoTimestamp(rng.int(s.day, today), rng.next()),
    );
    insSp(key, s.applicant.org);
    insDr(key, s.m.chembl);
    if (s.m.salt && !s.m.isBio) insDr(key, s.m.salt.chembl);
    for (const d of new Set(indications)) insIn(key, d);
    const after = (years: number): string => isoDay(Math.round(s.day + years * YEAR));
    if (s.source === "FDA_ORANGE" && s.type === "NDA") {
      for (let i = rng.int(1, 4); i > 0; i--) {
        const no = uniq(() => String(rng.int(6_500_000, 12_400_000)));
        const ds = i === 1 ? 1 : 0;
        insPa(
          key,
          no,
          after(rng.int(8, 20) + rng.next()),
          ds,
          ds ? 0 : 1,
          rng.chance(0.4) ? `U-${rng.int(100, 3999)}` : null,
        );
      }
      if (s.m.tier !== "commodities" && s.originator) insEx(key, "NCE", "New chemical entity", after(5));
      if (orphan) insEx(key, "ODE", "Orphan drug exclusivity", after(7));
      if (rng.chance(0.35)) insEx(key, `I-${rng.int(700, 960)}`, "New indication", after(rng.int(3, 8)));
      if (rng.chance(0.15)) insEx(key, "PED", "Pediatric exclusivity", after(rng.int(5, 9) + 0.5));
      if (!s.originator) insEx(key, "NP", "New product", after(3));
    } else if (s.source === "FDA_PURPLE" && s.type === "BLA") {
      insEx(key, "RPE", "Reference product exclusivity", after(12));
      if (orphan) insEx(key, "ODE", "Orphan drug exclusivity", after(7));
    } else if (s.source === "EMA" && s.originator) {
      insEx(key, "EU-DP", "Data protection", after(8));
      insEx(key, "EU-MP", "Market protection", after(10));
      if (orphan) insEx(key, "EU-ODE", "Orphan market exclusivity", after(10));
    } else if (s.type === "ANDA" && rng.chance(0.1)) {
      insEx(key, "PC", "Patent challenge (180-day generic exclusivity)", after(0.5));
    } else if (s.type === "ANDA" && s.day > today - 180 && bucket(key) < 25) {
      // Chosen by a hash of the key (no draw), so every other row is unchanged.
      insEx(key, "CGT", "Competitive generic therapy", after(0.5));
    }
    count++;
  };

  const approved = ctx.molecules.filter((m) => m.firstYear > 0);
  const dayIn = (year: number): number =>
    Math.min(today - 1, Math.round((year - 1970) * YEAR) + rng.int(0, 364));
  for (const m of approved) {
    const day = dayIn(m.firstYear);
    const fam = byId.get(m.originatorId)!.family;
    const usSource = m.isBio ? "FDA_PURPLE" : "FDA_ORANGE";
    const trade = m.brands[0] ?? titleCase(m.generic);
    const status = rng.chance(m.firstYear < 2005 ? 0.25 : 0.04) ? "Disc" : "Rx";
    add({
      m,
      source: usSource,
      type: m.isBio ? "BLA" : "NDA",
      trade,
      day,
      applicant: applicantOf(m, null),
      status,
      originator: true,
    });
    if (rng.chance(0.65)) {
      const eu = Math.min(today - 1, day + rng.int(30, 500));
      add({
        m,
        source: "EMA",
        type: "EU_CENTRAL",
        trade,
        day: eu,
        applicant: applicantOf(m, null),
        status: "Rx",
        originator: true,
      });
    }
    m.brands.slice(1).forEach((brand, i) => {
      const later = Math.min(today - 1, day + Math.round((i + 1) * rng.int(1, 4) * YEAR));
      add({
        m,
        source: usSource,
        type: m.isBio ? "BLA" : "NDA",
        trade: brand,
        day: later,
        applicant: applicantOf(m, fam >= 0 ? fam : null),
        status: "Rx",
        originator: false,
      });
    });
  }
  const makers = ctx.families.map((f, i) => [f.name, i] as const).filter(([n]) => GENERIC_MAKERS.includes(n))
    .map(([, i]) => i);
  const offPatent = approved.filter((m) => m.firstYear < Number(isoDay(today).slice(0, 4)) - 10);
  for (
    let guard = 0;
    count < ctx.scale.approvals && offPatent.length && guard < ctx.scale.approvals * 3;
    guard++
  ) {
    const m = rng.pick(offPatent);
    const from = dayIn(m.firstYear + rng.int(10, 14));
    if (from >= today - 1) continue;
    const day = rng.int(from, today - 1);
    const maker = rng.chance(0.75) && makers.length ? rng.pick(makers) : rng.int(0, ctx.families.length - 1);
    const applicant = applicantOf(m, maker);
    const status = rng.weighted(["Rx", "Disc", "OTC"], [75, 20, m.isBio ? 0 : 5]);
    if (m.isBio) {
      const suffix = rng.chars("abcdefghijklmnopqrstuvwxyz", 4);
      const trade = titleCase(m.generic.slice(0, 3) + rng.pick(["imza", "ovra", "elto", "ysta", "ence"]));
      const source = rng.chance(0.6) ? "FDA_PURPLE" : "EMA";
      add({
        m,
        source,
        type: source === "EMA" ? "EU_CENTRAL" : "BLA_BIOSIMILAR",
        trade,
        day,
        applicant,
        status: status === "OTC" ? "Rx" : status,
        originator: false,
        ingredient: `${m.generic}-${suffix}`,
      });
    } else {
      const name = (m.salt?.name ?? m.generic).toUpperCase();
      add({ m, source: "FDA_ORANGE", type: "ANDA", trade: name, day, applicant, status, originator: false });
    }
  }
}
