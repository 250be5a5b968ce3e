/**
 * Private: resolve an analysis input (a sponsor, ticker or LEI) before reading "no rows" as
 * "nothing there", so a result can tell "did not resolve" from "resolved, nothing in the window".
 *
 * - sponsor: organization autocomplete ({@linkcode resolveOrganization}); an exact (case-insensitive) name
 *   match resolves it, and so does the service's resolution (a name of the same organization key, a short
 *   applicant name, names of one family starting with it); an ambiguous name is unresolved with the
 *   candidate companies as suggestions. Otherwise {@linkcode closestNames} ranks the autocomplete rows and
 *   those of shorter prefixes. An empty autocomplete does not prove absence (PITFALLS 29), so a sponsor that
 *   has events or expiries ahead counts as resolved whatever autocomplete says (the caller decides).
 * - LEI: the LEI-to-ticker mapping names the entity when one exists (404 = no mapping, not invalid).
 * - ticker: the spec offers no lookup; only events or expiries can prove it resolved.
 *
 * @module
 */
import { orgKey } from "../client/names.ts";
import type { Client } from "../client/mod.ts";
import { distance } from "../client/guards.ts";

/** What resolving one input found. */
export interface EntityResolution {
  /** true: an exact match; false: no match; null: this kind cannot be checked. */
  readonly resolved: boolean | null;
  /** The matching organization or entity name. */
  readonly name: string | null;
  /** Closest names, when it did not match. */
  readonly suggestions: string[];
  /** How it was checked, for warnings. */
  readonly note: string;
}

const norm = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * Whether two names are the same name: equal once trimmed, inner runs of spaces made one and case folded
 * (`" Pfizer  Inc "` = `"pfizer inc"`). The one exact-name rule of the analyses.
 */
export function sameName(a: string, b: string): boolean {
  return norm(a) === norm(b);
}

/**
 * Whether two organization names name the same organization by the one organization normaliser
 * (lib/client/names.ts `orgKey`: case, accents, punctuation and legal-form words aside):
 * "BRISTOL MYERS SQUIBB CO" = "Bristol-Myers Squibb Company" = "Bristol Myers Squibb".
 */
export function sameOrganization(a: string, b: string): boolean {
  return sameName(a, b) || orgKey(a) === orgKey(b);
}

/**
 * Resolve one input.
 *
 * @param client The client.
 * @param kind `sponsor`, `ticker`, `lei`, or anything else (not checked).
 * @param value The input as the caller gave it.
 */
export async function resolveEntity(client: Client, kind: string, value: string): Promise<EntityResolution> {
  try {
    if (kind === "sponsor") {
      const r = await resolveOrganization(client, value);
      const names = r.rows.flatMap((
        o,
      ) => (typeof o.name === "string" && o.match !== "similar" ? [o.name] : []));
      const exact = names.find((n) => sameName(n, value));
      if (exact) return { resolved: true, name: exact, suggestions: [], note: "organization autocomplete" };
      if (r.status === "resolved") {
        const name = names.find((n) => sameOrganization(n, value)) ?? r.families[0].matched[0] ??
          r.families[0].name;
        return { resolved: true, name, suggestions: [], note: `organization resolution (${r.rule})` };
      }
      if (r.status === "ambiguous") {
        return {
          resolved: false,
          name: null,
          suggestions: r.families.map((f) => f.name),
          note: `ambiguous: ${r.rule}`,
        };
      }
      return {
        resolved: false,
        name: null,
        suggestions: [...r.suggestions],
        note: "no exact organization-autocomplete match",
      };
    }
    if (kind === "lei") {
      const r = await client.financials.leiToTicker({ lei: value });
      const name = (r.body as { data?: { name?: string } } | null)?.data?.name ?? null;
      const tickers = (r.rows as { ticker?: string }[]).map((t) => t.ticker).filter(Boolean);
      return {
        resolved: null,
        name,
        suggestions: [],
        note: tickers.length ? `LEI maps to ${tickers.join(", ")}` : "the LEI has no SEC ticker mapping",
      };
    }
    return { resolved: null, name: null, suggestions: [], note: `a ${kind} cannot be looked up on its own` };
  } catch (e) {
    return { resolved: null, name: null, suggestions: [], note: `lookup failed: ${(e as Error).message}` };
  }
}

/** A name lookup: autocomplete rows as `{ name, id }`. */
export type Lookup = (query: string) => Promise<{ name: string; id?: string }[]>;

/** The slice of the client organization autocomplete needs. */
export interface OrganizationsClient {
  /** `resolve.organizations` (entity autocomplete). */
  readonly resolve: {
    organizations(p: { query: string; limit: number }): Promise<{ rows: readonly unknown[] }>;
  };
}

/** Organization autocomplete as a {@linkcode Lookup}. */
export function organizationLookup(client: OrganizationsClient): Lookup {
  return async (query) =>
    ((await client.resolve.organizations({ query, limit: 10 })).rows as { name?: string }[])
      .flatMap((o) => (o.name ? [{ name: o.name }] : []));
}

