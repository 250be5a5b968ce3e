/**
 * Private: resolve an analysis input (a sponsor, ticker or LEI) before reading "no rows" as
 * "nothing there", so a result can tell "did not resolve" from "resolved, nothing in the window".
 *
 * - sponsor: organization autocomplete; an exact (case-insensitive) name match resolves it. Without
 *   one, {@linkcode closestNames} ranks the autocomplete rows and those of shorter prefixes. An empty autocomplete does not prove absence (PITFALLS 29), so a sponsor that
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
      const lookup = organizationLookup(client);
      const rows = await lookup(value.trim());
      const exact = rows.find((r) => sameName(r.name, value))?.name;
      if (exact) return { resolved: true, name: exact, suggestions: [], note: "organization autocomplete" };
      return {
        resolved: false,
        name: null,
        suggestions: await closestNames(lookup, value, rows),
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
