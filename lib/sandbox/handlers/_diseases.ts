/**
 * Disease autocomplete and disease landscape (spec 4.2). The landscape covers the disease and all
 * its subtypes; "recent" status changes are those within 365 days before the store's today;
 * `competitivenessIndex` is `formulas.competitivenessIndex` (documented there) over total trials,
 * active trials, distinct sponsors of active trials and approved drugs.
 *
 * @module
 */
import { normaliseCurie } from "../../client/params.ts";
import { type HandlerContext, SandboxError } from "../handler.ts";
import { ACTIVE_TRIAL_STATUSES } from "../../client/schemas/vocab.ts";
import { competitivenessIndex } from "../store/formulas.ts";
import { dayNumber, isoDay } from "../store/prng.ts";
import { diseaseFamily } from "./_resolve.ts";
import { all, marks, one } from "./_sql.ts";
import { diseaseKey } from "../../client/names.ts";
import { storedDiseaseId } from "../store/conditions.ts";

/** A query word as a name pattern: its plural ending dropped, so "Allergies" finds "Allergy" and "Allergies". */
const stem = (w: string) =>
  w.length > 4 && w.endsWith("ies")
    ? w.slice(0, -3)
    : w.length > 3 && w.endsWith("s") && !/(ss|us|is)$/.test(w)
    ? w.slice(0, -1)
    : w;

/** Candidates read before the exact names (by `diseaseKey`) are put first. */
const CANDIDATES = 200;

/**
 * `GET /api/v1/diseases/autocomplete`: diseases with at least one trial whose name or synonym holds the
 * query's words in order (case, punctuation and plurals aside), ranked as a user types — the exact name or
 * synonym first (`diseaseKey` equal, or the synonym in any case), then names (or synonyms) that start with
 * the query, then those with a word that does, then the rest; within each, diseases with more trials
 * first, then shorter names. The list holds 10 (spec 4.2), so an exact match is never cut.
 */
