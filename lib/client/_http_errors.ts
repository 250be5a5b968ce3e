/**
 * Private: turn an HTTP error answer into the typed error of errors.ts. The class comes from the
 * status and the endpoint's documented semantics (a 500 on an entity-resolving endpoint is an
 * unresolved entity), never from the body's shape, which the spec does not show: the sandbox's
 * `{error: {…}}` only adds detail (code, parameter); plain text, `{message}`, `{detail}` and HTML pages
 * are read for the message.
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

/** What an error body says, whatever its shape (the spec does not show one). */
interface ServerSaid {
  readonly message: string;
  readonly code?: string;
  readonly parameter?: string;
  readonly input?: string;
  readonly retryAfterSeconds?: number;
}

/**
 * Read an error body: the sandbox's `{error: {…}}`, `{error: "…"}`, `{message}`, `{detail}`, an HTML
 * page (its title) or plain text. Nothing in the classification depends on which.
 */
export function readErrorBody(text: string, status: number): ServerSaid {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const sandbox = ErrorBody.safeParse(json);
  if (sandbox.success) {
    const e = sandbox.data.error;
    return {
      message: e.message ?? `HTTP ${status}`,
      ...(e.code ? { code: e.code } : {}),
      ...(e.parameter ? { parameter: e.parameter } : {}),
      ...(e.input !== undefined ? { input: e.input } : {}),
      ...(e.retryAfterSeconds !== undefined ? { retryAfterSeconds: e.retryAfterSeconds } : {}),
    };
  }
  if (json !== null && typeof json === "object") {
    const o = json as Record<string, unknown>;
    for (const k of ["message", "detail", "error", "title", "description"]) {
      const v = o[k];
      if (typeof v === "string" && v.trim()) return { message: v.trim().slice(0, 300) };
      if (Array.isArray(v) && v.length) return { message: JSON.stringify(v).slice(0, 300) };
    }
  }
  if (/^\s*<(!doctype|html)/i.test(text)) {
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1]?.trim();
    return { message: title ? `an HTML page titled '${title}'` : "an HTML page" };
  }
  return { message: text.trim().slice(0, 300) || `HTTP ${status}` };
}

/** The typed error for an answer with `status` and (already redacted) body `text`. */
export function errorFromResponse(
  status: number,
  headers: Headers,
  text: string,
  ctx: ErrorContext & {
    tier?: string;
    entity?: { readonly parameter: string; readonly input: string } | undefined;
  },
): RiError {
  const err = readErrorBody(text, status);
  const serverMessage = err.message;
  const base: ErrorContext = {
    endpoint: ctx.endpoint,
    method: ctx.method,
    path: ctx.path,
    status,
    serverMessage,
    ...(err.code ? { code: err.code } : {}),
  };
  const e = ctx.endpoint;
  const said = `the service said: ${serverMessage.replace(/\.$/, "")}`;
  const header = parseRetryAfter(headers.get("retry-after"));
  const retryAfterMs = header ??
    (err.retryAfterSeconds !== undefined ? err.retryAfterSeconds * 1000 : undefined);
  const after = retryAfterMs === undefined ? {} : { retryAfterMs };
  if (status === 400) {
    const p = err.parameter;
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
    if (err.code === "quota_exhausted" || (retryAfterMs ?? 0) > QUOTA_RETRY_AFTER_MS) {
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
  // A 500 from an endpoint that resolves an entity means "could not resolve" whatever the body says
  // (spec 4.1, 4.8); the input is the one the caller sent (catalogue `entity`).
  const entity = status === 500 ? ctx.entity : undefined;
  if (entity || (status === 500 && (err.code === "unresolved_entity" || err.input !== undefined))) {
    const input = entity?.input ?? err.input ?? "";
    const parameter = entity?.parameter ?? err.parameter;
    return new UnresolvedEntityError(
      `${e} could not resolve ${parameter ? `${parameter} ` : ""}'${input}' (${said}); ` +
        `check the spelling or resolve the name first (diseases.autocomplete, resolve.organizations)`,
      { ...base, input, ...(parameter ? { parameter } : {}) },
    );
  }
  if (status >= 500) {
    return new ServerError(`${e} failed with HTTP ${status} (${said}); call again later`, base);
  }
  return new RiError(`${e} answered HTTP ${status} (${said}); check the request`, base);
}
