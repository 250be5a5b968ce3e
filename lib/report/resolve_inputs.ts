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
  companiesByName,
  diseaseLookup,
  type Lookup,
  type OrgRow,
  sameOrganization,
  sponsorInApprovals,
  sponsorNames,
} from "../analyses/_resolve_entity.ts";
import { baseName, drugKeys } from "../client/names.ts";
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
  /** Each kept sponsor's one resolution, in the order of `inputs.sponsors`: every section uses it. */
  readonly sponsors: readonly SponsorResolution[];
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

async function resolveOne(lookup: Lookup, flag: string, value: string): Promise<Check> {
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
  const exact = rows.find((r) => norm(r.name) === norm(value));
  if (exact) {
    return { found: exact, note: `${flag} '${value}' → ${exact.name}${exact.id ? ` (${exact.id})` : ""}` };
  }
  const near = await closestNames(lookup, value, rows);
  return {
    problem: `${flag} '${value}' did not resolve${
      near.length ? `; did you mean: ${near.map((n) => `'${n}'`).join(", ")}?` : "; no close names found"
    }`,
  };
}

/** Sections that read approvals (catalysts, loss of exclusivity): a sponsor the approvals carry is enough. */
const APPROVAL_SECTIONS: ReadonlySet<SectionId> = new Set<SectionId>([
  "catalysts",
  "exclusivity",
  "regulatory",
]);

/** What a sponsor resolved to, how, and what the data hold of it: decided once, used by every section. */
export interface SponsorResolution {
  /** The name as given. */
  readonly input: string;
  /** The name every analysis is asked with (the service's spelling, or the name as given). */
  readonly name: string;
  /** The company it resolved to, when that is another name than `name` (a unit's name asked: its family). */
  readonly company?: string;
  /** What matched it: a trial sponsor, an approval's applicant, a family's units, a registry entity. */
  readonly how: readonly ("trials" | "approvals" | "family" | "registry")[];
  /** The organization id (`organizations/<key>`) when the data gave one. */
  readonly id?: string;
  /** Trials the resolution saw (organization autocomplete's count), when it says. */
  readonly trials?: number;
  /** Approvals the resolution saw, when it says. */
  readonly approvals?: number;
  /** Other names of the company the data hold (units, applicant names). */
  readonly units: readonly string[];
  /** How it resolved, in one sentence. */
  readonly note: string;
}

const count = (n: number, noun: string) => `${n.toLocaleString("en-US")} ${noun}${n === 1 ? "" : "s"}`;

/**
 * One sponsor, resolved once: organization autocomplete (trial sponsors; spec 4.7) and, where it has no
 * exact name, the approvals' applicants (spec 4.3). An exact name resolves; names that begin with it and
 * belong to one company resolve to that company (its units said); to several unrelated companies ("Merck":
 * Merck & Co's units and MERCK KGAA) they are a question; nothing is a typo with the closest names.
 */
