/**
 * The sandbox moves in time: {@link advanceStore} evolves a store by `days` as the real world would,
 * seeded and deterministic (same seed + same store + same days ⇒ the same changes, byte for byte), and
 * returns the {@link AdvanceRecord} of what it changed, in the identifiers the HTTP API serves.
 *
 * In order, in one transaction:
 * 1. the reference day moves from `today` to `today + days` (`meta.today` and `store.today`), so
 *    catalysts pass (`days_to_event` drops by `days`; expiries dated before the new day leave the
 *    upcoming window) and every "recent" window moves;
 * 2. open trials follow their life cycle, at most one step per trial per advance (start, complete,
 *    terminate, withdraw, suspend, resume, close recruitment, revise enrollment; see `_advance_trials.ts`);
 * 3. new trials are registered, new approvals (with their patents and exclusivities) and new patents
 *    appear, at the store's own rates (`_advance_regulatory.ts`, `_advance_patents.ts`);
 * 4. active alerts whose queries match the changes fire (`_advance_alerts.ts`);
 * 5. patents published by the old day change legal status (granted, withdrawn, lapsed, expired at twenty
 *    years) and marketed products approved by then are discontinued, at fixed hazards; new grants are
 *    awarded at the store's own rate (`_advance_grants.ts`).
 *
 * Derived data stays consistent: `trial_filter`, the FTS indexes, organization counters, the patent
 * mirrors and count tables. Every write changes the connection's change counter, so the handlers'
 * paging caches drop their lists; read workers see the commit through WAL.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { createRng, dayNumber, isoDay } from "./prng.ts";
import { type AdvanceCatalyst, type AdvanceChange, type AdvanceCtx, marks, rows } from "./_advance_util.ts";
import { type AdvanceTrialChange, evolveTrials, registerTrials } from "./_advance_trials.ts";
import { addApprovals, discontinue, eventsOf, passedEvents } from "./_advance_regulatory.ts";
import { evolvePatents, publishPatents } from "./_advance_patents.ts";
import { awardGrants } from "./_advance_grants.ts";
import { fireAlerts } from "./_advance_alerts.ts";

export type { AdvanceCatalyst, AdvanceChange, AdvanceTrialChange };

/** What one {@link advanceStore} changed, in the identifiers the HTTP API serves. */
export interface AdvanceRecord {
  /** Days moved. */
  readonly days: number;
  /** Reference day before, `YYYY-MM-DD`. */
  readonly fromDay: string;
  /** Reference day after. */
  readonly toDay: string;
  /** Trials: new ones, and changed fields of existing ones. */
  readonly trials: {
    /** NCT ids of new trials. */
    readonly added: readonly string[];
    /** Changed fields, named as /api/v1/clinical-trials rows name them (`status`, `enrollment`, …). */
    readonly changed: readonly AdvanceTrialChange[];
  };
  /** Approvals: new ones, and changed marketing statuses. */
  readonly approvals: {
    /** Public approval ids (`FDA_ORANGE:012345`) as /api/v1/regulatory serves `approval_id`. */
    readonly added: readonly string[];
    /** Changed fields (`marketing_status` Rx → Disc), `id` = `approval_id`. */
    readonly changed: readonly AdvanceChange[];
  };
  /** Patents: new ones, and changed legal statuses. */
  readonly patents: {
    /** Patent ids as /api/v1/patents serves them. */
    readonly added: readonly string[];
    /** Changed fields (`legal_status` and its `last_updated`, epoch ms), `id` = `patent_id`. */
    readonly changed: readonly AdvanceChange[];
  };
  /** Grant ids (`grant_id` of /api/v1/grants) of new awards, starting 180 days ahead as awards are known. */
  readonly grants: { readonly added: readonly string[] };
  /**
   * Catalyst events whose side or existence changed. Not listed (nothing about them changed, the window
   * did): a catalysts call with `windowDays` W also gains the expiries dated in (fromDay + W, toDay + W]
   * at its far end and loses the approvals dated before toDay − W at its back.
   */
  readonly catalysts: {
    /** Expiries dated from the old reference day up to (not including) the new one: now past. */
    readonly passed: readonly AdvanceCatalyst[];
    /** Events of the new approvals (the approval, its patent and exclusivity expiries). */
    readonly added: readonly AdvanceCatalyst[];
  };
  /** Alert ids whose `last_triggered_at` and `match_count` changed. */
  readonly alerts: { readonly fired: readonly string[] };
}

