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
