/**
 * Private: the calls the loss-of-exclusivity analysis makes beyond the catalyst calendar and Medicare:
 * approval records by trade name (their patent and exclusivity dates reach past the catalysts), each
 * sponsor's approved drugs (the share's denominator) and drug-to-targets forms (molecule ids).
 *
 * @module
 */
import type { Client } from "../client/mod.ts";
import type { Provenance } from "../client/result.ts";
import type { RecordExpiry } from "./_loe_horizon.ts";

type Rec = Record<string, unknown>;

/**
 * At most this many approval records are read per trade name. The search matches trade names partially,
 * so a short name on the real service could page through much of the register for the few records
 * whose trade name is exactly it; a trade name past the cap is reported as not fetched in full.
 */
export const MAX_RECORDS_PER_TRADE = 2000;
// The client's response schemas admit only objects in the lists read here (drugs, patents, exclusivities,
// related_forms) and require `data`, `trade_name` and `generic_name`; a list the service may omit is [].
const arr = (v: unknown): Rec[] => (Array.isArray(v) ? v : []);

/**
 * Every expiry the approval records of these trade names list (exact trade name, any case). The
 * records' patent and exclusivity fields are named by the spec but their shapes are not, so `dated`
 * says whether any record carried a readable date.
 */
export async function recordExpiries(
  client: Client,
  trades: readonly string[],
): Promise<{ rows: RecordExpiry[]; metas: Provenance[]; dated: boolean; failed: string[] }> {
  const rows: RecordExpiry[] = [];
  const metas: Provenance[] = [];
  const failed: string[] = [];
  let records = 0;
  await Promise.all(trades.map(async (trade) => {
    try {
      const r = await client.regulatory.search.all({ trade_name: trade }, { maxRows: MAX_RECORDS_PER_TRADE });
      metas.push(r.meta);
      if (!r.meta.complete) {
        failed.push(`${trade} (over ${MAX_RECORDS_PER_TRADE.toLocaleString("en-US")} records)`);
      }
      for (const a of r.rows as Rec[]) {
        if (String(a.trade_name).toLowerCase() !== trade.toLowerCase()) continue;
        records++;
        const drugNames = arr(a.drugs).map((d) => d.name).filter((n): n is string => typeof n === "string");
        const add = (code: string | null, date: unknown) => {
          if (typeof date === "string" && /^\d{4}-\d{2}-\d{2}/.test(date)) {
            rows.push({ trade_name: String(a.trade_name), drug_names: drugNames, code, expiry_date: date });
          }
        };
        for (const p of arr(a.patents)) add(null, p.expiry_date);
        for (const x of arr(a.exclusivities)) add(typeof x.code === "string" ? x.code : "", x.expiry_date);
      }
    } catch {
      failed.push(trade);
    }
  }));
  return { rows, metas, dated: records === 0 || rows.length > 0, failed };
}

/** Each sponsor's approved drugs (regulatory landscape `generic_name`), or undefined where the call failed. */
export async function sponsorDrugs(
  client: Client,
  sponsors: readonly string[],
): Promise<{ rows: { entity: string; drug_name: string }[]; metas: Provenance[]; listed: Set<string> }> {
  const rows: { entity: string; drug_name: string }[] = [];
  const metas: Provenance[] = [];
  const listed = new Set<string>();
  for (const sponsor of sponsors) {
    const r = await client.regulatory.landscape({ sponsor });
    metas.push(r.meta);
    const names = [...new Set((r.rows as { generic_name: string }[]).map((d) => d.generic_name))];
    if (names.some(Boolean)) listed.add(`sponsor:${sponsor}`);
    for (const n of names.filter(Boolean)) rows.push({ entity: `sponsor:${sponsor}`, drug_name: n });
  }
  return { rows, metas, listed };
}

/** Molecule ids of each drug's forms (drug-to-targets `drug` and `related_forms`, sandbox-chosen fields). */
export async function drugForms(
  client: Client,
  drugs: readonly string[],
): Promise<{ rows: { drug_name: string; chembl_id: string }[]; metas: Provenance[]; withIds: number }> {
  const rows: { drug_name: string; chembl_id: string }[] = [];
  const metas: Provenance[] = [];
  let withIds = 0;
  await Promise.all(drugs.map(async (drug) => {
    try {
      const r = await client.biology.drugToTargets({ drug });
      metas.push(r.meta);
      const d = (r.body as { data: { drug?: Rec; related_forms?: Rec[] } }).data;
      const ids = [d.drug?.chembl_id, ...arr(d.related_forms).map((f) => f.chembl_id)]
        .filter((x): x is string => typeof x === "string" && x !== "");
      if (ids.length) withIds++;
      for (const id of new Set(ids)) rows.push({ drug_name: drug, chembl_id: id });
    } catch {
      // an unresolvable drug has no forms to try
    }
  }));
  return { rows, metas, withIds };
}
