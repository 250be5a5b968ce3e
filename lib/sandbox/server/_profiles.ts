/**
 * Private: the sandbox's response profiles, derived from the catalogue's field marking
 * (lib/client/schemas/origin.ts):
 *
 * - `full`: every field the sandbox chose, spelled as documented (the default);
 * - `spec-minimal`: only the fields the spec names — every sandbox-chosen field dropped from every
 *   answer — so the toolkit is tested on the spec's terms;
 * - `variant`: sandbox-chosen keys re-spelled (snake_case ↔ camelCase), and error answers in other
 *   plausible bodies (plain text, `{"message"}`, `{"detail"}`, an HTML 500 page) instead of the
 *   sandbox's `{error: {…}}`, so nothing in the client depends on our guesses.
 *
 * @module
 */
import type { Endpoint } from "../../client/catalogue.ts";
import { respellChosen, stripChosen } from "../../client/schemas/origin.ts";
import { DATA_SOURCE_HEADER } from "./_http.ts";

/** A response profile of the sandbox. */
export type Profile = "full" | "spec-minimal" | "variant";

/** Every profile. */
export const PROFILES: readonly Profile[] = ["full", "spec-minimal", "variant"];

/** The 200 body of `endpoint` under `profile`. */
export function profileBody(profile: Profile, endpoint: Endpoint, body: unknown): unknown {
  if (profile === "spec-minimal") return stripChosen(endpoint.response, body);
  if (profile === "variant") return respellChosen(endpoint.response, body);
  return body;
}

function hash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) >>> 0;
  return h;
}

const KEEP = ["retry-after", "allow"];

/**
 * An error answer re-shaped for the `variant` profile: the status and Retry-After stay, the body
 * becomes plain text, `{"message": …}`, `{"detail": …}` or (5xx) an HTML error page that names
 * nothing — chosen deterministically per route and status, so tests are reproducible.
 */
export async function variantError(route: string, res: Response): Promise<Response> {
  let message = `HTTP ${res.status}`;
  try {
    const body = await res.json();
    if (typeof body?.error?.message === "string") message = body.error.message;
  } catch { /* keep the status line */ }
  const headers: Record<string, string> = { ...DATA_SOURCE_HEADER };
  for (const k of KEEP) {
    const v = res.headers.get(k);
    if (v !== null) headers[k] = v;
  }
  const kinds = res.status >= 500 ? ["html", "text", "message", "detail"] : ["text", "message", "detail"];
  const kind = kinds[hash(`${route} ${res.status}`) % kinds.length];
  if (kind === "html") {
    const title = `${res.status} ${res.statusText || "Internal Server Error"}`;
    return new Response(
      `<!DOCTYPE html>\n<html><head><title>${title}</title></head>` +
        `<body><h1>${title}</h1><hr><p>nginx</p></body></html>\n`,
      { status: res.status, headers: { ...headers, "content-type": "text/html; charset=utf-8" } },
    );
  }
  if (kind === "text") {
    return new Response(message, {
      status: res.status,
      headers: { ...headers, "content-type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(JSON.stringify({ [kind]: message }), {
    status: res.status,
    headers: { ...headers, "content-type": "application/json" },
  });
}
