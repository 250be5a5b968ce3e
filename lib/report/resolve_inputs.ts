/**
 * Resolving the report's names before any analysis runs: every sponsor through organization
 * autocomplete, every disease, the condition and a named indication through disease autocomplete. What
 * does not resolve is collected (all of it, not only the first) into one {@linkcode UsageError} with the
 * closest names, so a typo costs seconds, not a whole run.
 *
 * Autocomplete matches by prefix, so a typo ("Pfzer", "astma") finds nothing; the closest names then
 * come from shorter prefixes of the input, ranked by edit distance.
 *
 * @module
 */
import type { Client } from "../client/mod.ts";
import { distance } from "../client/guards.ts";
import { asCurie } from "../analyses/_measures.ts";
import { type ReportInputs, type SectionId, UsageError } from "./inputs.ts";

/** What resolution changed and found. */
export interface ResolvedInputs {
  /** The inputs with names spelled as the service spells them and the indication as an EFO id. */
  readonly inputs: ReportInputs;
  /** One line per input checked (`--sponsors 'pfizer' → Pfizer`). */
  readonly notes: readonly string[];
}

type Lookup = (query: string) => Promise<{ name: string; id?: string }[]>;

/** One at a time, so problems are listed in the order given. */
async function inOrder<T>(values: readonly string[], f: (v: string) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (const v of values) out.push(await f(v));
  return out;
}

const norm = (s: string): string => s.trim().replace(/\s+/g, " ").toLowerCase();

/** The closest names to `value`: autocomplete of the value, then of shorter prefixes, by edit distance. */
async function closest(lookup: Lookup, value: string, first: { name: string }[]): Promise<string[]> {
  const names = new Set(first.map((r) => r.name));
  const v = value.trim();
  const prefixes = [v.split(/\s+/)[0], v.slice(0, 4), v.slice(0, 3), v.slice(0, 2)];
  for (const p of [...new Set(prefixes)].filter((p) => p.length >= 2 && p !== v)) {
    if (names.size >= 5) break;
    for (const r of await lookup(p)) names.add(r.name);
  }
  return [...names]
    .map((n) => ({ n, d: distance(norm(v), norm(n).slice(0, Math.max(v.length, 1) + 3)) }))
    .filter((x) => x.d <= Math.max(3, v.length / 2))
    .sort((a, b) => a.d - b.d || a.n.length - b.n.length)
    .slice(0, 5)
    .map((x) => x.n);
}

async function resolveOne(
  lookup: Lookup,
  flag: string,
  value: string,
  problems: string[],
  notes: string[],
): Promise<{ name: string; id?: string } | undefined> {
  let rows: { name: string; id?: string }[];
  try {
    rows = await lookup(value.trim());
  } catch (e) {
    // A key without the lookup (free tier) or a failing service: run as given, and say so.
    notes.push(`${flag} '${value}' not checked (${(e as Error).message.split("\n")[0]})`);
    return { name: value };
  }
  const exact = rows.find((r) => norm(r.name) === norm(value));
  if (exact) {
    notes.push(`${flag} '${value}' → ${exact.name}${exact.id ? ` (${exact.id})` : ""}`);
    return exact;
  }
  const near = await closest(lookup, value, rows);
  problems.push(
    `${flag} '${value}' did not resolve${
      near.length ? `; did you mean: ${near.map((n) => `'${n}'`).join(", ")}?` : "; no close names found"
    }`,
  );
  return undefined;
}

/**
 * Resolves every name the chosen sections use; throws one {@linkcode UsageError} listing all that do not
 * resolve, with the closest names.
 *
 * @param client The client.
 * @param inputs Parsed inputs.
 * @param sections The sections that will run.
 * @returns The inputs spelled as the service spells them, and what was checked.
 * @throws {UsageError} When a name does not resolve.
 * @example A typo fails with the closest names (sandbox)
 * ```ts
 * import assert from "node:assert/strict";
 * import { startSandbox } from "../sandbox/mod.ts";
 * import { createClient } from "../client/mod.ts";
 * import { HEADLINE_INPUTS } from "./inputs.ts";
 * import { resolveInputs } from "./resolve_inputs.ts";
 * await using sb = await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
 * const client = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
 * const inputs = { ...HEADLINE_INPUTS, sponsors: ["Merck"] };
 * await assert.rejects(resolveInputs(client, inputs, ["portfolio"]), /--sponsors 'Merck' did not resolve; did you mean: 'Merck & Co'/);
 * ```
 */
export async function resolveInputs(
  client: Client,
  inputs: ReportInputs,
  sections: readonly SectionId[],
): Promise<ResolvedInputs> {
  const uses = new Set(sections);
  const problems: string[] = [];
  const notes: string[] = [];
  const organizations: Lookup = async (query) =>
    ((await client.resolve.organizations({ query, limit: 10 })).rows as { name?: string }[])
      .flatMap((o) => (o.name ? [{ name: o.name }] : []));
  const diseases: Lookup = async (q) =>
    ((await client.diseases.autocomplete({ q })).rows as { name?: string; efo_id?: string }[])
      .flatMap((d) => (d.name ? [{ name: d.name, id: d.efo_id }] : []));

  const sponsorSections = ["portfolio", "catalysts", "patents", "sponsor"] as const;
  const sponsors = sponsorSections.some((s) => uses.has(s))
    ? await inOrder(
      inputs.sponsors,
      async (s) => (await resolveOne(organizations, "--sponsors", s, problems, notes))?.name ?? s,
    )
    : inputs.sponsors;
  const disease = async (flag: string, v: string | undefined) => {
    if (v === undefined) return undefined;
    if (asCurie(v)) return { name: v, id: asCurie(v) };
    return await resolveOne(diseases, flag, v, problems, notes);
  };
  const condition = uses.has("portfolio") || uses.has("targets")
    ? (await disease("--condition", inputs.condition))?.name ?? inputs.condition
    : inputs.condition;
  const diseaseNames = uses.has("diseases")
    ? await inOrder(inputs.diseases, async (d) => (await disease("--diseases", d))?.name ?? d)
    : inputs.diseases;
  const found = uses.has("medicare") ? await disease("--indication", inputs.indication) : undefined;
  const indication = found?.id ?? inputs.indication;
  const indicationName = inputs.indicationName ?? (found && found.name !== found.id ? found.name : undefined);
  if (problems.length) {
    throw new UsageError(
      `${problems.length} input${problems.length === 1 ? "" : "s"} did not resolve (nothing was run):\n  ` +
        problems.join("\n  ") +
        "\nAutocomplete lists only names the service knows (diseases: only those with trial data); " +
        "use a suggested spelling, or an EFO id for a disease",
    );
  }
  return {
    inputs: {
      ...inputs,
      sponsors,
      condition,
      diseases: diseaseNames,
      indication,
      indicationName,
      scanSponsor: inputs.scanSponsor && sponsors[inputs.sponsors.indexOf(inputs.scanSponsor)],
    },
    notes,
  };
}
