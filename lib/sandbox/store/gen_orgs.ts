/**
 * Organizations: corporate families (parent_of chains up to 5 levels, so a mention resolving to the
 * deepest entity is 6 hops from the global parent), academic sponsors, synthetic biotechs, raw mentions
 * (resolving and stray), the closure table, and SEC entities mapped to LEIs.
 *
 * @module
 */
import { type Ctx, type FamilyRec, inserter, type OrgRec, slug } from "./gen_context.ts";
import type { Rng } from "./prng.ts";
import {
  BIOTECH_PARTS,
  CITIES,
  INSTITUTIONS,
  ORPHAN_MENTION_PATTERNS,
  PERSON_NAMES,
  PHARMA_FAMILIES,
} from "./vocab_orgs.ts";

const LOUS = ["5493", "2138", "9695", "5299", "7245", "8156"];
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const ROR_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/**
 * An LEI with valid ISO 17442 (mod 97-10) check digits.
 *
 * @param rng Random source.
 * @returns A 20-character LEI.
 */
export function makeLei(rng: Rng): string {
  const body = rng.pick(LOUS) + "00" + rng.chars(ALNUM, 12);
  let rem = 0;
  for (const ch of body + "00") {
    const v = parseInt(ch, 36);
    rem = (v >= 10 ? rem * 100 + v : rem * 10 + v) % 97;
  }
  return body + String(98 - rem).padStart(2, "0");
}

/** A person's name, e.g. for investigators and inventors. */
export function personName(rng: Rng): string {
  return `${rng.pick(PERSON_NAMES.given)} ${rng.pick(PERSON_NAMES.family)}`;
}

