/**
 * Private: turn an HTTP error answer into the typed error of errors.ts. The error body shape is the
 * sandbox's documented one (`{error: {status, code, message, parameter?, input?, retryAfterSeconds?}}`);
 * any other body still yields the right class from the status alone.
 *
 * @module
 */
import { ErrorBody } from "./schemas/common.ts";
import {
  AuthError,
  BadRequestError,
  type ErrorContext,
  NotFoundError,
  QuotaExhaustedError,
  RateLimitError,
  RiError,
  ServerError,
  TierError,
  UnresolvedEntityError,
} from "./errors.ts";

/** A 429 whose Retry-After is longer than this is a quota, not a throttle. */
export const QUOTA_RETRY_AFTER_MS = 60_000;

/** Parse a Retry-After header (seconds or an HTTP date) into ms. */
export function parseRetryAfter(v: string | null, now: number = Date.now()): number | undefined {
  if (v === null || v.trim() === "") return undefined;
  const secs = Number(v);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The typed error for an answer with `status` and (already redacted) body `text`. */
export function errorFromResponse(
  status: number,
  headers: Headers,
  text: string,
  ctx: ErrorContext & { tier?: string },
): RiError {
  let parsed: ReturnType<typeof ErrorBody.safeParse> | undefined;
  try {
    parsed = ErrorBody.safeParse(JSON.parse(text));
  } catch {
    parsed = undefined;
  }
  const err = parsed?.success ? parsed.data.error : undefined;
  const serverMessage = err?.message ?? (text.trim().slice(0, 200) || `HTTP ${status}`);
  const base: ErrorContext = {
    endpoint: ctx.endpoint,
    method: ctx.method,
    path: ctx.path,
    status,
    serverMessage,
    ...(err?.code ? { code: err.code } : {}),
  };
  const e = ctx.endpoint;
  const said = `the service said: ${serverMessage.replace(/\.$/, "")}`;
  const header = parseRetryAfter(headers.get("retry-after"));
  const retryAfterMs = header ??
    (err?.retryAfterSeconds !== undefined ? err.retryAfterSeconds * 1000 : undefined);
  const after = retryAfterMs === undefined ? {} : { retryAfterMs };
  if (status === 400) {
    const p = err?.parameter;
    return new BadRequestError(
      `${e} rejected ${p ? `parameter '${p}'` : "the request"} (${said}); fix the value and call again`,
      { ...base, ...(p ? { parameter: p } : {}) },
    );
  }
  if (status === 401 || status === 403) {
    return new AuthError(`${e} refused the API key (${said}); check RI_API_KEY or the apiKey option`, base);
  }
  if (status === 402) {
    const requiredTier = ctx.tier ?? "higher";
    return new TierError(
      `${e} needs a '${requiredTier}' workspace tier (${said}); use an API key of a workspace with that tier`,
      { ...base, requiredTier },
    );
  }
  if (status === 404) {
    return new NotFoundError(`${e} found nothing for that id (${said}); check the id`, base);
  }
  if (status === 429) {
    if (err?.code === "quota_exhausted" || (retryAfterMs ?? 0) > QUOTA_RETRY_AFTER_MS) {
      const wait = retryAfterMs === undefined ? "" : ` in about ${Math.ceil(retryAfterMs / 1000)} s`;
      return new QuotaExhaustedError(
        `Daily quota of ${e} is exhausted (${said}); wait for the reset${wait} or use another workspace`,
        { ...base, ...after },
      );
    }
    return new RateLimitError(
      `${e} is rate limited (${said}); lower the client's concurrency or call again later`,
      { ...base, ...after },
    );
  }
  if (status === 500 && (err?.code === "unresolved_entity" || err?.input !== undefined)) {
    const input = err?.input ?? "";
    return new UnresolvedEntityError(
      `${e} could not resolve ${err?.parameter ? `${err.parameter} ` : ""}'${input}' (${said}); ` +
        `check the spelling or resolve the name first (diseases.autocomplete, resolve.organizations)`,
      { ...base, input, ...(err?.parameter ? { parameter: err.parameter } : {}) },
    );
  }
  if (status >= 500) {
    return new ServerError(`${e} failed with HTTP ${status} (${said}); call again later`, base);
  }
  return new RiError(`${e} answered HTTP ${status} (${said}); check the request`, base);
}
