/**
 * Typed access to the approvals record, label and history tools, which the spec names without a
 * path (part 4.9). Their paths are configurable: {@link APPROVAL_TOOL_PATHS} holds this toolkit's
 * assumption (`:approvalId` is replaced by the URL-encoded id); pass `paths` to override it when the
 * service's actual paths differ.
 *
 * Only a public {@link ApprovalId} (`SOURCE:number`, from an approvals-search row) is accepted: a
 * catalyst event's `approval_id` is an internal `regulatory_approval/<key>`
 * ({@link CatalystApprovalKey}) and is rejected by the compiler and, for untyped callers, at run time
 * (PITFALLS 17).
 *
 * @example
 * ```ts ignore
 * import { approvalTool } from "./approvals.ts";
 *
 * const approvals = await ri.regulatory.search({ search: "insulin", limit: 1 });
 * const record = await approvalTool(ri, "record", approvals.rows[0].approval_id);
 * ```
 *
 * @module
 */
import type { Client } from "./client.ts";
import { ValidationError } from "./errors.ts";
import type { RequestOptions } from "./request.ts";
import type { BodyResult } from "./result.ts";
import { ApprovalId as APPROVAL_ID } from "./schemas/regulatory.ts";
import type { ApprovalId } from "./schemas/_rows.gen.ts";

/** The approvals tools. */
export type ApprovalTool = "record" | "label" | "history";

/** Assumed paths of the approvals tools (not shown in the spec); override with `paths`. */
export const APPROVAL_TOOL_PATHS: Readonly<Record<ApprovalTool, string>> = {
  record: "/api/v1/regulatory/:approvalId",
  label: "/api/v1/regulatory/:approvalId/label",
  history: "/api/v1/regulatory/:approvalId/history",
};

/** Options of {@link approvalTool}. */
export interface ApprovalToolOptions extends RequestOptions {
  /** Path templates by tool (`:approvalId` is replaced). @default APPROVAL_TOOL_PATHS */
  readonly paths?: Partial<Record<ApprovalTool, string>>;
}

/**
 * Call an approvals tool for one public approval id, through the client's generic `request`.
 *
 * @param client The client.
 * @param tool `record`, `label` or `history`.
 * @param id A public approval id from an approvals-search row (never a catalyst event's key).
 * @returns The tool's body (schema not shown in the spec) with provenance.
 */
export function approvalTool(
  client: Pick<Client, "request">,
  tool: ApprovalTool,
  id: ApprovalId,
  options: ApprovalToolOptions = {},
): Promise<BodyResult<unknown>> {
  const template = options.paths?.[tool] ?? APPROVAL_TOOL_PATHS[tool];
  if (!APPROVAL_ID.safeParse(id).success) {
    const internal = typeof id === "string" && id.startsWith("regulatory_approval/");
    throw new ValidationError(
      `Approval id ${JSON.stringify(id)} is not a public SOURCE:number id` +
        (internal
          ? "; it is a catalyst event's internal key, look the approval up with regulatory.search instead"
          : "; pass approval_id from a regulatory.search row"),
      { endpoint: `approvals.${tool}`, method: "GET", path: template, parameter: "id", value: id },
    );
  }
  const { paths: _paths, ...opts } = options;
  return client.request("GET", template.replace(":approvalId", encodeURIComponent(id)), opts);
}
