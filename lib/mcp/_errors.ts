/**
 * Private: tool failures as typed answers (`isError: true`, a `type` an assistant can act on, and the
 * message), and the last guard on every answer: no secret leaves the server, whatever the text.
 *
 * @module
 */
// @ts-types="@modelcontextprotocol/sdk/types"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import {
  AuthError,
  BadRequestError,
  isBadInput,
  NotFoundError,
  QuotaExhaustedError,
  RateLimitError,
  TierError,
  UnresolvedEntityError,
} from "../client/errors.ts";

/** What kind of failure an error is, for the assistant. */
export type ErrorType =
  | "bad_input"
  | "unresolved"
  | "not_found"
  | "tier"
  | "auth"
  | "rate_limit"
  | "service"
  | "not_in_session";

const HINTS: Record<ErrorType, string> = {
  bad_input: "fix the parameter named and call again",
  unresolved: "check the spelling with resolve_name and use a suggested name",
  not_found: "the id does not exist; look it up first",
  tier: "the API key's tier does not include this; nothing to retry",
  auth: "the server's API key was refused; the user must fix the server's configuration",
  rate_limit: "wait and call again later",
  service: "the service failed; try again later or with narrower parameters",
  not_in_session: "handles live only in the MCP session whose analysis made them: run the analysis in this " +
    "session, then use the handle its answer gives",
};

/**
 * A handle (`r1`) or one of its tables (`r1_matrix`) that this MCP session does not hold: it was made in
 * another session (each Inspector `--cli` call is a session of its own), or dropped past the session's cap.
 */
export class NotInSessionError extends Error {
  /** Create the error. */
  constructor(message: string) {
    super(message);
    this.name = "NotInSessionError";
  }
}

/** The type of an error thrown by an analysis or the client. */
export function errorType(e: unknown): ErrorType {
  if (e instanceof NotInSessionError) return "not_in_session";
  if (e instanceof UnresolvedEntityError) return "unresolved";
  if (isBadInput(e) || e instanceof BadRequestError) return "bad_input";
  if (e instanceof NotFoundError) return "not_found";
  if (e instanceof TierError) return "tier";
  if (e instanceof AuthError) return "auth";
  if (e instanceof RateLimitError || e instanceof QuotaExhaustedError) return "rate_limit";
  return "service";
}

/** A typed tool error. */
export function toolError(
  type: ErrorType,
  message: string,
  extra: Record<string, unknown> = {},
): CallToolResult {
  const error = { type, message, hint: HINTS[type], ...extra };
  return {
    isError: true,
    content: [{ type: "text", text: `${type}: ${message} (${HINTS[type]})` }],
    structuredContent: { error },
  };
}

/** A thrown error as a typed tool error (its message only: no cause, no stack). */
export function errorAnswer(e: unknown): CallToolResult {
  const message = e instanceof Error ? e.message : String(e);
  const extra: Record<string, unknown> = {};
  if (e instanceof UnresolvedEntityError) extra.input = e.input.slice(0, 60);
  if (e instanceof TierError) extra.requiredTier = e.requiredTier;
  return toolError(errorType(e), message, extra);
}

/**
 * Replaces every occurrence of the secrets in an answer's strings with `[redacted]` (a secret shorter
 * than 8 characters is not one worth matching).
 */
export function redact<T>(value: T, secrets: readonly string[]): T {
  const live = secrets.filter((s) => s && s.length >= 8);
  if (!live.length) return value;
  const text = JSON.stringify(value);
  if (!live.some((s) => text.includes(s))) return value;
  const scrub = (v: unknown): unknown => {
    if (typeof v === "string") return live.reduce((t, s) => t.split(s).join("[redacted]"), v);
    if (Array.isArray(v)) return v.map(scrub);
    if (v && typeof v === "object") {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, scrub(x)]));
    }
    return v;
  };
  return scrub(value) as T;
}
