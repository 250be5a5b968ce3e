/**
 * Documentation derived from the endpoint catalogue (the README's endpoint table).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { endpointTable } from "./docs.ts";
 *
 * const md = endpointTable();
 * assert.ok(md.includes("| trials.search | GET | /api/v1/clinical-trials |"));
 * assert.ok(md.split("\n").length === 2 + 28);
 * ```
 *
 * @module
 */
import type { Endpoint } from "./catalogue.ts";
import { ENDPOINTS } from "./endpoints/mod.ts";

const cell = (s: string): string => s.replaceAll("|", "\\|");

function pagination(ep: Endpoint): string {
  if (ep.pagination === "page") return ep.hasMore ? `page+limit (and ${ep.hasMore})` : "page+limit";
  if (ep.cap?.fixed !== undefined) return `none (capped at ${ep.cap.fixed})`;
  if (ep.cap?.param) return `none (capped by ${ep.cap.param})`;
  return "none";
}

/**
 * The endpoint catalogue as a markdown table: name (the client method), method, path, tier,
 * envelope, pagination, the field holding the exact total, and a summary.
 *
 * @returns Markdown, one row per endpoint, in catalogue order.
 */
export function endpointTable(): string {
  const head = "| Name | Method | Path | Tier | Envelope | Pagination | Total field | Summary |\n" +
    "|---|---|---|---|---|---|---|---|";
  const rows = (Object.values(ENDPOINTS) as Endpoint[]).map((ep) =>
    `| ${ep.name} | ${ep.method} | ${ep.path} | ${ep.tier} | ${ep.envelope} | ${cell(pagination(ep))} | ${
      ep.total ? `\`${ep.total}\`` : "—"
    } | ${cell(ep.summary)} |`
  );
  return [head, ...rows].join("\n");
}
