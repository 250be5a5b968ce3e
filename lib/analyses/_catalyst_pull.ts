/**
 * Private: one entity's catalyst events without losing the future to the cap.
 *
 * `regulatory.catalysts` sorts events ascending by date and cuts at `limit`, so a capped call keeps the
 * oldest approvals and loses the upcoming expiries first (the window is symmetric around today). When a
 * call comes back capped, it is split until no part is:
 *
 * 1. **Window**: `windowDays` is halved until the call is not capped, which makes ±w′ days complete.
 * 2. **Drug list**: the whole window is fetched per drug list — the drug names the caller gave, or the
 *    entity's drugs from the regulatory landscape (`generic_name`, spec-named; a sponsor or indication
 *    expands to its family there as in catalysts) plus every drug seen in an event — in lists of at
 *    most 100 that are halved while a call is still capped; a single drug still capped has its own
 *    window halved.
 *
 * What still is capped (one drug over a one-day window) is flagged. For a ticker or LEI the landscape
 * cannot list the drugs, so they come from events only: a drug with no event within ±w′ days could
 * be missed, which the result says.
 *
 * @module
 */
import type { Client } from "../client/mod.ts";
import type { Provenance, RowsResult } from "../client/result.ts";

/** What one entity's pull gives. */
export interface CatalystPull {
  /** Events, de-duplicated by drug + type + date across the split calls (the calendar sorts them). */
  readonly rows: Record<string, unknown>[];
  /** Provenance of every call (their `capped` notices removed where splitting settled them). */
  readonly metas: Provenance[];
  /** The body of the first call (`next_patent_expiry`, `next_exclusivity_expiry`). */
  readonly body: unknown;
  /** True when some part is still capped after splitting. */
  readonly capped: boolean;
  /** Days around today within which the events are complete (the window when nothing was capped). */
  readonly completeDays: number;
  /** Calls made beyond the first. */
  readonly splits: number;
  /** Drugs whose own call is still capped (or was not made within {@link MAX_SPLIT_CALLS}). */
  readonly cappedDrugs: string[];
  /**
   * True when the first call was capped and the drug lists came from events only (a ticker or LEI, or
   * the landscape failed): a drug with no event within ±`completeDays` (less than the window) and none
   * among the first call's events could not be listed. False when nothing was split.
   */
  readonly discovered: boolean;
}

/** Most calls one entity's pull may make (a safety bound; what it leaves is flagged). */
export const MAX_SPLIT_CALLS = 64;

const keyOf = (r: Record<string, unknown>) => `${r.drug_name}\u0000${r.type}\u0000${r.event_date}`;

/**
 * Fetch one entity's events, splitting capped calls (see the module doc).
 *
 * @param client The client.
 * @param params The call's parameters (`windowDays` and `limit` included).
 */
export async function pullCatalysts(
  client: Client,
  params: Record<string, unknown> & { windowDays: number; limit: number },
): Promise<CatalystPull> {
  const call = (p: Record<string, unknown>) =>
    client.regulatory.catalysts(p as Parameters<Client["regulatory"]["catalysts"]>[0]) as Promise<
      RowsResult<Record<string, unknown>>
    >;
  const first = await call(params);
  const isCapped = (r: RowsResult<unknown>) => r.rows.length >= params.limit;
  if (!isCapped(first)) {
    return {
      rows: first.rows,
      metas: [first.meta],
      body: first.body,
      capped: false,
      completeDays: params.windowDays,
      splits: 0,
      cappedDrugs: [],
      discovered: false,
    };
  }
  const results: RowsResult<Record<string, unknown>>[] = [first];
  const stillCapped = new Set<RowsResult<unknown>>();
  let calls = 0;
  const bounded = () => calls < MAX_SPLIT_CALLS;
  const run = async (p: Record<string, unknown>) => {
    const r = await call(p);
    calls++;
    results.push(r);
    return r;
  };
  // 1. Halve the window until it is not capped: everything within ±w days is then complete.
  let w = params.windowDays;
  let near = first;
  while (isCapped(near) && w > 1 && bounded()) {
    near = await run({ ...params, windowDays: w = Math.floor(w / 2) });
  }
  const completeDays = isCapped(near) ? 0 : w;
  // 2. The whole window per drug list: halve capped lists; halve a single capped drug's window.
  const given = Array.isArray(params.drugNames) ? params.drugNames.map(String) : undefined;
  const listed = given ?? await landscapeDrugs(client, params);
  const seen = results.flatMap((r) => r.rows.map((e) => String(e.drug_name)));
  const names = given ?? [...new Set([...(listed ?? []), ...seen])].sort();
  const cappedDrugs: string[] = [];
  const queue: string[][] = [];
  for (let i = 0; i < names.length; i += 100) queue.push(names.slice(i, i + 100));
  while (queue.length && bounded()) {
    const list = queue.shift()!;
    let r = await run({ ...params, drugNames: list });
    if (!isCapped(r)) continue;
    if (list.length > 1) {
      queue.push(list.slice(0, list.length >> 1), list.slice(list.length >> 1));
      continue;
    }
    // One drug capped over the whole window: complete only nearer today, however far its halving got.
    let wd = params.windowDays;
    while (isCapped(r) && wd > 1 && bounded()) {
      r = await run({ ...params, drugNames: list, windowDays: wd >>= 1 });
    }
    cappedDrugs.push(list[0]);
    stillCapped.add(r);
  }
  cappedDrugs.push(...queue.flat()); // left by the call bound
  const byKey = new Map<string, Record<string, unknown>>();
  for (const r of results) for (const e of r.rows) if (!byKey.has(keyOf(e))) byKey.set(keyOf(e), e);
  const rows = [...byKey.values()];
  // Capped notices of calls that splitting settled are dropped (the pull flags what still is capped),
  // and so are the "no events" notices of split calls: a drug list with nothing in it is expected (the
  // first call, capped, has events, and so has a call still capped). A call whose notices are settled is complete.
  const metas = results.map((r) => {
    const drop = stillCapped.has(r) ? [] : ["capped", "maybe-unresolved"];
    const warnings = r.meta.warnings.filter((x) => !drop.includes(x.code));
    return warnings.length === r.meta.warnings.length ? r.meta : { ...r.meta, warnings, complete: true };
  });
  return {
    rows,
    metas,
    body: first.body,
    capped: cappedDrugs.length > 0, // every still-capped call is a capped drug's
    completeDays,
    splits: calls,
    cappedDrugs,
    discovered: given === undefined && listed === undefined,
  };
}

/** The entity's drugs from the regulatory landscape (sponsor / indication), or undefined for a ticker or LEI. */
async function landscapeDrugs(
  client: Client,
  params: Record<string, unknown>,
): Promise<string[] | undefined> {
  if (typeof params.lei === "string" || typeof params.ticker === "string") return undefined;
  try {
    // The catalysts call's own sponsor / indication (a parameter left undefined is not sent).
    const r = await client.regulatory.landscape({
      sponsor: params.sponsor as string | undefined,
      indication: params.indication as string | undefined,
    });
    return [
      ...new Set(
        (r.rows as { generic_name?: string }[]).map((d) => d.generic_name).filter((n): n is string => !!n),
      ),
    ];
  } catch {
    return undefined;
  }
}
