/**
 * Private: whether `trials.rid` ascends with `trial_id`, so `rid` can break the registry's relevance ties in
 * trial-id order. The generator records the answer in `meta` (`rid_order = trial_id`) and `advance` keeps
 * it true (it appends trials in both orders); the scan is for stores without the record.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";

/** The `meta` key (and value) that records rid order = trial_id order. */
export const RID_ORDER = { key: "rid_order", value: "trial_id" } as const;

/** Scan every trial (170 ms at `large`): true when no rid is smaller than its predecessor's in trial-id order. */
export function ridFollowsTrialId(db: DatabaseSync): boolean {
  const r = db.prepare(
    `SELECT count(*) AS bad FROM (SELECT rid, lag(rid) OVER (ORDER BY trial_id) AS prev FROM trials)
     WHERE prev > rid`,
  ).get() as { bad: number } | undefined;
  return (r?.bad ?? 1) === 0;
}