/** The slice of the client {@linkcode sponsorInApprovals} needs. */
export interface ApprovalsClient {
  readonly regulatory: {
    catalysts(p: { sponsor: string; windowDays: number; limit: number }): Promise<
      { rows: readonly unknown[]; body: unknown }
    >;
    search(
      p: { applicant: string; limit: number },
    ): Promise<{ rows: readonly unknown[]; total: number | null }>;
  };
}

/**
 * Whether the approvals know a sponsor organization autocomplete does not list (autocomplete lists only
 * organizations with a linked trial, spec 4.7; an applicant without trials is not there): first the
 * catalysts, by the same `sponsor` resolution the approval analyses use (the service's graph, corporate
 * family, ten years either way), then the approvals search's applicant filter (case-insensitive partial
 * match, spec 4.3).
 *
 * @returns A note saying which data matched the name, or undefined when neither knows it.
 */
export async function sponsorInApprovals(
  client: ApprovalsClient,
  value: string,
): Promise<string | undefined> {
  const v = value.trim();
  const c = await client.regulatory.catalysts({ sponsor: v, windowDays: 3650, limit: 1 });
  const data = (c.body as { data?: Record<string, unknown> } | null)?.data ?? {};
  if (c.rows.length > 0 || data.next_patent_expiry || data.next_exclusivity_expiry) {
    return "matched by its approvals (the catalysts know it; it sponsors no trial the service links)";
  }
  const a = await client.regulatory.search({ applicant: v, limit: 1 });
  const n = a.total ?? a.rows.length;
  if (n === 0) return undefined;
  const applicant = (a.rows[0] as { applicant_raw?: unknown } | undefined)?.applicant_raw;
  return `matched by approvals' applicant name (${n.toLocaleString("en-US")} approval${n === 1 ? "" : "s"}${
    typeof applicant === "string" ? `, e.g. ${applicant}` : ""
  }; it sponsors no trial the service links)`;
}

/** Disease autocomplete as a {@linkcode Lookup} (`id` is the EFO id). */
export function diseaseLookup(
  client: { readonly diseases: { autocomplete(p: { q: string }): Promise<{ rows: readonly unknown[] }> } },
): Lookup {
  return async (q) =>
    ((await client.diseases.autocomplete({ q })).rows as { name?: string; efo_id?: string }[])
      .flatMap((d) => (d.name ? [{ name: d.name, id: d.efo_id }] : []));
}

/**
 * The closest names to `value`: its autocomplete rows (`first`, when already fetched), then those of
 * shorter prefixes (autocomplete matches by prefix, so a typo finds nothing), ranked by edit distance;
 * at most 5, never throws (a failing lookup gives fewer names).
 */
export async function closestNames(
  lookup: Lookup,
  value: string,
  first?: readonly { name: string }[],
): Promise<string[]> {
  const v = value.trim();
  const names = new Set((first ?? await lookup(v).catch(() => [])).map((r) => r.name));
  const prefixes = [v.split(/\s+/)[0], v.slice(0, 4), v.slice(0, 3), v.slice(0, 2)];
  for (const p of [...new Set(prefixes)].filter((p) => p.length >= 2 && p !== v)) {
    if (names.size >= 5) break;
    for (const r of await lookup(p).catch(() => [])) names.add(r.name);
  }
  return [...names]
    .map((n) => ({ n, d: distance(norm(v), norm(n).slice(0, Math.max(v.length, 1) + 3)) }))
    .filter((x) => x.d <= Math.max(3, v.length / 2))
    .sort((a, b) => a.d - b.d || a.n.length - b.n.length)
    .slice(0, 5)
    .map((x) => x.n);
}

/** `; closest: a, b` for a warning, or `""` when there are none. */
export function closestHint(names: readonly string[]): string {
  return names.length ? `; closest: ${names.join(", ")}` : "";
}

/** A unit of a corporate family: an organization with its own trials and approvals. */
export interface OrganizationUnit {
  /** `organizations/<key>`. */
  readonly id: string;
  /** Its name. */
  readonly name: string;
  /** Its own linked trials (null when the service does not say). */
  readonly trialCount: number | null;
  /** Its own linked approvals (null when the service does not say). */
  readonly approvalCount: number | null;
}

/** A corporate family a name reaches or may mean. */
export interface OrganizationFamily {
  /** The family head's id (the organization itself when the service names no family). */
  readonly id: string;
  /** The family head's name. */
  readonly name: string;
  /** Trials of the whole family (null when the service does not say). */
  readonly trialCount: number | null;
  /** Approvals of the whole family (null when the service does not say). */
  readonly approvalCount: number | null;
  /** The names of the family the query matched. */
  readonly matched: readonly string[];
  /** The family's units with trials or approvals (the organization itself when the service names none). */
  readonly units: readonly OrganizationUnit[];
}

