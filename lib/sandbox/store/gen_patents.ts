/**
 * Patents published 2015 → today, growing year over year (per-CPC and per-family growth factors so
 * yoy-growth rankings are non-trivial), with raw assignee strings and their probabilistic resolution
 * (mention → direct entity → ultimate parent; ~3% resolved to an unrelated family), CPC codes,
 * inventors, family ids and citations.
 *
 * @module
 */
import { type Ctx, fill, GEN_COLUMNS, inserter, type OrgRec } from "./gen_context.ts";
import { personName } from "./gen_orgs.ts";
import { dayNumber, isoDay, weightTable } from "./prng.ts";
import { CPC_LINES } from "./vocab_text.ts";

const TITLES: Record<string, string[]> = {
  A61K: ["Pharmaceutical composition comprising {drug}", "Dosage regimen of {drug} for treating {disease}"],
  A61P: ["Methods of treating {disease} using {target} inhibitors", "Combination therapy for {disease}"],
  C07D: ["Substituted heterocyclic compounds as {target} inhibitors", "Crystalline forms of {drug}"],
  C07K: ["Anti-{target} antibodies and uses thereof", "Bispecific antibodies binding {target}"],
  C12N: ["Oligonucleotides targeting {target}", "Engineered T cells for treating {disease}"],
  C12Q: ["Methods for detecting {target} mutations in {disease}"],
  G01N: ["Immunoassay for {target} in {disease}"],
  G16H: ["System and method for predicting treatment response in {disease}"],
};
const COUNTRIES = ["US", "WO", "EP", "CN", "JP"];

interface Assignee {
  raw: string;
  mention: string | null;
  direct: string | null;
  ultimate: string | null;
  growth: number;
  lastFamily: string | null;
}