export function diseasesAutocomplete(ctx: HandlerContext): unknown {
  const q = String(ctx.params.q);
  // The query's words as diseaseKey reads them (a possessive 's dropped: "Alzheimer's" finds "Alzheimer Disease").
  const words = q.toLowerCase().replace(/['\u2019]s\b/g, "").split(/[^\p{L}\p{N}]+/u).filter(Boolean).map(
    stem,
  );
  const esc = (w: string) => w.replace(/[\\%_]/g, (c) => "\\" + c);
  const tokens = words.length ? words.map(esc).join("%") : esc(q.trim());
  // Word starts: the name with its separators as spaces, after a leading space.
  const spaced = (col: string) =>
    `' ' || replace(replace(replace(replace(${col}, '-', ' '), '(', ' '), '/', ' '), ',', ' ')`;
  // Each synonym set once (not per disease: disease_synonyms is indexed by synonym only).
  const synonyms = (pattern: string) =>
    `d.id IN (SELECT s.disease_id FROM disease_synonyms s WHERE ${pattern})`;
  // Trials per disease: the import's table (link.ts), else counted (generated stores are small).
  const counted = one<{ n: number }>(
    ctx.db,
    "SELECT 1 AS n FROM sqlite_master WHERE name = 'disease_trials'",
  );
  const trials = counted
    ? "(SELECT t.trials FROM disease_trials t WHERE t.disease_id = d.id)"
    : "(SELECT count(DISTINCT c.trial_id) FROM trial_conditions c WHERE c.disease_id = d.id)";
  const rows = all<{ name: string; efo_id: string; tier: number }>(
    ctx.db,
    `SELECT name, efo_id, tier FROM (
       SELECT d.name, d.id AS efo_id,
         CASE WHEN d.name = ?1 COLLATE NOCASE OR ${synonyms("s.synonym = ?1")} THEN 0
           WHEN d.name LIKE ?2 ESCAPE '\\' OR ${synonyms("s.synonym LIKE ?2 ESCAPE '\\'")} THEN 1
           WHEN ${spaced("d.name")} LIKE ?3 ESCAPE '\\'
             OR ${synonyms(`${spaced("s.synonym")} LIKE ?3 ESCAPE '\\'`)} THEN 2
           ELSE 3 END AS tier,
         ${trials} AS trials
       FROM diseases d
       WHERE d.name LIKE ?4 ESCAPE '\\' OR ${synonyms("s.synonym LIKE ?4 ESCAPE '\\'")})
     WHERE trials > 0 ORDER BY tier, trials DESC, length(name), name LIMIT ${CANDIDATES}`,
    [q.trim(), `${tokens}%`, `% ${tokens}%`, `%${tokens}%`],
  );
  const key = diseaseKey(q);
  const exact = (r: { name: string; tier: number }) =>
    r.tier === 0 || (key !== "" && diseaseKey(r.name) === key);
  const ranked = [...rows.filter(exact), ...rows.filter((r) => !exact(r))].slice(0, 10)
    .map(({ name, efo_id }) => ({ name, efo_id }));
  return { data: ranked, meta: { query: q, returned: ranked.length } };
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = values.slice().sort((a, b) => a - b);
  const mid = s.length >> 1;
  return Math.round(s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2);
}

/** `POST /api/v1/analysis/disease-landscape`. */
export function diseasesLandscape(ctx: HandlerContext): unknown {
  const { db, params, today } = ctx;
  const curie = typeof params.efo_id === "string"
    ? normaliseCurie(params.efo_id) ?? params.efo_id
    : undefined;
  const d = curie !== undefined
    ? one<{ id: string; name: string }>(db, "SELECT id, name FROM diseases WHERE id = ?", [
      storedDiseaseId(db, curie),
    ])
    : one<{ id: string; name: string }>(db, "SELECT id, name FROM diseases WHERE name = ? COLLATE NOCASE", [
      String(params.disease).trim(),
    ]);
  if (!d) {
    const input = String(params.efo_id ?? params.disease);
    throw new SandboxError(
      404,
      "not_found",
      `No disease matches '${input}'; resolve names with diseases.autocomplete`,
      {
        parameter: params.efo_id !== undefined ? "efo_id" : "disease",
        input,
      },
    );
  }
  const ids = diseaseFamily(db, d.id);
  const inIds = `(${marks(ids.length)})`;
  const trials = all<
    {
      trial_id: string;
      phase: string;
      status: string;
      enrollment: number | null;
      start_date: string | null;
      last_status_change: string;
    }
  >(
    db,
    `SELECT trial_id, phase, status, enrollment, start_date, last_status_change FROM trials
     WHERE trial_id IN (SELECT trial_id FROM trial_conditions WHERE disease_id IN ${inIds})`,
    ids,
  );
  const byPhase: Record<string, number> = {};
  for (const t of trials) byPhase[t.phase] = (byPhase[t.phase] ?? 0) + 1;
  const active = trials.filter((t) => (ACTIVE_TRIAL_STATUSES as readonly string[]).includes(t.status));
  const activeIds = active.map((t) => t.trial_id);
  const sponsorRows = activeIds.length === 0 ? [] : all<{ name: string; n: number }>(
    db,
    `SELECT sponsor_name AS name, count(DISTINCT trial_id) AS n FROM trial_sponsors
     WHERE trial_id IN (${marks(activeIds.length)}) GROUP BY sponsor_name ORDER BY n DESC, name`,
    activeIds,
  );
  const since = isoDay(dayNumber(today) - 365);
  const recent = (pred: (t: typeof trials[number]) => boolean) => trials.filter(pred).length;
  const grants = one<{ n: number; usd: number | null }>(
    db,
    `SELECT count(*) AS n, sum(funding_amount) AS usd FROM grants WHERE grant_id IN (SELECT gt.grant_id
       FROM grant_topics gt JOIN topic_diseases td ON td.topic_id = gt.topic_id WHERE td.disease_id IN ${inIds})`,
    ids,
  )!;
  const institutions = all<{ name: string }>(
    db,
    `SELECT o.name, count(DISTINCT o.grant_id) AS n FROM grant_organizations o WHERE o.role = 'organization'
       AND o.grant_id IN (SELECT gt.grant_id FROM grant_topics gt JOIN topic_diseases td ON td.topic_id = gt.topic_id
       WHERE td.disease_id IN ${inIds}) GROUP BY o.name ORDER BY n DESC, o.name LIMIT 5`,
    ids,
  ).map((r) => r.name);
  const drugs = all<{ parent: string; orphan: number; last: string }>(
    db,
    `SELECT coalesce(m.parent_chembl_id, m.chembl_id) AS parent, max(a.is_orphan) AS orphan,
       max(a.approval_date) AS last
     FROM approval_indications i JOIN approvals a ON a.key = i.approval_key
     JOIN approval_drugs ad ON ad.approval_key = a.key JOIN molecules m ON m.chembl_id = ad.chembl_id
     WHERE i.disease_id IN ${inIds} GROUP BY parent`,
    ids,
  );
  const lastApproval = drugs.reduce<string | null>(
    (acc, r) => (acc === null || r.last > acc ? r.last : acc),
    null,
  );
  const medicare = all<{ spending: number; branded: number; brands: string; generic_name: string }>(
    db,
    `SELECT total_spending AS spending, is_branded AS branded, brand_names_json AS brands, generic_name
     FROM medicare_drugs WHERE key IN (SELECT medicare_key FROM medicare_indications WHERE disease_id IN ${inIds})
     ORDER BY total_spending DESC, key`,
    ids,
  );
  const spend = medicare.reduce((s, r) => s + r.spending, 0);
  const branded = medicare.filter((r) => r.branded === 1);
  const brandedSpend = branded.reduce((s, r) => s + r.spending, 0);
  const round2 = (x: number) => Math.round(x * 100) / 100;
  const activeSponsors = sponsorRows.length;
  return {
    data: {
      disease: d.name,
      efo_id: d.id,
      trials: {
        totalTrials: trials.length,
        byPhase,
        medianEnrollment: median(trials.flatMap((t) => (t.enrollment === null ? [] : [t.enrollment]))),
        activeSponsors: sponsorRows.slice(0, 10).map((r) => r.name),
        recentStatusChanges: {
          started: recent((t) => t.start_date !== null && t.start_date >= since && t.start_date <= today),
          completed: recent((t) => t.status === "COMPLETED" && t.last_status_change >= since),
          terminated: recent((t) => t.status === "TERMINATED" && t.last_status_change >= since),
        },
      },
      grants: {
        totalGrants: grants.n,
        totalFundingUsd: round2(grants.usd ?? 0),
        topInstitutions: institutions,
      },
      regulatory: {
        totalApprovals: drugs.length,
        orphanShare: drugs.length ? round2(drugs.filter((r) => r.orphan === 1).length / drugs.length) : 0,
        lastApprovalDate: lastApproval,
      },
      medicare: {
        totalSpendingUsd: round2(spend),
        topBrandDrugs: branded.slice(0, 5).map((r) =>
          (JSON.parse(r.brands) as string[])[0] ?? r.generic_name
        ),
        brandedShare: spend > 0 ? Math.round((brandedSpend / spend) * 1000) / 1000 : 0,
      },
      competitivenessIndex: competitivenessIndex({
        totalTrials: trials.length,
        activeTrials: active.length,
        activeSponsors,
        approvedDrugs: drugs.length,
      }),
    },
  };
}
