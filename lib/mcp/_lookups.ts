/**
 * Private: the name-resolution and query tools' work. Names resolve as the analyses and the report
 * resolve them: a sponsor by the one sponsor rule (`resolveOrganization`: the service's resolution where it
 * says one, else `companiesByName` on the spec's terms), a disease by autocomplete (exact name after
 * trimming and case folding; the closest names when there is none); a drug resolves when the service's
 * drug-to-targets lookup knows it.
 * Queries run Polars SQL over the session's frames, one read-only statement at a time.
 *
 * @module
 */
import pl from "nodejs-polars";
// @ts-types="@modelcontextprotocol/sdk/types"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Client } from "../client/mod.ts";
import { badInput, UnresolvedEntityError } from "../client/errors.ts";
import { asCurie } from "../analyses/_measures.ts";
import {
  closestNames,
  diseaseLookup,
  resolveOrganization,
  sameName,
  sameOrganization,
  sponsorInApprovals,
} from "../analyses/_resolve_entity.ts";
import { toolError } from "./_errors.ts";
import type { Session } from "./_session.ts";

/** What a name resolved to. */
export interface Resolved {
  readonly kind: "sponsor" | "disease" | "drug";
  readonly input: string;
  /** The service's spelling. */
  readonly name: string;
  /** The disease's EFO id, or the drug's molecule id, when known. */
  readonly id?: string;
  /** How it matched (a sponsor: the rule and its families; one only the approvals know: which data). */
  readonly note?: string;
  /** A sponsor: the organizations its families' filters reach that have trials or approvals. */
  readonly units?: readonly string[];
  /** A sponsor: its families' trials, when the service says them. */
  readonly trials?: number;
  /** A sponsor: its families' approvals (the units' own, as the analyses count them), when said. */
  readonly approvals?: number;
}

/** Resolve a name, or a typed `unresolved` error with the closest names. */
export async function resolveName(
  client: Client,
  kind: "sponsor" | "disease" | "drug",
  input: string,
): Promise<Resolved | CallToolResult> {
  const value = input.trim();
  const unresolved = (suggestions: string[], why: string) =>
    toolError("unresolved", `${kind} '${value.slice(0, 60)}' did not resolve: ${why}`, {
      parameter: "name",
      suggestions,
    });
  if (kind === "drug") {
    try {
      const r = await client.biology.drugToTargets({ drug: value });
      const data = (r.body as { data?: Record<string, unknown> } | null)?.data ?? {};
      const name = typeof data.drug_name === "string" ? data.drug_name : value;
      const id = typeof data.chembl_id === "string" ? data.chembl_id : undefined;
      return { kind, input, name, ...(id ? { id } : {}) };
    } catch (e) {
      if (e instanceof UnresolvedEntityError) {
        return unresolved([], "the service knows no drug by this generic or brand name");
      }
      throw e;
    }
  }
  if (kind === "disease" && asCurie(value)) return { kind, input, name: value, id: asCurie(value) };
  if (kind === "sponsor") return await sponsorName(client, input, unresolved);
  const lookup = diseaseLookup(client);
  const rows = await lookup(value);
  const exact = rows.find((r) => sameName(r.name, value));
  if (exact) return { kind, input, name: exact.name, ...(exact.id ? { id: exact.id } : {}) };
  const near = await closestNames(lookup, value, rows);
  return unresolved(near, near.length ? `closest: ${near.join(", ")}` : "no close names found");
}

/**
 * A sponsor as the report and the analyses resolve it: {@linkcode resolveOrganization} (the service's
 * `resolution` where it says one, else the one rule on the spec's terms, `companiesByName`). Resolved → the
 * name the analyses are asked with and the families' units; ambiguous → the companies to ask about;
 * unresolved → the same did-you-mean (organizations and applicants), unless the catalysts know the name.
 */
