/**
 * Private: regulatory events of `advance.ts`. New approvals arrive at the store's own rate (a Poisson
 * count of approvals / 30 years per day): half originator approvals of a molecule in late development
 * (FDA_ORANGE NDA with 1–4 Orange-Book patents and NCE/orphan exclusivities, or FDA_PURPLE BLA with
 * reference-product exclusivity; the molecule becomes approved, phase 4), half generics (ANDA) of an
 * approved small molecule off patent for ten years. Marketed prescription products are discontinued
 * (`marketing_status` Rx → Disc) at about 2% a year ({@link discontinue}). Their links (sponsor, drugs, indications), FTS row
 * and the sponsor's `approval_count` follow. Catalyst events are computed exactly as the catalysts
 * endpoint names them (drug = the first linked parent molecule's generic name, else the trade name in
 * lower case; deduplicated by drug + type + date).
 *
 * @module
 */
import { approvalNameKeys } from "./name_keys.ts";
import { linksOf } from "../handlers/_regulatory_approvals.ts";
import { isoDay, isoTimestamp } from "./prng.ts";
import { titleCase } from "./gen_context.ts";
import {
  type AdvanceCatalyst,
  type AdvanceChange,
  type AdvanceCtx,
  marks,
  poisson,
  row,
  rows,
  run,
  within,
} from "./_advance_util.ts";

const YEAR = 365.25;
/** Years over which the store's approvals are spread, for the arrival rate. */
const APPROVAL_YEARS = 30;

interface Mol {
  chembl_id: string;
  generic_name: string;
  is_biologic: number;
  tier: string;
  has_black_box: number;
  originator_id: string | null;
}

/** Daily hazard of a marketed prescription product's discontinuation. */
const DISCONTINUE_PER_DAY = 1 / (50 * 365);

/**
 * Discontinue marketed prescription products approved by the old reference day; returns each change as
 * /api/v1/regulatory rows name it (`marketing_status`).
 */
export function discontinue(ctx: AdvanceCtx): AdvanceChange[] {
  const { db, rng, days, from } = ctx;
  const rx = rows<{ rid: number; approval_id: string }>(
    db,
    "SELECT rid, approval_id FROM approvals WHERE marketing_status = 'Rx' AND approval_date <= ? ORDER BY rid",
    [isoDay(from)],
  );
  const picked = rng.sample(rx, poisson(rng, rx.length * within(DISCONTINUE_PER_DAY, days)))
    .sort((a, b) => a.rid - b.rid);
  return picked.map((a) => {
    run(db, "UPDATE approvals SET marketing_status = 'Disc', updated_at = ? WHERE rid = ?", [
      isoTimestamp(from + rng.int(1, days), rng.next()),
      a.rid,
    ]);
    return { id: a.approval_id, field: "marketing_status", before: "Rx", after: "Disc" };
  });
}

/** Catalyst events of approvals: every patent and exclusivity expiry and the approval itself. */
export function eventsOf(ctx: AdvanceCtx, keys: readonly string[]): (AdvanceCatalyst & { key: string })[] {
  if (keys.length === 0) return [];
  const raw = rows<{ key: string; trade_name: string; type: string; date: string }>(
    ctx.db,
    `SELECT * FROM (
       SELECT a.key, a.trade_name, 'patent_expiry' AS type, p.expiry_date AS date
       FROM approvals a JOIN approval_patents p ON p.approval_key = a.key WHERE a.key IN (${
      marks(keys.length)
    })
       UNION ALL
       SELECT a.key, a.trade_name, 'exclusivity_expiry', e.expiry_date
       FROM approvals a JOIN approval_exclusivities e ON e.approval_key = a.key WHERE a.key IN (${
      marks(keys.length)
    })
       UNION ALL
       SELECT key, trade_name, 'approval', approval_date FROM approvals WHERE key IN (${marks(keys.length)})
     ) ORDER BY date, type, key`,
    [...keys, ...keys, ...keys],
  );
  return named(ctx, raw);
}