/** Generate patents and their link tables. */
export function genPatents(ctx: Ctx): void {
  const { db, rng, today } = ctx;
  const insP = inserter(db, "patents", GEN_COLUMNS.patents);
  const insAr = inserter(db, "patent_assignee_rid", [
    "patent_rid",
    "position",
    "raw_name",
    "mention_id",
    "direct_id",
    "ultimate_id",
    "company_key",
    "pub_year",
    "publication_date",
  ]);
  const insCr = inserter(db, "patent_cpc_rid", [
    "patent_rid",
    "position",
    "cpc_code",
    "cpc_subclass",
    "prev_code",
    "pub_year",
    "publication_date",
  ]);
  const insAn = inserter(db, "patent_anchor", ["anchor_id", "patent_rid", "pub_year", "publication_date"]);
  // Company anchors (org_closure ancestors within 6 hops) of an assignee's resolved ids.
  const ancestors = new Map<string, string[]>();
  for (
    const r of db.prepare("SELECT ancestor_id AS a, descendant_id AS d FROM org_closure WHERE hops <= 6")
      .all() as {
        a: string;
        d: string;
      }[]
  ) {
    const list = ancestors.get(r.d);
    if (list) list.push(r.a);
    else ancestors.set(r.d, [r.a]);
  }
  const anchorRows = new Map<string, (string | number)[]>();
  // Pre-computed distinct-patent counts (see schema_records.ts), keyed by their columns joined with \0.
  const yearCounts = new Map<string, number>(), pairCounts = new Map<string, number>();
  const bump = (m: Map<string, number>, a: string, b: string, c: string | number, d = "") => {
    const key = `${a}\0${b}\0${c}\0${d}`;
    m.set(key, (m.get(key) ?? 0) + 1);
  };
  const insI = inserter(db, "patent_inventors", ["patent_id", "position", "name"]);
  const insR = inserter(db, "patent_citations", ["patent_id", "position", "kind", "cited"]);
  const insCode = inserter(db, "cpc_codes", ["code", "description"]);
  const codes = CPC_LINES.map((l) => l.split("|")[0]);
  for (const l of CPC_LINES) insCode(...(l.split("|") as [string, string]));

  // Assignee pool: family mentions and entities, biotechs, institutions, individuals.
  const byId = new Map(ctx.orgs.map((o) => [o.id, o]));
  const pool: Assignee[] = [], weights: number[] = [];
  const push = (o: OrgRec | null, raw: string, w: number): void => {
    const direct = o ? (o.isEntity ? o.id : o.resolvedTo) : null;
    pool.push({
      raw,
      mention: o?.id ?? null,
      direct,
      ultimate: o?.ultimateId ?? null,
      growth: 0.92 + rng.next() * 0.3,
      lastFamily: null,
    });
    weights.push(w);
  };
  for (const f of ctx.families) {
    for (const m of f.mentions) push(byId.get(m)!, byId.get(m)!.name, f.weight * 2);
    for (const e of f.entities) push(byId.get(e)!, byId.get(e)!.name.toUpperCase(), f.weight / 2);
  }
  for (const b of ctx.biotechs) push(b, b.name.toUpperCase(), 1.2);
  for (const i of ctx.institutions) push(i, i.name.toUpperCase(), 1.5);
  for (let k = 0; k < 40; k++) push(null, personName(rng).toUpperCase(), 0.3);
  const families = ctx.families.map((f) => f.parentId);

  const thisYear = Number(isoDay(today).slice(0, 4));
  const years: number[] = [];
  for (let y = 2015; y <= thisYear; y++) years.push(y);
  const yearFrac = (today - dayNumber(`${thisYear}-01-01`)) / 365;
  const yearW = years.map((y) => 1.1 ** (y - 2015) * (y === thisYear ? yearFrac : 1));
  const codeGrowth = codes.map(() => 0.9 + rng.next() * 0.35);
  const codeBase = codes.map((c) => (c.startsWith("A61") ? 3 : 1) * (0.5 + rng.next()));
  const poolW = years.map((y) => weightTable(pool, weights.map((w, k) => w * pool[k].growth ** (y - 2015))));
  const codeW = years.map((y) => weightTable(codes, codeBase.map((b, k) => b * codeGrowth[k] ** (y - 2015))));
  const poolAll = weightTable(pool, weights);
  const otherCodes = new Map(codes.map((c) => [c, codes.filter((x) => x !== c)]));
  const diseaseText = new Map(ctx.diseases.map((d) => [d.id, d.text]));
  const drugs = ctx.molecules;
  const ids: string[] = [];
  const used = new Set<string>();
  let famSeq = 0;

  for (let rid = 1; rid <= ctx.scale.patents; rid++) {
    const year = rng.weighted(years, yearW);
    const a = rng.weightedFrom(poolW[year - 2015]);
    const code = rng.weightedFrom(codeW[year - 2015]);
    const country = rng.weighted(COUNTRIES, [45, 20, 18, 12, 5]);
    const granted = country !== "WO" && rng.chance(0.6);
    const kind = country === "US"
      ? (granted ? "B2" : "A1")
      : country === "EP"
      ? (granted ? "B1" : "A1")
      : country === "WO"
      ? "A1"
      : granted
      ? "B"
      : "A";
    const patentId = (() => {
      for (;;) {
        const num = country === "US"
          ? (granted
            ? String(9_000_000 + (year - 2015) * 300_000 + rng.int(0, 299_999))
            : `${year}${rng.chars("0123456789", 7)}`)
          : country === "WO"
          ? `${year}${rng.chars("0123456789", 6)}`
          : country === "EP"
          ? String(rng.int(2_500_000, 4_499_999))
          : rng.chars("0123456789", 9);
        const id = country + num + kind;
        if (!used.has(id)) return (used.add(id), id);
      }
    })();
    const pub = Math.min(today, dayNumber(`${year}-01-01`) + rng.int(0, 364));
    const priority = pub - rng.int(400, 1200);
    const application = priority + rng.int(0, 365);
    const m = rng.pick(drugs);
    const disease = diseaseText.get(m.indications[0])!;
    const target = ctx.targetSymbols.get(m.targets[0]?.[0] ?? "") ?? "kinase";
    const vars = { drug: m.generic, disease, target };
    const title = fill(rng.pick(TITLES[code.slice(0, 4)] ?? TITLES.A61K), vars);
    const abstract = fill(
      "The present disclosure relates to {drug} and related compounds targeting {target}. Also provided are pharmaceutical compositions and methods of use in the treatment of {disease}.",
      vars,
    );
    const legal = granted
      ? rng.weighted(["ACTIVE", "LAPSED", "EXPIRED"], [85, 10, 5])
      : rng.weighted(["PENDING", "WITHDRAWN", "LAPSED"], [70, 10, 20]);
    let family = a.lastFamily && rng.chance(0.3) ? a.lastFamily : null;
    if (!family) family = a.lastFamily = `F${String(++famSeq).padStart(8, "0")}`;
    const updated = (pub + rng.int(0, Math.max(0, today - pub))) * 86_400_000 + rng.int(0, 86_399_999);
    const cited = Math.round(rng.lognormal(3, 1.1) * (thisYear - year + 1) / 3);
    const pubDate = isoDay(pub).replaceAll("-", "");
    insP(
      rid,
      patentId,
      title[0].toUpperCase() + title.slice(1),
      abstract,
      country,
      kind,
      legal,
      pubDate,
      isoDay(priority).replaceAll("-", ""),
      isoDay(application).replaceAll("-", ""),
      year,
      updated,
      family,
      cited,
    );

    // Resolution is probabilistic: ~3% point at an unrelated family.
    const wrong = a.ultimate && rng.chance(0.03) ? rng.pick(families) : null;
    const anchors = new Set<string>(), companies = new Set<string>();
    const assignee = (pos: number, raw: string, m: string | null, d: string | null, u: string | null) => {
      insAr(rid, pos, raw, m, d, u, u ?? m ?? raw, year, pubDate);
      companies.add(u ?? m ?? raw);
      for (const id of [d, u, m]) for (const x of (id && ancestors.get(id)) || []) anchors.add(x);
    };
    assignee(0, a.raw, a.mention, wrong ?? a.direct, wrong ?? a.ultimate);
    if (rng.chance(0.12)) {
      const b = rng.weightedFrom(poolAll);
      if (b.raw !== a.raw) assignee(1, b.raw, b.mention, b.direct, b.ultimate);
    }
    for (const x of anchors) {
      const list = anchorRows.get(x);
      if (list) list.push(rid, year, pubDate);
      else anchorRows.set(x, [rid, year, pubDate]);
    }
    const extra = rng.int(0, 2);
    const cpcs = [code, ...rng.sample(otherCodes.get(code)!, extra)];
    const sorted = cpcs.toSorted();
    for (const [k, c] of cpcs.entries()) {
      const i = sorted.indexOf(c);
      insCr(rid, k, c, c.slice(0, 4), i > 0 ? sorted[i - 1] : null, year, pubDate);
      bump(pairCounts, c, i > 0 ? sorted[i - 1] : "", year);
    }
    const subclasses = new Set(cpcs.map((c) => c.slice(0, 4)));
    bump(yearCounts, "year", "", "", String(year));
    for (const sc of subclasses) bump(yearCounts, "cpc", sc, "", String(year));
    for (const co of companies) {
      bump(yearCounts, "company", "", co, String(year));
      for (const sc of subclasses) bump(yearCounts, "cpc,company", sc, co, String(year));
    }
    for (let k = rng.int(1, 4) - 1; k >= 0; k--) insI(patentId, k, personName(rng));
    let pos = 0;
    for (let k = Math.min(ids.length, rng.int(0, 4)); k > 0; k--) {
      insR(patentId, pos++, "patent", ids[rng.int(0, ids.length - 1)]);
    }
    if (rng.chance(0.4)) {
      insR(
        patentId,
        pos++,
        "npl",
        `${personName(rng).split(" ")[1]} et al., ${rng.pick(["J Clin Oncol", "Nature", "Cell", "Lancet"])} ${
          year - rng.int(1, 6)
        }`,
      );
    }
    ids.push(patentId);
  }
  const insY = inserter(db, "patent_year_counts", ["dim", "cpc", "company", "pub_year", "n"]);
  for (const [k, n] of yearCounts) {
    const [dim, cpc, company, year] = k.split("\0");
    insY(dim, cpc, company, Number(year), n);
  }
  const insPc = inserter(db, "patent_cpc_pairs", ["cpc_code", "prev_code", "pub_year", "n"]);
  for (const [k, n] of pairCounts) {
    const [code, prev, year] = k.split("\0");
    insPc(code, prev, Number(year), n);
  }
  // Written in primary-key order (anchor, then rid): appends instead of random b-tree inserts.
  for (const x of [...anchorRows.keys()].sort()) {
    const list = anchorRows.get(x)!;
    for (let k = 0; k < list.length; k += 3) insAn(x, list[k], list[k + 1], list[k + 2]);
  }
}
