/**
 * Resolving the report's names before any analysis runs: every sponsor through organization
 * autocomplete (and, for the sections that read approvals, through the approvals: see
 * `sponsorInApprovals` in lib/analyses/_resolve_entity.ts), every disease, the condition and a named indication through disease autocomplete. What
 * does not resolve is collected (all of it, not only the first) into one {@linkcode UsageError} with the
 * closest names, so a typo costs seconds, not a whole run.
 *
 * Autocomplete matches by prefix, so a typo ("Pfzer", "astma") finds nothing; the closest names then
 * come from shorter prefixes of the input, ranked by edit distance.
 *
 * @module
 */
import type { Client } from "../client/mod.ts";
import {
  closestNames,
  diseaseLookup,
  type Lookup,
  organizationLookup,
  sameOrganization,
  sponsorInApprovals,
} from "../analyses/_resolve_entity.ts";
import { orgKey } from "../client/names.ts";
import { asCurie, statusOf } from "../analyses/_measures.ts";
import { type NameInput, REPORT_SECTIONS, type ReportInputs, type SectionId, UsageError } from "./inputs.ts";

/** What resolution changed and found. */
export interface ResolvedInputs {
  /** The inputs with names spelled as the service spells them and the indication as an EFO id. */
  readonly inputs: ReportInputs;
  /** One line per input checked (`--sponsors 'pfizer' → Pfizer`). */
  readonly notes: readonly string[];
  /** With `dropUnresolved`: one line per name left out because it did not resolve (else always empty). */
  readonly dropped: readonly string[];
}

/** Options of {@linkcode resolveInputs}. */
export interface ResolveOptions {
  /**
   * Leave out the names that do not resolve (listed in `dropped`) instead of throwing: the demo's own
   * questions on a service or a store of public data that lacks some of them. A user's own names are never
   * dropped: a typo must fail. @default {false}
   */
  readonly dropUnresolved?: boolean;
}

const norm = (s: string): string => s.trim().replace(/\s+/g, " ").toLowerCase();

/** What checking one name found: the service's spelling (and id), a note, or a problem. */
interface Check {
  readonly found?: { readonly name: string; readonly id?: string };
  readonly note?: string;
  readonly problem?: string;
}

/** How a name is compared with a lookup's rows: the same name, and (organizations) the one it starts. */
interface Matcher {
  readonly same: (a: string, b: string) => boolean;
  /** Whether `name` is a word-prefix of `row` (organizations: "Boehringer" of "Boehringer Ingelheim"). */
  readonly starts?: (row: string, name: string) => boolean;
}

const SAME_NAME: Matcher = { same: (a, b) => norm(a) === norm(b) };
const ORGANIZATION: Matcher = {
  same: sameOrganization,
  starts: (row, name) => orgKey(row).startsWith(`${orgKey(name)}-`),
};

async function resolveOne(
  lookup: Lookup,
  flag: string,
  value: string,
  match: Matcher = SAME_NAME,
): Promise<Check & { rows?: number }> {
  let rows: { name: string; id?: string }[];
  try {
    rows = await lookup(value.trim());
  } catch (e) {
    // A key whose tier lacks the lookup (402/403): run as given, and say so. Anything else (no network,
    // a bad key, a failing service) would fail every analysis too: stop here.
    if (![402, 403].includes(statusOf(e) ?? 0)) throw e;
    return {
      found: { name: value },
      note: `${flag} '${value}' not checked (${(e as Error).message.split("\n")[0]})`,
    };
  }
  const exact = rows.find((r) => norm(r.name) === norm(value)) ?? rows.find((r) => match.same(r.name, value));
  if (exact) {
    return { found: exact, note: `${flag} '${value}' → ${exact.name}${exact.id ? ` (${exact.id})` : ""}` };
  }
  // A short form that starts exactly one organization's name is that organization; two or more
  // ("Merck": Merck & Co, Merck KGaA) are a question for the user.
  const starting = match.starts ? rows.filter((r) => match.starts!(r.name, value)) : [];
  if (starting.length === 1) {
    const [one] = starting;
    return { found: one, note: `${flag} '${value}' → ${one.name} (the one name it starts)` };
  }
  const near = await closestNames(lookup, value, rows);
  return {
    problem: `${flag} '${value}' did not resolve${
      near.length ? `; did you mean: ${near.map((n) => `'${n}'`).join(", ")}?` : "; no close names found"
    }`,
    rows: rows.length,
  };
}