/** Generate all organization tables and fill the in-memory indexes of `ctx`. */
export function genOrganizations(ctx: Ctx): void {
  const { db, rng } = ctx;
  const insOrg = inserter(db, "organizations", [
    "id",
    "key",
    "name",
    "hierarchy_level",
    "is_entity",
    "ror_id",
    "lei",
    "org_type",
    "country",
    "is_industry",
    "ultimate_parent_id",
    "depth",
    "resolved_to_id",
  ]);
  const insParent = inserter(db, "org_parent", ["parent_id", "child_id"]);
  const insSec = inserter(db, "sec_entities", ["ticker", "cik", "name", "lei"]);
  const usedKeys = new Set<string>();
  const leis = new Map<string, string>();
  const parentOf = new Map<string, string>();
  const depthOf = new Map<string, number>();
  const ultimateOf = new Map<string, string>();
  const tickers = new Set<string>();
  let mentionSeq = 0;

  const entity = (
    name: string,
    type: string,
    country: string,
    parent: string | null,
    family: number,
  ): OrgRec => {
    let key = slug(name);
    while (usedKeys.has(key)) key += "-" + rng.chars("0123456789", 2);
    usedKeys.add(key);
    const id = `organizations/${key}`;
    const depth = parent ? depthOf.get(parent)! + 1 : 0;
    const ultimate = parent ? ultimateOf.get(parent)! : id;
    ultimateOf.set(id, ultimate);
    const lei = makeLei(rng);
    leis.set(id, lei);
    depthOf.set(id, depth);
    const ror = "0" + rng.chars(ROR_ALPHABET, 6) + rng.chars("0123456789", 2);
    const industry = type === "company";
    insOrg(
      id,
      key,
      name,
      "GLOBAL PARENT",
      1,
      ror,
      lei,
      type,
      country,
      industry ? 1 : 0,
      ultimate,
      depth,
      null,
    );
    if (parent) {
      insParent(parent, id);
      parentOf.set(id, parent);
    }
    const rec: OrgRec = {
      id,
      name,
      isEntity: true,
      isIndustry: industry,
      ultimateId: ultimate,
      resolvedTo: null,
      family,
    };
    ctx.orgs.push(rec);
    return rec;
  };
  const mention = (name: string, target: OrgRec | null, family: number, industry: boolean): OrgRec => {
    const key = `m${String(++mentionSeq).padStart(6, "0")}`;
    const id = `organizations/${key}`;
    const depth = target ? depthOf.get(target.id)! + 1 : 0;
    insOrg(
      id,
      key,
      name,
      "UNRESOLVED",
      0,
      null,
      null,
      "mention",
      null,
      industry ? 1 : 0,
      target?.ultimateId ?? null,
      depth,
      target?.id ?? null,
    );
    if (target) depthOf.set(id, depth);
    const rec: OrgRec = {
      id,
      name,
      isEntity: false,
      isIndustry: industry,
      ultimateId: target?.ultimateId ?? null,
      resolvedTo: target?.id ?? null,
      family,
    };
    ctx.orgs.push(rec);
    return rec;
  };

  PHARMA_FAMILIES.forEach((spec, f) => {
    const parent = entity(spec.name, "company", spec.country, null, f);
    const fam: FamilyRec = {
      parentId: parent.id,
      name: spec.name,
      entities: [parent.id],
      mentions: [],
      weight: spec.weight,
    };
    const byName = new Map<string, OrgRec>([[spec.name, parent]]);
    for (const chain of spec.subs) {
      let up = parent;
      for (const name of chain.split(">")) {
        let rec = byName.get(name);
        if (!rec) {
          rec = entity(name, "company", spec.country, up.id, f);
          byName.set(name, rec);
          fam.entities.push(rec.id);
        }
        up = rec;
      }
    }
    for (const raw of spec.raw) {
      const [name, target] = raw.split("=>");
      fam.mentions.push(mention(name, byName.get(target ?? spec.name) ?? parent, f, true).id);
    }
    ctx.families.push(fam);
    const cik = String(rng.int(10_000, 1_999_999)).padStart(10, "0");
    for (const ticker of spec.tickers) {
      insSec(ticker, cik, spec.name.toUpperCase().replace(/[.,]/g, ""), leis.get(parent.id)!);
    }
  });

  for (const line of INSTITUTIONS) {
    const [name, type, country] = line.split("|");
    const rec = entity(name, type, country, null, -1);
    ctx.institutions.push(rec);
  }
  const biotechNames = new Set<string>();
  while (ctx.biotechs.length < ctx.scale.biotechs) {
    const name = `${rng.pick(BIOTECH_PARTS.heads)}${rng.pick(BIOTECH_PARTS.tails)} ${
      rng.pick(BIOTECH_PARTS.suffixes)
    }`;
    if (biotechNames.has(name)) continue;
    biotechNames.add(name);
    // A quarter of the biotechs were acquired: they sit under a family as a subsidiary.
    const acquirer = rng.chance(0.25) ? rng.int(0, ctx.families.length - 1) : -1;
    const rec = entity(
      name,
      "company",
      rng.pick(["US", "US", "US", "GB", "DE", "CN", "CH"]),
      acquirer >= 0 ? ctx.families[acquirer].parentId : null,
      acquirer,
    );
    if (acquirer >= 0) ctx.families[acquirer].entities.push(rec.id);
    ctx.biotechs.push(rec);
    if (acquirer < 0 && rng.chance(0.35)) {
      const ticker = name.replace(/[^A-Z]/g, "").slice(0, 3) + rng.chars("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 1);
      if (tickers.has(ticker)) continue;
      tickers.add(ticker);
      const cik = String(rng.int(1_500_000, 1_999_999)).padStart(10, "0");
      insSec(ticker, cik, name.toUpperCase(), leis.get(rec.id)!);
    }
  }
  const strays = Math.max(30, Math.round(ctx.scale.trials / 150));
  for (let i = 0; i < strays; i++) {
    const name = rng.pick(ORPHAN_MENTION_PATTERNS)
      .replace("{n}", String(rng.int(1, 999)).padStart(3, "0"))
      .replace("{name}", personName(rng))
      .replace("{city}", rng.pick(CITIES));
    ctx.strayMentions.push(mention(name, null, -1, false));
  }
  // Closure over parent_of + resolved_to, self rows included.
  const insClosure = inserter(db, "org_closure", ["ancestor_id", "descendant_id", "hops"]);
  for (const org of ctx.orgs) {
    insClosure(org.id, org.id, 0);
    let hops = 0;
    let up = org.isEntity ? parentOf.get(org.id) : org.resolvedTo ?? undefined;
    while (up) {
      insClosure(up, org.id, ++hops);
      up = parentOf.get(up);
    }
  }
}