function named(
  ctx: AdvanceCtx,
  raw: readonly { key: string; trade_name: string; type: string; date: string }[],
): (AdvanceCatalyst & { key: string })[] {
  const drugs = linksOf(ctx.db, [...new Set(raw.map((e) => e.key))]).drugs;
  const seen = new Set<string>();
  const out: (AdvanceCatalyst & { key: string })[] = [];
  for (const e of raw) {
    const drug_name = drugs.get(e.key)?.[0]?.parent || e.trade_name.toLowerCase();
    const id = `${drug_name}|${e.type}|${e.date}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ drug_name, type: e.type, date: e.date, key: e.key });
  }
  return out;
}

/** Expiry events dated in [from, to): upcoming before, in the past after. */
export function passedEvents(ctx: AdvanceCtx): (AdvanceCatalyst & { key: string })[] {
  const args = [isoDay(ctx.from), isoDay(ctx.to)];
  const raw = rows<{ key: string; trade_name: string; type: string; date: string }>(
    ctx.db,
    `SELECT a.key, a.trade_name, 'patent_expiry' AS type, p.expiry_date AS date
     FROM approval_patents p JOIN approvals a ON a.key = p.approval_key WHERE p.expiry_date >= ? AND p.expiry_date < ?
     UNION ALL
     SELECT a.key, a.trade_name, 'exclusivity_expiry', e.expiry_date
     FROM approval_exclusivities e JOIN approvals a ON a.key = e.approval_key WHERE e.expiry_date >= ? AND e.expiry_date < ?
     ORDER BY 4, 3, 1`,
    [...args, ...args],
  );
  return named(ctx, raw);
}

/** Add new approvals; returns their public ids and internal keys. */
export function addApprovals(ctx: AdvanceCtx): { ids: string[]; keys: string[] } {
  const { db, rng, days, from } = ctx;
  const total = row<{ n: number }>(db, "SELECT count(*) AS n FROM approvals")!.n;
  const count = poisson(rng, (total / (APPROVAL_YEARS * 365)) * days);
  const cols = "m.chembl_id, m.generic_name, m.is_biologic, m.tier, m.has_black_box, m.originator_id";
  const out = { ids: [] as string[], keys: [] as string[] };
  for (let k = 0; k < count; k++) {
    const day = from + rng.int(1, days);
    const year = Number(isoDay(day).slice(0, 4));
    const pipeline = rows<Mol>(
      db,
      `SELECT ${cols} FROM molecules m WHERE m.parent_chembl_id IS NULL AND m.is_approved = 0
       AND m.max_phase >= 3 AND m.originator_id IS NOT NULL ORDER BY m.chembl_id`,
    );
    const offPatent = rows<Mol>(
      db,
      `SELECT ${cols} FROM molecules m WHERE m.parent_chembl_id IS NULL AND m.is_approved = 1
       AND m.is_biologic = 0 AND m.first_approval_year < ? ORDER BY m.chembl_id`,
      [year - 10],
    );
    const originator = pipeline.length > 0 && (offPatent.length === 0 || rng.chance(0.5));
    if (!originator && offPatent.length === 0) break;
    const m = originator ? rng.pick(pipeline) : rng.pick(offPatent);
    const made = approve(ctx, m, day, originator);
    out.ids.push(made.id);
    out.keys.push(made.key);
  }
  return out;
}

function approve(ctx: AdvanceCtx, m: Mol, day: number, originator: boolean): { id: string; key: string } {
  const { db, rng } = ctx;
  const bio = m.is_biologic === 1;
  const source = bio ? "FDA_PURPLE" : "FDA_ORANGE";
  const type = !originator ? "ANDA" : bio ? "BLA" : "NDA";
  let digits: string;
  do {
    digits = String(
      type === "ANDA" ? rng.int(60_000, 219_999) : bio ? rng.int(125_000, 761_999) : rng.int(20_000, 219_999),
    ).padStart(6, "0");
  } while (row(db, "SELECT 1 FROM approvals WHERE approval_id = ?", [`${source}:${digits}`]));
  const id = `${source}:${digits}`;
  const top = row<{ k: number }>(db, "SELECT max(CAST(key AS INTEGER)) AS k FROM approvals")!.k;
  const key = String(top + rng.int(1, 97));
  const salt = row<{ chembl_id: string; generic_name: string }>(
    db,
    "SELECT chembl_id, generic_name FROM molecules WHERE parent_chembl_id = ? ORDER BY chembl_id LIMIT 1",
    [m.chembl_id],
  );
  const brand = row<{ name: string }>(
    db,
    "SELECT name FROM molecule_names WHERE chembl_id = ? AND kind = 'brand' ORDER BY name LIMIT 1",
    [m.chembl_id],
  )?.name;
  const ingredient = (salt?.generic_name ?? m.generic_name).toUpperCase();
  let orgId: string, applicant: string;
  if (originator) {
    orgId = m.originator_id!;
    applicant = row<{ name: string }>(db, "SELECT name FROM organizations WHERE id = ?", [orgId])!.name;
  } else {
    const makers = rows<{ id: string; name: string }>(
      db,
      `SELECT id, name FROM organizations WHERE is_entity = 1 AND org_type = 'company' AND depth = 0
       ORDER BY id`,
    );
    const maker = rng.pick(makers);
    (orgId = maker.id, applicant = maker.name);
  }
  const orphan = originator && rng.chance(0.15);
  const rid = row<{ r: number }>(db, "SELECT max(rid) AS r FROM approvals")!.r + 1;
  const trade = originator ? (brand ?? titleCase(m.generic_name)) : ingredient;
  run(db, `INSERT INTO approvals VALUES (${marks(18)})`, [
    rid,
    id,
    key,
    source,
    "US",
    (type === "ANDA" ? "A" : type === "NDA" ? "N" : "BLA") + digits,
    type,
    trade,
    applicant.toUpperCase(),
    ingredient,
    isoDay(day),
    "Rx",
    orphan ? 1 : 0,
    m.has_black_box,
    originator && rng.chance(0.3) ? 1 : 0,
    originator && rng.chance(0.12) ? 1 : 0,
    originator && rng.chance(0.4) ? 1 : 0,
    isoTimestamp(day, rng.next()),
  ]);
  run(db, "INSERT INTO approvals_fts (rowid, trade_name, applicant_raw, ingredient) VALUES (?, ?, ?, ?)", [
    rid,
    trade,
    applicant.toUpperCase(),
    ingredient,
  ]);
  for (const k of approvalNameKeys(ingredient, trade)) {
    run(db, "INSERT OR IGNORE INTO approval_names (approval_key, name_key) VALUES (?, ?)", [key, k]);
  }
  run(db, "INSERT INTO approval_sponsors VALUES (?, ?)", [key, orgId]);
  run(db, "UPDATE organizations SET approval_count = approval_count + 1 WHERE id = ?", [orgId]);
  run(db, "INSERT INTO approval_drugs VALUES (?, ?)", [key, m.chembl_id]);
  if (salt && !bio) run(db, "INSERT INTO approval_drugs VALUES (?, ?)", [key, salt.chembl_id]);
  run(
    db,
    `INSERT INTO approval_indications SELECT ?, disease_id FROM molecule_indications WHERE chembl_id = ?
     ORDER BY disease_id LIMIT ?`,
    [key, m.chembl_id, originator ? 99 : 2],
  );
  const after = (years: number): string => isoDay(Math.round(day + years * YEAR));
  const excl = (code: string, description: string, years: number) =>
    run(db, "INSERT INTO approval_exclusivities VALUES (?, ?, ?, ?)", [key, code, description, after(years)]);
  if (type === "NDA") {
    for (let i = rng.int(1, 4); i > 0; i--) {
      let no: string;
      do no = String(rng.int(6_500_000, 12_400_000)); while (
        row(db, "SELECT 1 FROM approval_patents WHERE patent_no = ?", [no])
      );
      run(
        db,
        `INSERT INTO approval_patents (approval_key, patent_no, expiry_date, drug_substance, drug_product, use_code)
        VALUES (?, ?, ?, ?, ?, ?)`,
        [
          key,
          no,
          after(rng.int(8, 20) + rng.next()),
          i === 1 ? 1 : 0,
          i === 1 ? 0 : 1,
          rng.chance(0.4) ? `U-${rng.int(100, 3999)}` : null,
        ],
      );
    }
    if (m.tier !== "commodities") excl("NCE", "New chemical entity", 5);
  } else if (type === "BLA") excl("RPE", "Reference product exclusivity", 12);
  else if (rng.chance(0.1)) excl("PC", "Patent challenge (180-day generic exclusivity)", 0.5);
  if (orphan) excl("ODE", "Orphan drug exclusivity", 7);
  if (originator) {
    run(
      db,
      "UPDATE molecules SET is_approved = 1, max_phase = 4, first_approval_year = ? WHERE chembl_id = ?",
      [
        Number(isoDay(day).slice(0, 4)),
        m.chembl_id,
      ],
    );
  }
  return { id, key };
}
