/**
 * Private: the name-resolution and query tools' work. Names resolve as the analyses and the report
 * resolve them (organization and disease autocomplete, exact name after trimming and case folding; the
 * closest names when there is none); a drug resolves when the service's drug-to-targets lookup knows it.
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
  organizationLookup,
  resolveOrganization,
  sameName,
  sameOrganization,
  sponsorInApprovals,
} from "../analyses/_resolve_entity.ts";
import { toolError } from "./_errors.ts";
import { orgKey } from "../client/names.ts";
import type { Session } from "./_session.ts";

/** What a name resolved to. */
export interface Resolved {
  readonly kind: "sponsor" | "disease" | "drug";
  readonly input: string;
  /** The service's spelling. */
  readonly name: string;
  /** The disease's EFO id, or the drug's molecule id, when known. */
  readonly id?: string;
  /** How it matched when not by autocomplete (a sponsor only the approvals know). */
  readonly note?: string;
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
  if (kind === "sponsor") {
    // The service's own resolution, where it says one (the sandbox): what its sponsor filters will reach.
    const r = await resolveOrganization(client, value);
    if (!r.derived && r.status === "resolved") {
      const names = r.rows.flatMap((
        o,
      ) => (typeof o.name === "string" && o.match !== "similar" ? [o.name] : []));
      const name = names.find((n) => sameName(n, value)) ?? names.find((n) => sameOrganization(n, value)) ??
        value;
      const units = r.families.flatMap((f) => f.units);
      return {
        kind,
        input,
        name,
        note: `${r.rule}; ${units.length} organization${units.length === 1 ? "" : "s"} of ${
          r.families.map((f) => f.name).join(" and ")
        }'s famil${r.families.length === 1 ? "y" : "ies"} with trials or approvals`,
      };
    }
    if (!r.derived && r.status === "ambiguous") {
      return unresolved(
        r.families.map((f) => f.name),
        `ambiguous — ${r.rule}: ${r.families.map((f) => f.name).join("; ")}`,
      );
    }
  }
  const lookup = kind === "sponsor" ? organizationLookup(client) : diseaseLookup(client);
  const rows = await lookup(value);
  const exact = rows.find((r) => sameName(r.name, value)) ??
    (kind === "sponsor" ? rows.find((r) => sameOrganization(r.name, value)) : undefined);
  if (exact) return { kind, input, name: exact.name, ...(exact.id ? { id: exact.id } : {}) };
  if (kind === "sponsor") {
    // A short form that starts exactly one organization's name is that one ("Boehringer"); a name no
    // trial sponsor is called by may be an applicant only the approvals know.
    const starting = rows.filter((r) => orgKey(r.name).startsWith(`${orgKey(value)}-`));
    if (starting.length === 1) {
      return { kind, input, name: starting[0].name, note: "the one organization whose name it starts" };
    }
    const how = rows.length === 0 ? await sponsorInApprovals(client, value) : undefined;
    if (how) return { kind, input, name: value, note: how };
  }
  const near = await closestNames(lookup, value, rows);
  return unresolved(near, near.length ? `closest: ${near.join(", ")}` : "no close names found");
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
