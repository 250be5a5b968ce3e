/**
 * Private: new grants of `advance.ts`. Awards are announced ahead of their start (the generator's grants
 * start up to 180 days after the reference day), so an advance of `days` adds the grants starting in
 * (old day + 180, new day + 180], at the rate of the year before the old reference day (a Poisson count).
 * Each is modelled on a grant of that year (same funder, title, abstract, lead organization, partners and
 * topics, duration and amount) with a new id in the funder's format; its full-text row follows.
 *
 * @module
 */
import { dayNumber, isoDay, isoTimestamp } from "./prng.ts";
import { type AdvanceCtx, poisson, row, rows, run } from "./_advance_util.ts";

/** How far ahead of its start a grant is known (as the generator places them). */
const AHEAD_DAYS = 180;

interface GrantRow {
  rid: number;
  grant_id: string;
  source: string;
  start_date: string;
  end_date: string;
}

/** A new id in the template's format (NIH: activity + institute + six digits; CORDIS: nine digits). */
function newId(ctx: AdvanceCtx, t: GrantRow): string {
  for (;;) {
    const id = t.source === "NIH"
      ? `${t.grant_id.slice(0, 5)}${ctx.rng.int(100_000, 299_999)}`
      : String(ctx.rng.int(101_000_000, 101_199_999));
    if (!row(ctx.db, "SELECT 1 FROM grants WHERE grant_id = ?", [id])) return id;
  }
}

/** Award new grants; returns their ids as /api/v1/grants serves `grant_id`. */
export function awardGrants(ctx: AdvanceCtx): string[] {
  const { db, rng, days, from } = ctx;
  const recent = rows<GrantRow>(
    db,
    "SELECT rid, grant_id, source, start_date, end_date FROM grants WHERE start_date > ? AND start_date <= ? ORDER BY rid",
    [isoDay(from - 365), isoDay(from)],
  );
  const count = recent.length ? poisson(rng, (recent.length / 365) * days) : 0;
  const added: string[] = [];
  let rid = row<{ r: number }>(db, "SELECT max(rid) AS r FROM grants")?.r ?? 0;
  for (let k = 0; k < count; k++) {
    const t = rng.pick(recent);
    const start = from + AHEAD_DAYS + rng.int(1, days);
    const length = dayNumber(t.end_date) - dayNumber(t.start_date);
    const announced = from + rng.int(1, days);
    const id = newId(ctx, t);
    rid++;
    run(
      db,
      `INSERT INTO grants (rid, grant_id, title, abstract, source, funding_amount, start_date, end_date, updated_at,
         currency) SELECT ?, ?, title, abstract, source, funding_amount, ?, ?, ?, currency FROM grants WHERE rid = ?`,
      [rid, id, isoDay(start), isoDay(start + length), isoTimestamp(announced, rng.next()), t.rid],
    );
    run(
      db,
      "INSERT INTO grant_organizations SELECT ?, position, role, name, org_id FROM grant_organizations WHERE grant_id = ?",
      [id, t.grant_id],
    );
    run(db, "INSERT INTO grant_topics SELECT ?, topic_id FROM grant_topics WHERE grant_id = ?", [
      id,
      t.grant_id,
    ]);
    run(
      db,
      "INSERT INTO grants_fts (rowid, title, abstract) SELECT rid, title, abstract FROM grants WHERE rid = ?",
      [
        rid,
      ],
    );
    added.push(id);
  }
  return added;
}
