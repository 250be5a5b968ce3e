/**
 * Grants (NIH and CORDIS) with organizations, partners and topics; and the alerts of the three demo
 * tenants (`free`, `pro`, `pos`).
 *
 * @module
 */
import { type Ctx, fill, inserter } from "./gen_context.ts";
import { isoDay, isoTimestamp } from "./prng.ts";
import { CITIES } from "./vocab_orgs.ts";
import { GRANT_TITLES, METHODS } from "./vocab_text.ts";

const NIH_ACTIVITY = ["R01", "R01", "R21", "U01", "P30", "K08", "R44"];
const NIH_IC: Record<string, string> = {
  oncology: "CA",
  metabolic: "DK",
  neurology: "NS",
  psychiatry: "MH",
  cardiovascular: "HL",
  infectious: "AI",
  immunology: "AR",
  respiratory: "HL",
};

/** Generate grants, their organizations and topics. */
export function genGrants(ctx: Ctx): void {
  const { db, rng, today } = ctx;
  const insG = inserter(db, "grants", [
    "rid",
    "grant_id",
    "title",
    "abstract",
    "source",
    "funding_amount",
    "start_date",
    "end_date",
    "updated_at",
  ]);
  const insO = inserter(db, "grant_organizations", ["grant_id", "position", "role", "name", "org_id"]);
  const insT = inserter(db, "grant_topics", ["grant_id", "topic_id"]);
  const used = new Set<string>();
  const lead = [...ctx.institutions, ...ctx.biotechs.slice(0, 20)];
  for (let rid = 1; rid <= ctx.scale.grants; rid++) {
    const nih = rng.chance(0.7);
    const d = rng.pick(ctx.diseases);
    let grantId: string;
    do {
      grantId = nih
        ? `${rng.pick(NIH_ACTIVITY)}${NIH_IC[d.area] ?? "GM"}${rng.int(100_000, 299_999)}`
        : String(rng.int(101_000_000, 101_199_999));
    } while (used.has(grantId));
    used.add(grantId);
    const mol = ctx.molsByDisease.get(d.id)?.[0];
    const target = mol
      ? ctx.targetSymbols.get(mol.targets[0]?.[0] ?? "") ?? "novel targets"
      : "novel targets";
    const method = rng.pick(METHODS);
    const vars = { disease: d.text, target, method };
    const title = fill(rng.pick(GRANT_TITLES), vars);
    const abstract = fill(
      "This project investigates {disease} using {method} methods. We will characterize the role of {target} and " +
        "develop translational strategies to improve outcomes for patients with {disease}.",
      { ...vars, method: method.toLowerCase() },
    );
    const start = today + 180 - Math.floor(rng.next() ** 0.9 * 16 * 365);
    const end = start + rng.int(1, 5) * 365 + rng.int(0, 60);
    const funding = Math.round(rng.lognormal(nih ? 450_000 : 1_600_000, 0.8));
    const updated = isoTimestamp(rng.int(Math.min(start, today), today), rng.next());
    insG(
      rid,
      grantId,
      title[0].toUpperCase() + title.slice(1),
      abstract,
      nih ? "NIH" : "CORDIS",
      funding,
      isoDay(start),
      isoDay(end),
      updated,
    );
    const org = rng.pick(lead);
    insO(grantId, 0, "organization", org.name, org.id);
    const partners = nih ? rng.int(0, 1) : rng.int(1, 5);
    for (let k = 1; k <= partners; k++) {
      if (rng.chance(0.6)) {
        const p = rng.pick(lead);
        insO(grantId, k, "partner", p.name, p.id);
      } else insO(grantId, k, "partner", `University of ${rng.pick(CITIES)}`, null);
    }
    for (
      const t of rng.sample(
        ctx.topicsByArea.get(d.area) ?? ctx.topicsByArea.get("general") ?? [],
        rng.int(1, 2),
      )
    ) {
      insT(grantId, t);
    }
  }
}

/** Generate alerts for the demo tenants. */
export function genAlerts(ctx: Ctx): void {
  const { db, rng, today } = ctx;
  const ins = inserter(db, "alerts", [
    "alert_db_id",
    "tenant",
    "name",
    "alert_type",
    "query_json",
    "frequency",
    "is_active",
    "created_at",
    "updated_at",
    "last_triggered_at",
    "metadata_json",
  ]);
  const kinds: [string, string, Record<string, string>][] = [
    ["Lung cancer trial starts", "new_trial", { disease_id: "EFO:0003060" }],
    ["Pfizer status changes", "trial_status_change", { sponsor: "Pfizer" }],
    ["GLP-1 approvals", "new_approval", { target: "GLP1R" }],
    ["Keytruda patent expiries", "patent_expiry", { drugNames: "pembrolizumab" }],
    ["Alzheimer grants", "new_grant", { topic: "Alzheimer's disease research and treatments" }],
    ["AstraZeneca catalysts", "catalyst", { ticker: "AZN" }],
  ];
  const perTenant: Record<string, number> = { free: 2, pro: 6, pos: 4 };
  let seq = 0;
  for (const [tenant, n] of Object.entries(perTenant)) {
    for (let k = 0; k < n; k++) {
      const [name, type, query] = kinds[k % kinds.length];
      const created = today - rng.int(30, 700);
      const triggered = rng.chance(0.7) ? isoTimestamp(rng.int(created, today), rng.next()) : null;
      const meta = {
        created_by: `${tenant}-demo-user`,
        delivery: { channel: rng.pick(["email", "webhook"]) },
        internal_score: rng.int(1, 100),
        last_run_ms: rng.int(20, 900),
      };
      ins(
        `alr_${String(++seq).padStart(4, "0")}${rng.chars("abcdef0123456789", 6)}`,
        tenant,
        name,
        type,
        JSON.stringify(query),
        rng.pick(["daily", "weekly"]),
        rng.chance(0.85) ? 1 : 0,
        isoTimestamp(created, rng.next()),
        isoTimestamp(rng.int(created, today), rng.next()),
        triggered,
        JSON.stringify(meta),
      );
    }
  }
}
