/**
 * JSON response helpers of the sandbox server: every answer is JSON and carries
 * `x-data-source: synthetic-sandbox`; errors use the `ErrorBody` shape of lib/client/schemas/common.ts.
 *
 * @module
 */
import { SandboxError } from "../handler.ts";

/** Header every sandbox answer carries. */
export const DATA_SOURCE_HEADER: Readonly<Record<string, string>> = { "x-data-source": "synthetic-sandbox" };

/** A JSON answer with the sandbox headers. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...DATA_SOURCE_HEADER, ...headers },
  });
}

/** Extra fields of an error body. */
export interface ErrorExtra {
  /** Offending parameter. */
  parameter?: string;
  /** Offending value (never a credential). */
  value?: unknown;
  /** Unresolvable input. */
  input?: string;
  /** Seconds until a retry can succeed (also sent as `Retry-After`). */
  retryAfterSeconds?: number;
}

/** An error answer `{error: {status, code, message, ...}}`. */
export function errorResponse(
  status: number,
  code: string,
  message: string,
  extra: ErrorExtra = {},
  moreHeaders: Record<string, string> = {},
): Response {
  const headers: Record<string, string> = { ...moreHeaders };
  if (extra.retryAfterSeconds !== undefined) headers["retry-after"] = String(extra.retryAfterSeconds);
  return json(status, { error: { status, code, message, ...extra } }, headers);
}

/** The error answer of a {@link SandboxError}. */
export function fromSandboxError(e: SandboxError): Response {
  const extra: ErrorExtra = {};
  if (e.parameter !== undefined) extra.parameter = e.parameter;
  if (e.input !== undefined) extra.input = e.input;
  const value = (e as { value?: unknown }).value;
  if (value !== undefined) extra.value = value;
  const retry = (e as { retryAfterSeconds?: number }).retryAfterSeconds;
  if (retry !== undefined) extra.retryAfterSeconds = retry;
  return errorResponse(e.status, e.code, e.message, extra);
}

/** A 400 naming the parameter, the value and the rule it broke. */
export function invalidParameter(parameter: string, value: unknown, rule: string): SandboxError {
  const shown = typeof value === "string" && value.length > 200 ? value.slice(0, 200) + "…" : value;
  const err = new SandboxError(
    400,
    "invalid_parameter",
    `Invalid value for parameter '${parameter}': ${JSON.stringify(shown)} ${rule}`,
    { parameter },
  );
  (err as { value?: unknown }).value = shown;
  return err;
}