/** What a sponsor name resolves to, as the service's sponsor filters read it. */
export interface OrganizationResolution {
  /** resolved: `families` are what the name reaches; ambiguous: the candidates to ask about. */
  readonly status: "resolved" | "ambiguous" | "unresolved";
  /** The rule that decided, in words. */
  readonly rule: string;
  /** The families (most trials and approvals first). */
  readonly families: readonly OrganizationFamily[];
  /** Closest names when unresolved (did you mean). */
  readonly suggestions: readonly string[];
  /** The autocomplete rows the answer came from. */
  readonly rows: readonly Record<string, unknown>[];
  /**
   * False when the service said it (the sandbox's `resolution`, a field the spec does not name); true when
   * derived here from the spec's row fields (exact name = resolved; several names it starts = ambiguous).
   */
  readonly derived: boolean;
  /** Provenance of the autocomplete call. */
  readonly meta?: unknown;
}

const num = (v: unknown): number | null => (typeof v === "number" ? v : null);
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

/** A family from one spec-shaped row: the organization alone. */
function rowFamily(r: Record<string, unknown>): OrganizationFamily {
  const unit = {
    id: String(r.id),
    name: String(r.name),
    trialCount: num(r.trialCount),
    approvalCount: num(r.approvalCount),
  };
  return {
    id: str(r.familyId) ?? unit.id,
    name: str(r.familyName) ?? unit.name,
    trialCount: num(r.familyTrialCount) ?? unit.trialCount,
    approvalCount: num(r.familyApprovalCount) ?? unit.approvalCount,
    matched: [unit.name],
    units: [unit],
  };
}

/**
 * Resolve a sponsor name the way the service's sponsor filters will read it, with organization
 * autocomplete (one call, plus prefix look-ups for did-you-mean when nothing matched):
 *
 * - The service's `resolution` (the sandbox says it: status, rule, families with their units) is used as
 *   given.
 * - Otherwise derived from the spec's row fields: rows of the same organization name (orgKey) →
 *   resolved to them; else rows whose name the input starts at a word ("Bristol" → "Bristol-Myers
 *   Squibb"): one → resolved, several → ambiguous; else unresolved with the closest names.
 *
 * @example A short applicant name filed under two full names reaches both (sandbox of public data)
 * ```ts ignore
 * const r = await resolveOrganization(client, "ORGANON");
 * // r.status === "resolved", r.families: ORGANON AND CO (ORGANON LLC A SUB OF …) and ORGANON USA LLC
 * ```
 */
export async function resolveOrganization(client: Client, value: string): Promise<OrganizationResolution> {
  const v = value.trim();
  const res = await client.resolve.organizations({ query: v, limit: 50 });
  const rows = res.rows as Record<string, unknown>[];
  const said = (res.body as { resolution?: Record<string, unknown> } | null)?.resolution;
  const closest = async () => await closestNames(organizationLookup(client), v, rows as { name: string }[]);
  if (said && typeof said.status === "string" && Array.isArray(said.families)) {
    const families = (said.families as Record<string, unknown>[]).map((f) => ({
      id: String(f.id),
      name: String(f.name),
      trialCount: num(f.trialCount),
      approvalCount: num(f.approvalCount),
      matched: Array.isArray(f.matched) ? f.matched.map(String) : [],
      units: Array.isArray(f.units)
        ? (f.units as Record<string, unknown>[]).map((u) => ({
          id: String(u.id),
          name: String(u.name),
          trialCount: num(u.trialCount),
          approvalCount: num(u.approvalCount),
        }))
        : [],
    }));
    const status = said.status as OrganizationResolution["status"];
    const given = Array.isArray(said.suggestions) ? said.suggestions.map(String) : [];
    return {
      status,
      rule: String(said.rule ?? ""),
      families,
      suggestions: status === "unresolved" ? (given.length ? given : await closest()) : [],
      rows,
      derived: false,
      meta: res.meta,
    };
  }
  const exact = rows.filter((r) => typeof r.name === "string" && sameOrganization(r.name, v));
  if (exact.length) {
    return {
      status: "resolved",
      rule: "exact name",
      families: exact.map(rowFamily),
      suggestions: [],
      rows,
      derived: true,
      meta: res.meta,
    };
  }
  const key = orgKey(v);
  const starting = rows.filter((r) => typeof r.name === "string" && orgKey(r.name).startsWith(`${key}-`));
  if (starting.length) {
    return {
      status: starting.length === 1 ? "resolved" : "ambiguous",
      rule: starting.length === 1 ? "the one name it starts" : `${starting.length} names start with it`,
      families: starting.map(rowFamily),
      suggestions: [],
      rows,
      derived: true,
      meta: res.meta,
    };
  }
  return {
    status: "unresolved",
    rule: "no organization has this name",
    families: [],
    suggestions: await closest(),
    rows,
    derived: true,
    meta: res.meta,
  };
}