async function sponsorName(
  client: Client,
  input: string,
  unresolved: (suggestions: string[], why: string) => CallToolResult,
): Promise<Resolved | CallToolResult> {
  const value = input.trim();
  const r = await resolveOrganization(client, value);
  if (r.status === "ambiguous") {
    return unresolved(
      r.families.map((f) => f.name),
      `ambiguous — ${r.rule}: ${r.families.map((f) => f.name).join("; ")}`,
    );
  }
  if (r.status === "unresolved") {
    // On the spec's terms, as the report's approval sections do: the catalysts may know a sponsor no name
    // lists (the service's graph). Where the service said its resolution, its filters reach nothing.
    const how = r.derived ? await sponsorInApprovals(client, value) : undefined;
    if (how) return { kind: "sponsor", input, name: value, note: how };
    const near = [...r.suggestions];
    return unresolved(near, near.length ? `closest: ${near.join(", ")}` : "no close names found");
  }
  const names = r.rows.flatMap((o) => (typeof o.name === "string" && o.match !== "similar" ? [o.name] : []));
  // The service's spelling of the same name; else, where the names alone decided and the input is none of
  // the company's names (a short form starting them), its head's name (as the report asks); else as given.
  const first = r.families[0];
  const named = first.matched.some((n) => sameOrganization(n, value));
  const name = names.find((n) => sameName(n, value)) ?? names.find((n) => sameOrganization(n, value)) ??
    (r.derived && !named
      ? first.units.find((u) => sameOrganization(u.name, first.name))?.name ?? first.name
      : value);
  // Units with trials or approvals (a count the service does not say counts as some).
  const units = r.families.flatMap((f) => f.units).filter((u) => u.trialCount !== 0 || u.approvalCount !== 0);
  const sum = (k: "trialCount" | "approvalCount") =>
    r.families.every((f) => f[k] !== null) ? r.families.reduce((a, f) => a + (f[k] ?? 0), 0) : undefined;
  const trials = sum("trialCount");
  const approvals = sum("approvalCount");
  return {
    kind: "sponsor",
    input,
    name,
    note: `${r.rule}; ${units.length} organization${units.length === 1 ? "" : "s"} of ${
      r.families.map((f) => f.name).join(" and ")
    }'s famil${r.families.length === 1 ? "y" : "ies"} with trials or approvals`,
    units: units.map((u) => u.name),
    ...(trials !== undefined ? { trials } : {}),
    ...(approvals !== undefined ? { approvals } : {}),
  };
}

const READ_ONLY = /^\s*(select|with)\b/i;
// Polars SQL's table functions (read_csv('/path'), read_parquet, …) read files in native code, outside
// Deno's permissions: a query may name only the session's tables.
const TABLE_FUNCTION = /\bread_\w*\s*\(|\b(?:from|join)\s+[A-Za-z_][\w.]*\s*\(/i;

/**
 * Run one read-only SQL statement over the session's frames (a fresh context per query, so no statement
 * can change what the session holds).
 *
 * @returns The result frame.
 * @throws {TypeError} Marked as bad input: not a SELECT, or Polars refused it (its message).
 */
export function runQuery(session: Session, sql: string): pl.DataFrame {
  if (!READ_ONLY.test(sql) || /;\s*\S/.test(sql)) {
    throw badInput(
      new TypeError(`sql must be one SELECT (or WITH … SELECT) statement, got '${sql.trim().slice(0, 40)}'`),
    );
  }
  if (TABLE_FUNCTION.test(sql)) {
    throw badInput(
      new TypeError("sql may read only this session's tables (no table functions such as read_csv)"),
    );
  }
  const ctx = pl.SQLContext(Object.fromEntries(session.tables()));
  const lf = ctx.execute(sql.trim().replace(/;\s*$/, ""));
  // nodejs-polars 0.25.2 returns the engine's error as the frame instead of throwing it.
  const inner = (lf as unknown as { _ldf: unknown })._ldf;
  if (inner instanceof Error) {
    // A handle's table from another session (or dropped): say where handles live, not "fix the SQL".
    const table = inner.message.match(/relation '(r\d+_\w+)' was not found/)?.[1];
    if (table) throw session.missing(`table '${table}'`);
    throw badInput(new TypeError(`sql: ${inner.message.slice(0, 300)}`));
  }
  return lf.collectSync();
}

/** The session's tables, for an empty query: name, rows, columns. */
export function listTables(session: Session): Record<string, unknown>[] {
  return session.results().flatMap((r) =>
    Object.values(r.frames).map((f) => ({
      table: f.table,
      from: `${r.handle} ${r.tool}`,
      rows: f.df.height,
      columns: f.df.columns.join(", "),
    }))
  );
}