async function resolveSponsor(
  client: Client,
  value: string,
  approvals: boolean,
): Promise<Check & { resolution?: SponsorResolution }> {
  const v = value.trim();
  let rows: OrgRow[];
  let said: ServiceResolution | undefined;
  try {
    const r = await client.resolve.organizations({ query: v, limit: 50 });
    rows = (r.rows as OrgRow[]).filter((o) => typeof o.name === "string");
    const body = r.body as
      | { resolution?: ServiceResolution; data?: { resolution?: ServiceResolution } }
      | null;
    said = body?.resolution ?? body?.data?.resolution;
  } catch (e) {
    if (![402, 403].includes(statusOf(e) ?? 0)) throw e;
    return {
      found: { name: v },
      note: `--sponsors '${v}' not checked (${(e as Error).message.split("\n")[0]})`,
      resolution: {
        input: v,
        name: v,
        how: [],
        units: [],
        note: "not checked (the key's tier has no lookup)",
      },
    };
  }
  if (said && Array.isArray(said.families)) return fromService(client, v, said, rows);
  // The names decide (organization autocomplete rows and the approvals' applicant names): the one rule
  // the analyses' resolveOrganization derives with too, so the sections count the same units.
  const { exact, exactApplicant, companies: mine, families } = await companiesByName(client, v, rows);
  if (mine.length > 1 && !exact && !exactApplicant) {
    const said = mine.map((c) => {
      const t = c.rows.reduce((a, r) => a + (r.familyTrialCount ?? r.trialCount ?? 0), 0);
      const counts = [t ? count(t, "trial") : "", c.applicants ? count(c.applicants, "approval") : ""]
        .filter(Boolean).join(", ");
      return `'${c.head}'${counts ? ` (${counts})` : ""}`;
    });
    return {
      problem: `--sponsors '${v}' fits ${mine.length} companies: ${said.join(", ")}; name the one you mean`,
    };
  }
  const company = mine[0];
  if (!company) {
    // No organization and no applicant: the catalysts may still know it (the service's graph).
    if (approvals) {
      const how = await sponsorInApprovals(client, v).catch((e) => {
        if (![402, 403].includes(statusOf(e) ?? 0)) throw e;
        return undefined;
      });
      if (how) {
        const note = `--sponsors '${v}' → ${how}`;
        return {
          found: { name: v },
          note,
          resolution: { input: v, name: v, how: ["approvals"], units: [], note: how },
        };
      }
    }
    const near = await closestNames(sponsorNames(client), v, rows);
    return {
      problem: `--sponsors '${v}' did not resolve${
        near.length ? `; did you mean: ${near.map((n) => `'${n}'`).join(", ")}?` : "; no close names found"
      }`,
    };
  }
  // The name every analysis is asked with: the service's spelling of the one it matched, else as given.
  const row = exact ?? company.rows.find((r) => sameOrganization(r.name, company.head)) ??
    (company.rows.length === 1 && !exactApplicant ? company.rows[0] : undefined);
  const name = exact?.name ?? (exactApplicant ? v : row?.name ?? company.head);
  // Counted as the analyses count it (the same family's units: resolveOrganization derives the same).
  const family = families[0];
  const trials = family.trialCount ??
    company.rows.reduce((a, r) => a + (r.familyTrialCount ?? r.trialCount ?? 0), 0);
  const filed = family.approvalCount ?? company.applicants;
  const units = company.names.filter((n) => !sameOrganization(n, name));
  const how = [
    ...(trials > 0 ? ["trials" as const] : []),
    ...(filed > 0 ? ["approvals" as const] : []),
    ...(units.length ? ["family" as const] : []),
    ...(company.rows.some((r) => r.rorId || r.lei) ? ["registry" as const] : []),
  ];
  const applicantNames = company.filers;
  const note = [
    trials ? `${count(trials, "trial")} as a trial sponsor` : "",
    filed ? `${count(filed, "approval")} under ${count(applicantNames.length || 1, "applicant name")}` : "",
    units.length ? `${count(units.length, "other name")} of its family reached` : "",
    company.rows.some((r) => r.rorId || r.lei) ? "a registry entity (ROR/GLEIF)" : "",
  ].filter(Boolean).join("; ");
  const line = `--sponsors '${v}' → ${name}${
    exact || exactApplicant ? "" : " (the one company whose name it starts)"
  }${note ? `: ${note}` : ""}`;
  return {
    found: { name, ...(row?.id ? { id: row.id } : {}) },
    note: line,
    resolution: {
      input: v,
      name,
      how,
      ...(row?.id ? { id: row.id } : {}),
      ...(trials ? { trials } : {}),
      ...(filed ? { approvals: filed } : {}),
      units,
      note: note || "matched by name",
    },
  };
}

/**
 * What a service that says how its sponsor filters resolve a name (a sandbox-chosen `resolution` beside the
 * autocomplete rows: the families its filters reach) decided: the report says the same, and asks with the
 * name as given so that every filter resolves it that way.
 */
interface ServiceResolution {
  readonly status: "resolved" | "ambiguous" | "unresolved";
  readonly rule?: string;
  readonly families: readonly {
    readonly id?: string;
    readonly name: string;
    readonly trialCount?: number;
    readonly approvalCount?: number;
    readonly matched?: readonly string[];
    readonly units?: readonly { readonly name: string }[];
  }[];
  readonly suggestions?: readonly string[];
}

