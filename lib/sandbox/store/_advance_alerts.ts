/**
 * Private: alerts of `advance.ts`. An active alert fires when what the advance changed matches its
 * query — `new_trial` (`disease_id`: new trials with that condition or a subtype of it),
 * `trial_status_change` (`sponsor`: trials of that sponsor's family whose status changed),
 * `new_approval` (`target`: new approvals of a drug acting on that target symbol), `patent_expiry`
 * (`drugNames`: passed patent expiries of those drugs), `catalyst` (`ticker`/`sponsor`: passed or new
 * catalysts of that company's approvals); other types (e.g. `new_grant`: grants do not change) never
 * fire. Firing sets `last_triggered_at` (a time on the new reference day) and adds the matches to
 * `metadata.match_count` (what `GET /alerts/:id` serves as `match_count`).
 *
 * @module
 */
import { splitCsv } from "../../client/params.ts";
import { diseaseFamily, orgFamily, resolveDrug, resolveSponsor } from "../handlers/_resolve.ts";
import { isoTimestamp } from "./prng.ts";
import { type AdvanceCatalyst, type AdvanceCtx, marks, row, rows, run } from "./_advance_util.ts";

/** What the advance changed, for the alerts' queries. */
export interface Changed {
  readonly addedTrials: readonly string[];
  readonly statusChanged: readonly string[];
  readonly addedApprovalKeys: readonly string[];
  readonly passed: readonly (AdvanceCatalyst & { key: string })[];
  readonly added: readonly (AdvanceCatalyst & { key: string })[];
}

function count(ctx: AdvanceCtx, sql: string, ids: readonly string[], args: readonly string[]): number {
  if (ids.length === 0 || args.length === 0) return 0;
  return row<{ n: number }>(
    ctx.db,
    sql.replace("$IDS", marks(ids.length)).replace("$ARGS", marks(args.length)),
    [
      ...ids,
      ...args,
    ],
  )!.n;
}

function familyOfCompany(ctx: AdvanceCtx, q: Record<string, unknown>): string[] {
  if (typeof q.sponsor === "string") return resolveSponsor(ctx.db, q.sponsor)?.family ?? [];
  if (typeof q.ticker !== "string") return [];
  const org = row<{ id: string }>(
    ctx.db,
    `SELECT o.id FROM sec_entities s JOIN organizations o ON o.lei = s.lei AND o.is_entity = 1
     WHERE s.ticker = ? ORDER BY o.depth, o.id LIMIT 1`,
    [q.ticker.toUpperCase()],
  );
  return org ? orgFamily(ctx.db, org.id) : [];
}

function matches(ctx: AdvanceCtx, type: string, q: Record<string, unknown>, c: Changed): number {
  const str = (k: string) => (typeof q[k] === "string" ? q[k] as string : "");
  switch (type) {
    case "new_trial":
      return str("disease_id")
        ? count(
          ctx,
          "SELECT count(DISTINCT trial_id) AS n FROM trial_conditions WHERE trial_id IN ($IDS) AND disease_id IN ($ARGS)",
          c.addedTrials,
          diseaseFamily(ctx.db, str("disease_id")),
        )
        : 0;
    case "trial_status_change":
      return count(
        ctx,
        "SELECT count(DISTINCT trial_id) AS n FROM trial_sponsors WHERE trial_id IN ($IDS) AND org_id IN ($ARGS)",
        c.statusChanged,
        str("sponsor") ? resolveSponsor(ctx.db, str("sponsor"))?.family ?? [] : [],
      );
    case "new_approval":
      return count(
        ctx,
        `SELECT count(DISTINCT d.approval_key) AS n FROM approval_drugs d JOIN molecule_targets mt ON mt.chembl_id = d.chembl_id
         JOIN targets t ON t.id = mt.target_id WHERE d.approval_key IN ($IDS) AND t.symbol IN ($ARGS)`,
        c.addedApprovalKeys,
        str("target") ? [str("target").toUpperCase()] : [],
      );
    case "patent_expiry": {
      const names = new Set(
        splitCsv(str("drugNames")).map((n) => resolveDrug(ctx.db, n)?.name ?? n.toLowerCase()),
      );
      return c.passed.filter((e) => e.type === "patent_expiry" && names.has(e.drug_name)).length;
    }
    case "catalyst": {
      const family = familyOfCompany(ctx, q);
      const events = [...c.passed, ...c.added];
      const keys = [...new Set(events.map((e) => e.key))];
      if (family.length === 0 || keys.length === 0) return 0;
      const hit = new Set(
        rows<{ k: string }>(
          ctx.db,
          `SELECT DISTINCT approval_key AS k FROM approval_sponsors WHERE approval_key IN (${
            marks(keys.length)
          })
           AND org_id IN (${marks(family.length)})`,
          [...keys, ...family],
        ).map((r) => r.k),
      );
      return events.filter((e) => hit.has(e.key)).length;
    }
    default:
      return 0;
  }
}

/** Fire the active alerts the changes match; returns their ids. */
export function fireAlerts(ctx: AdvanceCtx, changed: Changed): string[] {
  const alerts = rows<{ alert_db_id: string; alert_type: string; query_json: string; metadata_json: string }>(
    ctx.db,
    "SELECT alert_db_id, alert_type, query_json, metadata_json FROM alerts WHERE is_active = 1 ORDER BY alert_db_id",
  );
  const fired: string[] = [];
  for (const a of alerts) {
    let query: Record<string, unknown>, meta: Record<string, unknown>;
    try {
      query = JSON.parse(a.query_json);
      meta = JSON.parse(a.metadata_json);
    } catch {
      continue; // a hand-written row the service could not evaluate either
    }
    const n = matches(ctx, a.alert_type, query, changed);
    if (n === 0) continue;
    const before = typeof meta.match_count === "number" ? meta.match_count : 0;
    run(ctx.db, "UPDATE alerts SET last_triggered_at = ?, metadata_json = ? WHERE alert_db_id = ?", [
      isoTimestamp(ctx.to, ctx.rng.next()),
      JSON.stringify({ ...meta, match_count: before + n }),
      a.alert_db_id,
    ]);
    fired.push(a.alert_db_id);
  }
  return fired;
}
