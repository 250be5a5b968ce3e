/**
 * Private: the sandbox's response profiles, derived from the catalogue's field marking
 * (lib/client/schemas/origin.ts):
 *
 * - `full`: every field the sandbox chose, spelled as documented (the default);
 * - `spec-minimal`: only the fields the spec names — every sandbox-chosen field dropped from every
 *   answer — so the toolkit is tested on the spec's terms;
 * - `variant`: sandbox-chosen keys re-spelled (snake_case ↔ camelCase), every date whose form the spec
 *   leaves open written as a date-time in another ISO-8601 form (`2023-05-08T23:30:00-05:00`,
 *   `20230508T023000+0530`, …: the calendar date as written stays; instants keep their instant), and
 *   error answers in other plausible bodies (plain text, `{"message"}`, `{"detail"}`, an HTML 500
 *   page) instead of the sandbox's `{error: {…}}`, so nothing in the client depends on our guesses.
 *
 * @module
 */
import type { z } from "zod";
import type { Endpoint } from "../../client/catalogue.ts";
import { asZod } from "../../client/_zod.ts";
import { mapObjects, respellChosen, stripChosen } from "../../client/schemas/origin.ts";
import { anyIsoFormOf } from "../../client/schemas/dates.ts";
import { DATA_SOURCE_HEADER } from "./_http.ts";

/** A response profile of the sandbox. */
export type Profile = "full" | "spec-minimal" | "variant";

/** Every profile. */
export const PROFILES: readonly Profile[] = ["full", "spec-minimal", "variant"];

/** The 200 body of `endpoint` under `profile`. */
export function profileBody(profile: Profile, endpoint: Endpoint, body: unknown): unknown {
  const schema = asZod(endpoint.response);
  if (profile === "spec-minimal") return stripChosen(schema, body);
  if (profile === "variant") return respellChosen(schema, otherIsoForms(schema, body));
  return body;
}

/** A `YYYY-MM-DD` date as date-times in other ISO-8601 forms; each keeps the date as written. */
const DATE_FORMS: readonly ((d: string) => string)[] = [
  (d) => `${d}T00:00:00Z`,
  (d) => `${d}T00:00:00.000+00:00`,
  (d) => `${d}T23:30:00-05:00`, // in UTC, the next day
  (d) => `${d.replaceAll("-", "")}T023000+0530`, // basic form; in UTC, the day before
  (d) => `${d}T12:00`, // no seconds, no offset
];

/** An instant (`…Z`) written with other offsets and forms; each is the same instant. */
const INSTANT_FORMS: readonly ((ms: number) => string)[] = [
  (ms) => `${new Date(ms + 2 * 3_600_000).toISOString().slice(0, 23)}+02:00`,
  (ms) => `${new Date(ms - 3 * 3_600_000).toISOString().slice(0, 23).replace(/[-:]/g, "")}-0300`,
];

/** Every date and instant whose form the spec leaves open, re-written in another ISO-8601 form. */
function otherIsoForms(schema: z.ZodType, body: unknown): unknown {
  return mapObjects(
    schema,
    body,
    {
      post(shape, obj) {
        for (const [key, field] of Object.entries(shape)) {
          const v = obj[key], kind = anyIsoFormOf(field);
          if (typeof v !== "string" || kind === undefined) continue;
          const pick = hash(`${key} ${v}`);
          if (kind === "iso-date" && /^\d{4}-\d{2}-\d{2}$/.test(v)) {
            obj[key] = DATE_FORMS
              [pick % DATE_FORMS.length](v);
          }
          const ms = Date.parse(v);
          if (kind === "iso-datetime" && !Number.isNaN(ms)) {
            obj[key] = INSTANT_FORMS
              [pick % INSTANT_FORMS.length](ms);
          }
        }
      },
    },
    "",
    true,
  );
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