async function fromService(
  client: Client,
  v: string,
  said: ServiceResolution,
  rows: readonly OrgRow[],
): Promise<Check & { resolution?: SponsorResolution }> {
  const fams = said.families;
  const counted = (f: ServiceResolution["families"][number]) =>
    [
      f.trialCount ? count(f.trialCount, "trial") : "",
      f.approvalCount ? count(f.approvalCount, "approval") : "",
    ].filter(Boolean).join(", ");
  if (said.status === "ambiguous") {
    const list = fams.map((f) => `'${f.name}'${counted(f) ? ` (${counted(f)})` : ""}`);
    return {
      problem: `--sponsors '${v}' fits ${fams.length} companies: ${list.join(", ")}; name the one you mean`,
    };
  }
  if (said.status !== "resolved" || !fams.length) {
    const near = said.suggestions?.length
      ? [...said.suggestions]
      : await closestNames(sponsorNames(client), v, rows);
    return {
      problem: `--sponsors '${v}' did not resolve${
        near.length
          ? `; did you mean: ${near.slice(0, 5).map((n) => `'${n}'`).join(", ")}?`
          : "; no close names found"
      }`,
    };
  }
  const trials = fams.reduce((a, f) => a + (f.trialCount ?? 0), 0);
  const approvals = fams.reduce((a, f) => a + (f.approvalCount ?? 0), 0);
  // Asked as given (the service's filters resolve it as it says), or in the service's spelling of that
  // same name ("pfizer" → "Pfizer"); the company it resolved to is said beside it.
  const company = fams.length === 1 ? fams[0].name : undefined;
  const name = company && sameOrganization(company, v) ? company : v;
  const units = [...new Set(fams.flatMap((f) => [f.name, ...(f.units ?? []).map((u) => u.name)]))]
    .filter((n) => !sameOrganization(n, name) && !sameOrganization(n, v));
  const ids = new Set(fams.map((f) => f.id));
  const registry = rows.some((r) => (ids.has(r.id) || sameOrganization(r.name, name)) && (r.rorId || r.lei));
  const how = [
    ...(trials > 0 ? ["trials" as const] : []),
    ...(approvals > 0 ? ["approvals" as const] : []),
    ...(units.length ? ["family" as const] : []),
    ...(registry ? ["registry" as const] : []),
  ];
  const note = [
    trials ? `${count(trials, "trial")}` : "",
    approvals ? `${count(approvals, "approval")}` : "",
    units.length ? `${count(units.length, "other name")} of its family reached` : "",
  ].filter(Boolean).join("; ") + (said.rule ? ` (${said.rule})` : "");
  return {
    found: { name },
    note: `--sponsors '${v}' → ${company ?? name}${note ? `: ${note}` : ""}`,
    resolution: {
      input: v,
      name,
      ...(company ? { company } : {}),
      how,
      ...(fams.length === 1 && fams[0].id ? { id: fams[0].id } : {}),
      ...(trials ? { trials } : {}),
      ...(approvals ? { approvals } : {}),
      units,
      note: note || "matched by name",
    },
  };
}

/** Drug names the approvals carry (spec 4.3: trade name and ingredient, case-insensitive partial match). */
function drugLookup(client: Client): Lookup {
  return async (q) => {
    const [t, g] = await Promise.all([
      client.regulatory.search({ trade_name: q, limit: 100 }),
      client.regulatory.search({ ingredient: q, limit: 100 }),
    ]);
    // The rows name their drugs (`drugs[].name`, and an `ingredient` where a service sends it).
    const names = new Set<string>();
    type Row = { trade_name?: unknown; ingredient?: unknown; drugs?: { name?: unknown }[] };
    for (const a of t.rows as Row[]) if (typeof a.trade_name === "string") names.add(a.trade_name);
    for (const a of g.rows as Row[]) {
      const own = [a.ingredient, ...(a.drugs ?? []).map((d) => d.name)].filter((x) => typeof x === "string");
      for (const x of own) names.add(x as string);
    }
    return [...names].map((name) => ({ name }));
  };
}

/**
 * A drug by trade or generic name (`--drugs`): known when an approval carries it as its trade name or as
 * an ingredient (salt and ester words aside: "apixaban" is APIXABAN, "sitagliptin" SITAGLIPTIN PHOSPHATE);
 * else the closest trade and ingredient names. Asked with the name as given (the catalysts resolve names
 * and aliases themselves).
 */