/** Most days one advance may move. */
export const MAX_ADVANCE_DAYS = 3650;

/** A store {@link advanceStore} can evolve (its `today` is moved). */
export interface AdvanceableStore {
  /** The store's open SQLite database. */
  readonly db: DatabaseSync;
  /** The store's reference day, `YYYY-MM-DD`. */
  readonly today: string;
}

const strip = ({ drug_name, type, date }: AdvanceCatalyst): AdvanceCatalyst => ({ drug_name, type, date });

/**
 * Evolve the store by `days` (seeded, deterministic) and move its reference day.
 *
 * @param store The store (its `today` is updated in place, and `meta.today`).
 * @param days Whole days, 1..3650.
 * @param seed Seed of the evolution (the sandbox passes its data seed).
 * @returns What changed.
 * @example
 * ```ts
 * import { createStore } from "./generate.ts";
 * import { advanceStore } from "./advance.ts";
 * const store = createStore({ seed: 1, scale: "tiny" });
 * const rec = advanceStore(store, 30, 1);
 * if (rec.toDay !== "2026-12-21" || store.today !== rec.toDay) throw new Error("day did not move");
 * store.close();
 * ```
 */
export function advanceStore(store: AdvanceableStore, days: number, seed: number): AdvanceRecord {
  if (!Number.isInteger(days) || days < 1 || days > MAX_ADVANCE_DAYS) {
    throw new RangeError(
      `advance: days must be a whole number from 1 to ${MAX_ADVANCE_DAYS}, got ${JSON.stringify(days)}; ` +
        "pass e.g. advance(30) to move the sandbox one month forward",
    );
  }
  const { db } = store;
  const fromDay = store.today, from = dayNumber(fromDay), to = from + days, toDay = isoDay(to);
  const root = createRng(`advance|${seed}|${fromDay}|${days}`);
  const ctx = (label: string): AdvanceCtx => ({ db, rng: root.fork(label), days, from, to });
  db.exec("BEGIN IMMEDIATE");
  try {
    const passed = passedEvents(ctx("catalysts"));
    const changed = evolveTrials(ctx("trials"));
    const added = registerTrials(ctx("registrations"));
    const approvals = addApprovals(ctx("approvals"));
    const newEvents = newCatalysts(ctx("catalysts"), approvals.keys);
    const patents = publishPatents(ctx("patents"));
    const statusChanged = [...new Set(changed.filter((c) => c.field === "status").map((c) => c.nct_id))];
    const fired = fireAlerts(ctx("alerts"), {
      addedTrials: added,
      statusChanged,
      addedApprovalKeys: approvals.keys,
      passed,
      added: newEvents,
    });
    // Forked last, so the streams above are those of stores advanced before these steps existed.
    const patentChanges = evolvePatents(ctx("patent-status"));
    const discontinued = discontinue(ctx("discontinued"));
    const grants = awardGrants(ctx("grants"));
    db.prepare(
      "INSERT INTO meta (key, value) VALUES ('today', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    )
      .run(toDay);
    db.exec("COMMIT");
    (store as { today: string }).today = toDay;
    return {
      days,
      fromDay,
      toDay,
      trials: { added, changed },
      approvals: { added: approvals.ids, changed: discontinued },
      patents: { added: patents, changed: patentChanges },
      grants: { added: grants },
      catalysts: { passed: passed.map(strip), added: newEvents.map(strip) },
      alerts: { fired },
    };
  } catch (e) {
    db.exec("ROLLBACK");
    throw e;
  }
}

/** Events of the new approvals that no other approval already gave (same drug, type and date). */
function newCatalysts(ctx: AdvanceCtx, keys: readonly string[]): (AdvanceCatalyst & { key: string })[] {
  if (keys.length === 0) return [];
  const fresh = eventsOf(ctx, keys);
  const others = rows<{ k: string }>(
    ctx.db,
    `SELECT DISTINCT approval_key AS k FROM approval_drugs WHERE approval_key NOT IN (${marks(keys.length)})
     AND chembl_id IN (SELECT chembl_id FROM approval_drugs WHERE approval_key IN (${marks(keys.length)}))`,
    [...keys, ...keys],
  ).map((r) => r.k);
  const old = new Set(eventsOf(ctx, others).map((e) => `${e.drug_name}|${e.type}|${e.date}`));
  return fresh.filter((e) => !old.has(`${e.drug_name}|${e.type}|${e.date}`));
}