/** Sections that read approvals (catalysts, loss of exclusivity): a sponsor the approvals carry is enough. */
const APPROVAL_SECTIONS: ReadonlySet<SectionId> = new Set<SectionId>(["catalysts", "exclusivity"]);

async function approvalsCheck(client: Client, value: string, failed: Check): Promise<Check> {
  try {
    const how = await sponsorInApprovals(client, value);
    if (how) return { found: { name: value.trim() }, note: `--sponsors '${value.trim()}' → ${how}` };
  } catch (e) {
    if (![402, 403].includes(statusOf(e) ?? 0)) throw e;
  }
  return failed;
}

/**
 * Resolves every name the chosen sections use; throws one {@linkcode UsageError} listing all that do not
 * resolve, with the closest names.
 *
 * @param client The client.
 * @param inputs Parsed inputs.
 * @param sections The sections that will run.
 * @param options `dropUnresolved` for the demo's questions.
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
  options: ResolveOptions = {},
): Promise<ResolvedInputs> {
  const uses = new Set<NameInput>(sections.flatMap((id) => REPORT_SECTIONS[id].names));
  const organizations = organizationLookup(client);
  const diseases = diseaseLookup(client);
  const disease = (flag: string, v: string): Promise<Check> | Check =>
    asCurie(v) ? { found: { name: v, id: asCurie(v) } } : resolveOne(diseases, flag, v);
  const one = (name: NameInput, v: string | undefined): Promise<Check | undefined> | undefined =>
    uses.has(name) && v !== undefined ? Promise.resolve(disease(`--${name}`, v)) : undefined;
  // Every name at once (each lookup is a short request); notes and problems in the order given.
  const approvals = sections.some((id) => APPROVAL_SECTIONS.has(id));
  const sponsor = async (v: string): Promise<Check> => {
    const c = await resolveOne(organizations, "--sponsors", v, ORGANIZATION);
    // Only a name no trial sponsor is called by is looked for in the approvals: one autocomplete has
    // suggestions for is ambiguous or a typo, and the suggestions are the answer.
    return c.problem && c.rows === 0 && approvals ? approvalsCheck(client, v, c) : c;
  };
  const [sponsorChecks, conditionCheck, diseaseChecks, indicationCheck] = await Promise.all([
    Promise.all(uses.has("sponsors") ? inputs.sponsors.map(sponsor) : []),
    one("condition", inputs.condition),
    Promise.all(uses.has("diseases") ? inputs.diseases.map((v) => disease("--diseases", v)) : []),
    one("indication", inputs.indication),
  ]);
  const checks = [...sponsorChecks, conditionCheck, ...diseaseChecks, indicationCheck];
  const notes = checks.flatMap((c) => (c?.note ? [c.note] : []));
  const problems = checks.flatMap((c) => (c?.problem ? [c.problem] : []));
  // A name is kept as the service spells it; with dropUnresolved, one that did not resolve is left out.
  const drop = options.dropUnresolved === true;
  const kept = (c: Check | undefined) => !(drop && c?.problem);
  const sponsorIdx = inputs.sponsors.map((_, i) => i).filter((i) => kept(sponsorChecks[i]));
  const sponsors = sponsorIdx.map((i) => sponsorChecks[i]?.found?.name ?? inputs.sponsors[i]);
  const condition = kept(conditionCheck) ? conditionCheck?.found?.name ?? inputs.condition : undefined;
  const diseaseNames = inputs.diseases.flatMap((v, i) =>
    kept(diseaseChecks[i]) ? [diseaseChecks[i]?.found?.name ?? v] : []
  );
  const found = indicationCheck?.found;
  const indication = kept(indicationCheck) ? found?.id ?? inputs.indication : undefined;
  const indicationName = indication === undefined
    ? undefined
    : inputs.indicationName ?? (found && found.name !== found.id ? found.name : undefined);
  const scanAt = inputs.scanSponsor === undefined
    ? -1
    : sponsorIdx.indexOf(inputs.sponsors.indexOf(inputs.scanSponsor));
  if (problems.length && !drop) {
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
      scanSponsor: scanAt < 0 ? undefined : sponsors[scanAt],
    },
    notes,
    dropped: drop ? problems : [],
  };
}