async function resolveDrug(client: Client, value: string): Promise<Check> {
  const v = value.trim();
  const lookup = drugLookup(client);
  let rows: { name: string }[];
  try {
    rows = await lookup(v);
  } catch (e) {
    if (![402, 403].includes(statusOf(e) ?? 0)) throw e;
    return {
      found: { name: v },
      note: `--drugs '${v}' not checked (${(e as Error).message.split("\n")[0]})`,
    };
  }
  const hit = rows.find((r) => norm(r.name) === norm(v)) ??
    rows.find((r) => drugKeys(r.name).includes(baseName(v)));
  if (hit) return { found: { name: v }, note: `--drugs '${v}' → ${hit.name}` };
  // Rows that name no ingredient (the spec does not name that field): the catalysts, which the sections
  // ask, know a drug by its name or alias (spec 4.3: exact match) when an event carries it.
  const known = await client.regulatory.catalysts({ drugNames: v, windowDays: 3650, limit: 5 }).then(
    (r) =>
      (r.rows as { drug_name?: unknown; trade_name?: unknown }[]).find((e) =>
        [e.drug_name, e.trade_name].some((x) => typeof x === "string" && baseName(x) === baseName(v))
      ),
    () => undefined,
  );
  if (known) return { found: { name: v }, note: `--drugs '${v}' → ${String(known.drug_name ?? v)}` };
  const near = await closestNames(lookup, v, rows);
  return {
    problem: `--drugs '${v}' did not resolve (no approval has it as trade name or ingredient)${
      near.length ? `; did you mean: ${near.map((n) => `'${n}'`).join(", ")}?` : "; no close names found"
    }`,
  };
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
 * const inputs = { ...HEADLINE_INPUTS, sponsors: ["Pfzer"] };
 * await assert.rejects(resolveInputs(client, inputs, ["portfolio"]), /--sponsors 'Pfzer' did not resolve; did you mean: 'Pfizer'/);
 * ```
 */
export async function resolveInputs(
  client: Client,
  inputs: ReportInputs,
  sections: readonly SectionId[],
  options: ResolveOptions = {},
): Promise<ResolvedInputs> {
  const uses = new Set<NameInput>(sections.flatMap((id) => REPORT_SECTIONS[id].names));
  const diseases = diseaseLookup(client);
  const disease = (flag: string, v: string): Promise<Check> | Check =>
    asCurie(v) ? { found: { name: v, id: asCurie(v) } } : resolveOne(diseases, flag, v);
  const one = (name: NameInput, v: string | undefined): Promise<Check | undefined> | undefined =>
    uses.has(name) && v !== undefined ? Promise.resolve(disease(`--${name}`, v)) : undefined;
  // Every name at once (each lookup is a short request); notes and problems in the order given.
  const approvals = sections.some((id) => APPROVAL_SECTIONS.has(id));
  const sponsor = (v: string) => resolveSponsor(client, v, approvals);
  const drugList = uses.has("drugs") ? inputs.drugs ?? [] : [];
  const [sponsorChecks, conditionCheck, diseaseChecks, indicationCheck, drugChecks] = await Promise.all([
    Promise.all(uses.has("sponsors") ? inputs.sponsors.map(sponsor) : []),
    one("condition", inputs.condition),
    Promise.all(uses.has("diseases") ? inputs.diseases.map((v) => disease("--diseases", v)) : []),
    one("indication", inputs.indication),
    Promise.all(drugList.map((v) => resolveDrug(client, v))),
  ]);
  const checks = [...sponsorChecks, conditionCheck, ...diseaseChecks, indicationCheck, ...drugChecks];
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
      ...(inputs.drugs ? { drugs: inputs.drugs.filter((_, i) => kept(drugChecks[i])) } : {}),
      indication,
      indicationName,
      scanSponsor: scanAt < 0 ? undefined : sponsors[scanAt],
    },
    notes,
    dropped: drop ? problems : [],
    sponsors: sponsorIdx.flatMap((i) => {
      const r = (sponsorChecks[i] as { resolution?: SponsorResolution } | undefined)?.resolution;
      return r ? [r] : [];
    }),
  };
}
