/**
 * Private: each drug's protection horizon — its true last patent or exclusivity expiry — from the
 * catalyst events (which reach {@link REACH_DAYS} days ahead at most) and the approval records' own
 * patent and exclusivity lists (which, when the service sends their dates, show what lies beyond).
 *
 * Exclusivities a company holds on another company's brand ({@link GENERIC_EXCLUSIVITIES}: the 180-day
 * generic exclusivity of a patent challenge, competitive generic therapy) are not the brand's protection:
 * they are kept apart, never inside a drug's horizon or a sponsor's exposure.
 *
 * @module
 */

/** The farthest the catalysts reach: `windowDays` is at most 3,650 (spec 4.3). */
export const REACH_DAYS = 3650;

/** Exclusivity codes a generic applicant holds on another company's brand (Orange Book codes). */
export const GENERIC_EXCLUSIVITIES: ReadonlySet<string> = new Set(["PC", "CGT"]);

const DAY = 86_400_000;
const list = (v: unknown): string[] =>
  (Array.isArray(v) ? v.filter((x) => x !== null && x !== "").map(String) : v ? [String(v)] : [])
    .flatMap((t) => t.split(" | "));
/** Epoch day of a date cell or `YYYY-MM-DD` string. */
export const dayOf = (d: unknown): number =>
  Math.round((d instanceof Date ? d.getTime() : Date.parse(`${String(d).slice(0, 10)}T00:00:00Z`)) / DAY);
/** The date of an epoch day. */
export const dateOf = (day: number): Date => new Date(day * DAY);

/** An expiry an approval record lists: its trade name, drugs, code (null for a patent) and date. */
export interface RecordExpiry {
  /** The approval's trade name. */
  readonly trade_name: string;
  /** The drugs the approval covers. */
  readonly drug_names: readonly string[];
  /** The exclusivity code, or null for a patent. */
  readonly code: string | null;
  /** The expiry date as the record gives it (read as a calendar date). */
  readonly expiry_date: unknown;
}

/** One drug's protection, as the catalysts and approval records show it. */
export interface DrugHorizon {
  readonly drug: string;
  readonly trades: string[];
  readonly entities: string[];
  readonly patents: string[];
  readonly exclusivities: string[];
  /** Days to the next and the last expiry the catalysts show. */
  readonly nextDays: number;
  readonly seenDays: number;
  /** Days to the true last expiry (the approval records may show one past the catalysts' reach). */
  readonly endDays: number;
  /** `catalysts` or `approval records` (a later expiry than any catalyst event). */
  readonly basis: "catalysts" | "approval records";
}

/** A generic exclusivity event: who holds it, on which drug, until when. */
export interface GenericExclusivity {
  readonly drug: string;
  readonly trade: string;
  readonly holders: string[];
  readonly code: string;
  readonly description: string | null;
  readonly days: number;
}

/**
 * Each drug's horizon from upcoming expiry events and approval-record expiries.
 *
 * @param events Catalyst calendar event records (upcoming expiries only are read).
 * @param records Approval-record expiries (a record belongs to a drug by trade name, and by drug name
 *   where the record lists drug names).
 * @param sameDrug Whether a record's drug name names the catalyst drug (salt forms included).
 */
export function drugHorizons(
  events: readonly Record<string, unknown>[],
  records: readonly RecordExpiry[],
  sameDrug: (recordDrug: string, drug: string) => boolean,
): { today: number | null; drugs: DrugHorizon[]; generic: GenericExclusivity[] } {
  const expiries = events.filter((e) =>
    (e.type === "patent_expiry" || e.type === "exclusivity_expiry") && Number(e.days_to_event) >= 0
  );
  const today = expiries.length ? dayOf(expiries[0].event_date) - Number(expiries[0].days_to_event) : null;
  const generic: GenericExclusivity[] = [];
  const byDrug = new Map<string, Record<string, unknown>[]>();
  for (const e of expiries) {
    const codes = list(e.exclusivity_code);
    if (codes.length && codes.every((c) => GENERIC_EXCLUSIVITIES.has(c))) {
      generic.push({
        drug: String(e.drug_name),
        trade: list(e.trade_name).join(" | "),
        holders: [...new Set(list(e.entities))].sort(),
        code: codes.join(" | "),
        description: (e.exclusivity_description as string | null) ?? null,
        days: Number(e.days_to_event),
      });
      continue;
    }
    byDrug.set(String(e.drug_name), [...(byDrug.get(String(e.drug_name)) ?? []), e]);
  }
  const drugs = [...byDrug.entries()].map(([drug, evs]): DrugHorizon => {
    const days = evs.map((e) => Number(e.days_to_event));
    const trades = [...new Set(evs.flatMap((e) => list(e.trade_name)))].sort();
    const lower = new Set(trades.map((t) => t.toLowerCase()));
    const seenDays = Math.max(...days);
    const later = records.filter((r) =>
      lower.has(r.trade_name.toLowerCase()) && !(r.code !== null && GENERIC_EXCLUSIVITIES.has(r.code)) &&
      (r.drug_names.length === 0 || r.drug_names.some((n) => sameDrug(n, drug)))
    ).map((r) => dayOf(r.expiry_date) - (today ?? 0));
    const endDays = Math.max(seenDays, ...later);
    return {
      drug,
      trades,
      entities: [...new Set(evs.flatMap((e) => list(e.entities)))].sort(),
      patents: [...new Set(evs.flatMap((e) => list(e.patent_no)))].sort(),
      exclusivities: [...new Set(evs.flatMap((e) => list(e.exclusivity_code)))].sort(),
      nextDays: Math.min(...days),
      seenDays,
      endDays,
      basis: endDays > seenDays ? "approval records" : "catalysts",
    };
  });
  return { today, drugs, generic };
}
