/**
 * Private: fetch that follows redirects itself (`redirect: "manual"`), so the `x-api-key` header is only
 * ever sent to the origin (scheme, host and port) of the base URL. A same-origin redirect is followed (at
 * most {@link MAX_REDIRECTS} hops); a redirect to another origin — another host, another port, or https
 * to http — is a {@link RedirectError} naming both origins, never followed, so the key cannot be re-sent
 * elsewhere nor downgraded to plain http (the base URL itself passed `checkBaseUrl`'s transport rule).
 *
 * @module
 */
import { type ErrorContext, RedirectError } from "./errors.ts";

/** Most same-origin redirects one attempt follows. */
export const MAX_REDIRECTS = 5;

const REDIRECT = new Set([301, 302, 303, 307, 308]);

/** What one hop sends. */
export interface Hop {
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
  readonly signal: AbortSignal;
}

/**
 * Fetch `url`, following same-origin redirects only.
 *
 * @param redact Removes the key from text a hostile server could have put it into (a Location's host).
 */
export async function fetchSameOrigin(
  f: typeof fetch,
  url: string,
  hop: Hop,
  ctx: ErrorContext,
  redact: (text: string) => string,
): Promise<Response> {
  const origin = new URL(url).origin;
  let current = url;
  let { method, body } = hop;
  for (let n = 0;; n++) {
    const res = await f(current, {
      method,
      headers: hop.headers,
      body,
      signal: hop.signal,
      redirect: "manual",
    });
    const location = res.headers.get("location");
    if (!REDIRECT.has(res.status) || location === null) return res;
    await res.body?.cancel();
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      throw new RedirectError(
        `The service at ${origin} answered ${res.status} with a Location that is not a URL; nothing was followed`,
        { ...ctx, status: res.status, from: origin, to: "(invalid)" },
      );
    }
    if (next.origin !== origin) {
      const to = redact(
        next.protocol === "http:" || next.protocol === "https:" ? next.origin : next.protocol,
      );
      throw new RedirectError(
        `The service at ${origin} redirected ${ctx.endpoint} to another origin, ${to}; the API key is only ` +
          `sent to ${origin}, so the redirect was not followed. If ${to} is the service, set it as the base URL`,
        { ...ctx, status: res.status, from: origin, to },
      );
    }
    if (n + 1 >= MAX_REDIRECTS) {
      throw new RedirectError(
        `The service at ${origin} redirected ${ctx.endpoint} more than ${MAX_REDIRECTS} times; check the base URL`,
        { ...ctx, status: res.status, from: origin, to: origin },
      );
    }
    // As fetch does: 303 (and 301/302 after a POST) continue as a GET without the body.
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === "POST")) {
      method = "GET";
      body = undefined;
    }
    current = next.href;
  }
}
