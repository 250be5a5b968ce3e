/**
 * Researchers (scholarly-index authors) and their works. Some profiles report `works_count`,
 * `cited_by_count` and `h_index` that disagree with the stored works (partial duplicate profiles).
 *
 * @module
 */
import { type Ctx, inserter } from "./gen_context.ts";
import { personName } from "./gen_orgs.ts";
import { isoDay } from "./prng.ts";
import { DISEASES } from "./vocab_bio.ts";
import { METHODS, VENUES } from "./vocab_text.ts";
import { WORK_TYPES } from "../../client/schemas/vocab.ts";

/** Weights aligned with WORK_TYPES (article … others). */
const WORK_WEIGHTS = [62, 12, 9, 7, 3, 3, 2, 2];
const TITLES = [
  "{method} analysis of {disease} outcomes",
  "Long-term follow-up of patients with {disease}",
  "{method} identifies new drivers of {disease}",
  "Real-world outcomes in {disease}: a multicentre cohort",
  "Emerging therapies for {disease}: a review",
];

/** Generate researchers, works and authorships. */
export function genPeople(ctx: Ctx): void {
  const { db, rng, scale } = ctx;
  const insR = inserter(db, "researchers", [
    "author_id",
    "name",
    "orcid",
    "institution_id",
    "works_count",
    "cited_by_count",
    "h_index",
  ]);
  const insW = inserter(db, "works", [
    "work_id",
    "title",
    "doi",
    "type",
    "publication_date",
    "venue",
    "cited_by_count",
    "is_open_access",
  ]);
  const insWa = inserter(db, "work_authors", ["work_id", "author_id", "position"]);
  const ids = new Set<string>();
  while (ids.size < scale.researchers) {
    const digits = rng.weighted([7, 8, 9, 10], [25, 15, 10, 50]);
    ids.add("A" + String(rng.int(1, 9)) + rng.chars("0123456789", digits - 1));
  }
  ctx.researchers.push(...ids);
  const perAuthor = new Map<string, number[]>();
  let workSeq = 0;
  const start = ctx.today - 26 * 365;
  for (let i = 0; i < scale.works; i++) {
    // Skewed productivity: low-index authors write more.
    const a = ctx.researchers[Math.floor(rng.next() ** 2 * ctx.researchers.length)];
    const workId = `W${4_000_000_000 + ++workSeq * 7919 + rng.int(0, 7000)}`;
    const type = rng.weighted(WORK_TYPES, WORK_WEIGHTS);
    const day = start + Math.floor(rng.next() ** 0.7 * (ctx.today - start));
    const age = (ctx.today - day) / 365;
    const cites = Math.round(rng.lognormal(4, 1.2) * Math.min(age, 12));
    const disease = rng.pick(DISEASES).text;
    const title = rng.pick(TITLES).replace("{method}", rng.pick(METHODS)).replace("{disease}", disease);
    const venue = type === "preprint"
      ? rng.pick(["bioRxiv", "medRxiv"])
      : rng.chance(0.95)
      ? rng.pick(VENUES)
      : null;
    const doi = rng.chance(0.88)
      ? `10.${rng.int(1000, 1099)}/${rng.chars("abcdefghijklmnopqrstuvwxyz0123456789", 10)}`
      : null;
    insW(
      workId,
      title[0].toUpperCase() + title.slice(1),
      doi,
      type,
      isoDay(day),
      venue,
      cites,
      rng.chance(0.45) ? 1 : 0,
    );
    insWa(workId, a, 1);
    perAuthor.get(a)?.push(cites) ?? perAuthor.set(a, [cites]);
    if (rng.chance(0.3)) {
      const b = rng.pick(ctx.researchers);
      if (b !== a) {
        insWa(workId, b, 2);
        perAuthor.get(b)?.push(cites) ?? perAuthor.set(b, [cites]);
      }
    }
  }
  for (const id of ctx.researchers) {
    const cites = (perAuthor.get(id) ?? []).sort((x, y) => y - x);
    let h = 0;
    while (h < cites.length && cites[h] >= h + 1) h++;
    let works = cites.length, cited = cites.reduce((s, c) => s + c, 0);
    if (rng.chance(0.2)) { // partial duplicate profile: the node's counters disagree with the stored works
      const f = rng.pick([0.4, 0.6, 1.5, 2.5]);
      works = Math.round(works * f);
      cited = Math.round(cited * f);
      h = Math.round(h * Math.sqrt(f));
    }
    const orcid = rng.chance(0.7)
      ? `0000-000${rng.int(1, 3)}-${rng.chars("0123456789", 4)}-${rng.chars("0123456789", 3)}${
        rng.pick(["X", "1", "5", "8"])
      }`
      : null;
    const inst = rng.chance(0.85) ? rng.pick(ctx.institutions).id : null;
    insR(id, personName(rng), orcid, inst, works, cited, h);
  }
}
