/**
 * The contract check's report as a plain-text table (one line per endpoint), for terminals and logs.
 *
 * @module
 */
import type { ContractReport, EndpointCheck } from "./contract.ts";

const pair = (f?: { present: readonly string[]; missing: readonly string[] }) =>
  f ? `${f.present.length}/${f.missing.length}` : "";

function noteOf(c: EndpointCheck): string {
  if (c.skipped) return `${c.skipped.reason}: ${c.skipped.why}`;
  if (c.problem) return c.problem;
  const parts: string[] = [];
  if (c.fields?.spec.missing.length) parts.push(`spec missing: ${c.fields.spec.missing.join(", ")}`);
  if (c.envelope && c.envelope !== "as expected") parts.push(`envelope: ${c.envelope}`);
  if (c.fields?.respelt.length) {
    parts.push(
      `respelt: ${c.fields.respelt.map((r) => `${r.seen}→${r.declared.split(".").pop()}`).join(", ")}`,
    );
  }
  if (c.fields?.unknown.length) parts.push(`unknown: ${c.fields.unknown.join(", ")}`);
  if (c.rows === 0) parts.push("no rows (row fields not audited)");
  if (c.note) parts.push(c.note);
  return parts.join("; ");
}

/**
 * Format a contract report as a table: status, HTTP status, calls, spec-named and sandbox-chosen
 * fields present/missing, re-spelt and unknown keys, envelope, and what was skipped or wrong.
 *
 * @param report The report of {@link checkContract}.
 * @param width Cut each line's note to this many characters (0 = never cut). @default 0
 * @returns The table, then a summary line.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { contractTable } from "./contract_table.ts";
 * const table = contractTable({
 *   checkedAt: "2026-11-24T00:00:00Z", tier: "unknown", spendQuota: false,
 *   summary: { ok: 1, broken: 0, error: 0, unresolved: 0, skipped: 1 },
 *   endpoints: [{ endpoint: "diseases.landscape", status: "skipped", http: null, calls: 0,
 *     skipped: { reason: "quota", why: "spends a scarce daily quota" } }, {
 *     endpoint: "grants.sample", status: "ok", http: "2xx", calls: 1, envelope: "as expected", rows: 5,
 *     fields: { spec: { present: ["data"], missing: [], absent: [] }, chosen: { present: [], missing: [] },
 *       unknown: ["data[].budget"], respelt: [] } }],
 * });
 * assert.match(table, /diseases\.landscape +skipped/);
 * assert.match(table, /grants\.sample +ok .* unknown: data\[\]\.budget/); // which keys, not only how many
 * assert.match(table, /1 ok, 0 broken, 0 error, 0 unresolved, 1 skipped/);
 * ```
 */
export function contractTable(report: ContractReport, width = 0): string {
  const head = [
    "endpoint",
    "status",
    "http",
    "calls",
    "spec +/-",
    "chosen +/-",
    "respelt",
    "unknown",
    "envelope",
  ];
  const rows = report.endpoints.map((c) => [
    c.endpoint,
    c.status,
    c.http === null ? "" : String(c.http),
    String(c.calls),
    pair(c.fields?.spec),
    pair(c.fields?.chosen),
    c.fields ? String(c.fields.respelt.length) : "",
    c.fields ? String(c.fields.unknown.length) : "",
    c.envelope === undefined ? "" : c.envelope === "as expected" ? "ok" : "UNEXPECTED",
  ]);
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[], note: string) => {
    const cut = width > 0 && note.length > width ? `${note.slice(0, width - 1)}…` : note;
    return `${cells.map((s, i) => s.padEnd(w[i])).join("  ")}  ${cut}`.trimEnd();
  };
  const s = report.summary;
  return [
    line(head, "note"),
    ...rows.map((r, i) => line(r, noteOf(report.endpoints[i]))),
    "",
    `${s.ok} ok, ${s.broken} broken, ${s.error} error, ${s.unresolved} unresolved, ${s.skipped} skipped` +
    ` (+/- = fields present/missing; chosen = fields the spec does not name, never a failure)`,
  ].join("\n");
}
