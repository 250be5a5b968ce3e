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
import { orgKey, sameCompanySuffix } from "../client/names.ts";
import type { Client } from "../client/mod.ts";
import { distance } from "../client/guards.ts";
import { statusOf } from "./_measures.ts";

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

/**
 * Names to suggest for a sponsor typo: organizations (organization autocomplete, spec 4.7) and the
 * approvals' applicant names (regulatory search `applicant`, spec 4.3), so an applicant only the approvals
 * know is a suggestion too. The one did-you-mean source of the report, the analyses and the MCP server.
 */
export function sponsorNames(client: ApplicantsClient & OrganizationsClient): Lookup {
  const orgs = organizationLookup(client);
  return async (q) => {
    const [o, a] = await Promise.all([orgs(q), applicantsOf(client, q).catch(() => undefined)]);
    return [...o, ...[...(a?.names.keys() ?? [])].map((name) => ({ name }))];
  };
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

/** One organization autocomplete row (spec part 2), with the family fields a service may add. */
export interface OrgRow {
  readonly name: string;
  readonly id?: string;
  readonly hierarchyLevel?: string;
  readonly trialCount?: number;
  readonly approvalCount?: number;
  readonly rorId?: string | null;
  readonly lei?: string | null;
  readonly familyName?: string;
  readonly familyTrialCount?: number;
  readonly familyApprovalCount?: number;
}

/** A company found by its names: the names of one family (one begins with another's, or states it as parent). */
export interface NamedCompany {
  /** Its shortest name (the parent the others state or begin with). */
  head: string;
  /** The approvals' applicant names among its names. */
  readonly filers: string[];
  /** Every name of it the data hold (autocomplete rows and applicant names), one per organization. */
  readonly names: string[];
  /** Its organization autocomplete rows. */
  readonly rows: OrgRow[];
  /** Approvals filed under its applicant names (the approvals search's count). */
  applicants: number;
}

/**
 * Groups names into companies by the names themselves: a name that begins with another's ("BRISTOL MYERS
 * SQUIBB CO PHARMACEUTICAL RESEARCH INSTITUTE") or ends with it as a stated parent ("… A WHOLLY OWNED SUB
 * OF PFIZER INC") is that company's unit; a family a service names (`familyName`) is one company.
 */
function companies(rows: readonly OrgRow[], applicants: ReadonlyMap<string, number>): NamedCompany[] {
  const items = [
    ...rows.map((r) => ({ name: r.familyName ?? r.name, unit: r.name, row: r as OrgRow | undefined, n: 0 })),
    ...[...applicants].map(([name, n]) => ({ name, unit: name, row: undefined, n })),
  ];
  // One company per connected group: two names are one company when one is the other's unit by name
  // (begins with it, or ends with it as a stated parent), through any chain of such names (the trial
  // sponsor "Merck Sharp & Dohme LLC", the applicant "MERCK SHARP AND DOHME LLC A SUB OF MERCK AND CO INC",
  // the parent "MERCK AND CO INC").
  const keys = items.map((i) => [orgKey(i.name), orgKey(i.unit)]);
  const related = (a: string, b: string) => a === b || a.startsWith(`${b}-`) || a.endsWith(`-${b}`);
  const group = items.map((_, i) => i);
  const top = (i: number): number => (group[i] === i ? i : (group[i] = top(group[i])));
  for (let i = 0; i < items.length; i++) {
    for (let j = 0; j < i; j++) {
      if (keys[i].some((a) => keys[j].some((b) => related(a, b) || related(b, a)))) group[top(i)] = top(j);
    }
  }
  const out = new Map<number, NamedCompany>();
  items.forEach((item, i) => {
    const c = out.get(top(i)) ?? { head: item.name, names: [], rows: [], applicants: 0, filers: [] };
    if (!item.row) c.filers.push(item.unit);
    if (orgKey(item.name).length < orgKey(c.head).length) c.head = item.name;
    if (!c.names.some((n) => sameOrganization(n, item.unit))) c.names.push(item.unit);
    if (item.row) c.rows.push(item.row);
    c.applicants += item.n;
    out.set(top(i), c);
  });
  return [...out.values()];
}

/** The slice of the client {@linkcode applicantsOf} needs. */
export interface ApplicantsClient {
  readonly regulatory: {
    search(
      p: { applicant: string; limit: number },
    ): Promise<{ rows: readonly unknown[]; total: number | null }>;
  };
}

/**
 * The approvals' applicant names matching a name (spec 4.3: case-insensitive partial match), with their
 * approvals; a key whose tier lacks the search (402/403) finds none.
 */
export async function applicantsOf(
  client: ApplicantsClient,
  value: string,
): Promise<{ total: number; names: Map<string, number> }> {
  try {
    const r = await client.regulatory.search({ applicant: value.trim(), limit: 100 });
    const names = new Map<string, number>();
    for (const a of r.rows as { applicant_raw?: unknown }[]) {
      if (typeof a.applicant_raw === "string") {
        names.set(a.applicant_raw, (names.get(a.applicant_raw) ?? 0) + 1);
      }
    }
    return { total: r.total ?? r.rows.length, names };
  } catch (e) {
    if (![402, 403].includes(statusOf(e) ?? 0)) throw e;
    return { total: 0, names: new Map() };
  }
}

/** What the names alone say a sponsor name reaches (see {@linkcode companiesByName}). */
export interface NameEvidence {
  /** The autocomplete row of the same name (same organization key), when there is one. */
  readonly exact?: OrgRow;
  /** The approvals' applicant name of the same organization key, when there is one. */
  readonly exactApplicant?: string;
  /**
   * The companies it reaches: with an exact name, the one holding it; else those with a name starting
   * with it (two or more, with no exact name: the name is ambiguous).
   */
  readonly companies: readonly NamedCompany[];
  /**
   * Each of `companies` as a family of units with organization ids (the sponsor filters' `sponsor_id`), in
   * the same order: what the report's Sponsors table counts and the analyses read.
   */
  readonly families: readonly OrganizationFamily[];
}

/**
 * A sponsor name's companies on the spec's terms alone (no service-said family): organization autocomplete
 * rows (spec 4.7) and the approvals' applicant names (regulatory search `applicant`, spec 4.3; also asked
 * with the name's words, as the filter matches text as written: "Bristol-Myers Squibb" misses BRISTOL
 * MYERS SQUIBB CO), grouped by their names (a unit begins with its company's name or states it as its
 * parent). Beside an exact name, a name beginning with it is its unit only when two or more words follow
 * or only the same company's words (`sameCompanySuffix`: "PHARMACEUTICALS INC"); one other word may be
 * another company's legal form (MERCK KGAA beside a MERCK). The one rule of the report's
 * Sponsors table and of {@linkcode resolveOrganization}'s derived resolution, so both count the same units.
 *
 * @param client The client (approvals search).
 * @param value The name as given.
 * @param rows Its organization autocomplete rows.
 */
export async function companiesByName(
  client: ApplicantsClient & OrganizationsClient,
  value: string,
  rows: readonly OrgRow[],
): Promise<NameEvidence> {
  const v = value.trim();
  const exact = rows.find((r) => sameName(r.name, v)) ?? rows.find((r) => sameOrganization(r.name, v));
  const words = orgKey(v).replace(/-/g, " ");
  const apps = await applicantsOf(client, v);
  if (words && norm(words) !== norm(v)) {
    const more = await applicantsOf(client, words);
    for (const [n, k] of more.names) if (!apps.names.has(n)) apps.names.set(n, k);
  }
  const exactApplicant = [...apps.names.keys()].find((n) => sameOrganization(n, v));
  const starts = (n: string) => orgKey(n) === orgKey(v) || orgKey(n).startsWith(`${orgKey(v)}-`);
  // Beside an exact name, a name that begins with it is its unit when two or more words follow, or only
  // the same company's words (sameCompanySuffix: BOEHRINGER INGELHEIM PHARMACEUTICALS INC beside
  // Boehringer Ingelheim); one other word may be another company's legal form (MERCK KGAA beside a MERCK).
  const unitOf = (n: string) => {
    const rest = orgKey(n).slice(orgKey(v).length + 1).split("-");
    return rest.length >= 2 || sameCompanySuffix(rest);
  };
  const candidates = exact
    ? companies(
      [exact],
      new Map([...apps.names].filter(([n]) => !starts(n) || sameOrganization(n, v) || unitOf(n))),
    )
    : companies(rows.filter((r) => starts(r.familyName ?? r.name)), apps.names);
  const mine = exact || exactApplicant
    ? candidates.filter((c) => c.names.some((n) => sameOrganization(n, exact?.name ?? v)))
    : candidates.filter((c) => c.names.some(starts));
  const families = await Promise.all(mine.map((c) => namedFamily(client, c, rows, v)));
  return {
    ...(exact ? { exact } : {}),
    ...(exactApplicant ? { exactApplicant } : {}),
    companies: mine,
    families,
  };
}

/**
 * A company found by its names as a family of units with organization ids (the sponsor filters' `sponsor_id`):
 * every organization of one of its names (from `rows`, else looked up by that name). Its `approvalCount` is
 * the units' own approvals summed — what the analyses reach by id —, the approvals filed under its applicant
 * names only when no unit has an id.
 */
async function namedFamily(
  client: OrganizationsClient,
  c: NamedCompany,
  rows: readonly OrgRow[],
  value: string,
): Promise<OrganizationFamily> {
  // Every organization of one of its names (a store may hold several of one name: "AstraZeneca AB" and
  // "ASTRAZENECA AB"); a name no row at hand carries is looked up by itself.
  const named = (r: OrgRow, n: string) => typeof r.id === "string" && sameOrganization(r.name, n);
  const here = [...c.rows, ...rows];
  const wanted = [...new Set([...c.names, ...c.filers])];
  const more = await Promise.all(
    wanted.filter((n) => !here.some((r) => named(r, n))).map(async (n) =>
      ((await client.resolve.organizations({ query: n, limit: 10 }).catch(() => ({ rows: [] })))
        .rows as OrgRow[])
        .filter((r) => named(r, n))
    ),
  );
  const seen = new Set<string>();
  const units: OrganizationUnit[] = [];
  for (const r of [...here, ...more.flat()]) {
    if (!r.id || seen.has(r.id) || !wanted.some((n) => named(r, n))) continue;
    seen.add(r.id);
    units.push({
      id: r.id,
      name: r.name,
      trialCount: num(r.trialCount),
      approvalCount: num(r.approvalCount),
    });
  }
  const head = units.find((u) => sameOrganization(u.name, c.head));
  const own = units.reduce((a, u) => a + (u.approvalCount ?? 0), 0);
  const key = orgKey(value);
  const matched = c.names.filter((n) => sameOrganization(n, value) || orgKey(n).includes(key));
  return {
    id: head?.id ?? units[0]?.id ?? `organizations/${orgKey(c.head)}`,
    name: c.head,
    trialCount: units.some((u) => u.trialCount !== null)
      ? units.reduce((a, u) => a + (u.trialCount ?? 0), 0)
      : null,
    approvalCount: units.length ? own : c.applicants,
    matched: matched.length ? matched : [c.head],
    units,
  };
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
   * derived here on the spec's terms ({@linkcode companiesByName}: autocomplete rows and the approvals'
   * applicant names grouped by their names; the report's Sponsors table reads the same).
   */
  readonly derived: boolean;
  /** Provenance of the autocomplete call. */
  readonly meta?: unknown;
}

const num = (v: unknown): number | null => (typeof v === "number" ? v : null);

/**
 * Resolve a sponsor name the way the service's sponsor filters will read it, with organization
 * autocomplete (one call, plus prefix look-ups for did-you-mean when nothing matched):
 *
 * - The service's `resolution` (the sandbox says it: status, rule, families with their units) is used as
 *   given.
 * - Otherwise derived on the spec's terms by {@linkcode companiesByName} (the report's Sponsors table
 *   reads the same): the autocomplete rows and the approvals' applicant names grouped into companies by
 *   their names; an exact name (or applicant name) → resolved to its company, with every unit the names
 *   show ("Pfizer" → PFIZER INC, PARKE-DAVIS DIVISION OF PFIZER INC, … A WHOLLY OWNED SUB OF PFIZER INC);
 *   else the companies with a name starting with it: one → resolved, several → ambiguous; else
 *   unresolved with the closest names.
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
  const closest = async () => await closestNames(sponsorNames(client), v, rows as { name: string }[]);
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
  // On the spec's terms alone: the names (rows and the approvals' applicant names) decide, by the report's
  // one rule (companiesByName), so the sponsor scan and the landscape reach the units the report counts.
  const named = rows.filter((r): r is Record<string, unknown> & OrgRow => typeof r.name === "string");
  const ev = await companiesByName(client, v, named);
  if (ev.companies.length) {
    const ambiguous = ev.companies.length > 1 && !ev.exact && !ev.exactApplicant;
    const families = ambiguous ? [...ev.families] : ev.families.slice(0, 1);
    const size = (f: OrganizationFamily) => (f.trialCount ?? 0) + (f.approvalCount ?? 0);
    if (ambiguous) families.sort((a, b) => size(b) - size(a));
    return {
      status: ambiguous ? "ambiguous" : "resolved",
      rule: ev.exact
        ? "exact name"
        : ev.exactApplicant
        ? "an approvals' applicant name"
        : ambiguous
        ? `names of ${families.length} companies start with it`
        : "the one company whose names start with it",
      families,
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
