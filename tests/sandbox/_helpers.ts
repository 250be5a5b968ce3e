/**
 * Shared helpers of the sandbox tests: one sandbox per test file (scale tiny), raw HTTP over
 * loopback with `fetch`, and independent SQL against the same store for expected values.
 *
 * @module
 */
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { importPublicData } from "../../lib/sandbox/import/mod.ts";
import { SCHEMA_DDL } from "../../lib/sandbox/store/schema.ts";
import { type Sandbox, type SandboxOptions, startSandbox } from "../../lib/sandbox/server.ts";

/** A parsed answer. */
export interface Answer {
  /** HTTP status. */
  status: number;
  /** Parsed JSON body (undefined when not JSON). */
  // deno-lint-ignore no-explicit-any
  body: any;
  /** Response headers. */
  headers: Headers;
  /** Raw body text. */
  text: string;
}

/** Tier of the key to send, `none` for no key, or a literal key. */
export type KeyChoice = "free" | "pro" | "pos" | "none" | { raw: string };

/** Start a sandbox (tiny, seed 42 unless overridden), run `fn`, always close it. */
export async function withSandbox(
  fn: (sb: Sandbox) => Promise<void>,
  options: SandboxOptions = {},
): Promise<void> {
  const sb = await startSandbox({ scale: "tiny", seed: 42, quiet: true, ...options });
  try {
    await fn(sb);
  } finally {
    await sb.close();
  }
}

function headersFor(sb: Sandbox, key: KeyChoice): Record<string, string> {
  if (key === "none") return {};
  return { "x-api-key": typeof key === "object" ? key.raw : sb.keys[key] };
}

async function read(res: Response): Promise<Answer> {
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, body, headers: res.headers, text };
}

/** GET a path with query parameters. */
export async function get(
  sb: Sandbox,
  path: string,
  params: Record<string, string | number | boolean> = {},
  key: KeyChoice = "free",
): Promise<Answer> {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const res = await fetch(`${sb.url}${path}${qs ? "?" + qs : ""}`, { headers: headersFor(sb, key) });
  return read(res);
}

/** POST a JSON body (or a raw string) to a path. */
export async function post(
  sb: Sandbox,
  path: string,
  body: unknown,
  key: KeyChoice = "pro",
): Promise<Answer> {
  const res = await fetch(`${sb.url}${path}`, {
    method: "POST",
    headers: { ...headersFor(sb, key), "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return read(res);
}

/** Independent SQL over the sandbox store: all rows. */
export function rows<T = Record<string, unknown>>(sb: Sandbox, sql: string, ...args: SQLInputValue[]): T[] {
  return sb.store.db.prepare(sql).all(...args) as T[];
}

/** Independent SQL: the single number of a `SELECT count(*) AS n ...`. */
export function count(sb: Sandbox, sql: string, ...args: SQLInputValue[]): number {
  return (sb.store.db.prepare(sql).get(...args) as { n: number }).n;
}

/** Catalogue paths. */
export const P = {
  trials: "/api/v1/clinical-trials",
  topics: "/api/v1/clinical-trials/topics",
  composite: "/api/v1/tools/clinical/search-composite",
  portfolio: "/api/v1/tools/clinical/portfolio-comparison",
  details: "/api/v1/tools/clinical/trial-details",
  pos: "/api/v1/tools/clinical/trial-pos",
  autocomplete: "/api/v1/diseases/autocomplete",
  landscape: "/api/v1/analysis/disease-landscape",
  approvals: "/api/v1/regulatory",
  regLandscape: "/api/v1/tools/regulatory/landscape",
  catalysts: "/api/v1/tools/regulatory/catalysts",
} as const;

/** An empty in-memory store with the sandbox schema, and a helper inserting fixture rows with one statement. */
export function fixtureStore(): {
  db: DatabaseSync;
  run: (sql: string, ...rows: (string | number | null)[][]) => void;
} {
  const db = new DatabaseSync(":memory:");
  db.exec(SCHEMA_DDL);
  const run = (sql: string, ...rows: (string | number | null)[][]) => {
    const s = db.prepare(sql);
    for (const r of rows) s.run(...r);
  };
  return { db, run };
}

const PUBLIC_FX = new URL("../fixtures/public/", import.meta.url).pathname;

/**
 * A store built by `deno task import` from the public-format fixtures (tests/fixtures/public/: Orange Book,
 * Part D, a CT.gov folder, then an NDJSON of more studies), in its own temporary folder; `dropStore`
 * removes it.
 */
export async function importedStore(
  extra: Partial<Parameters<typeof importPublicData>[0]> = {},
): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "ri-import-" });
  const store = `${dir}/ri.db`;
  const today = "2026-11-21";
  await importPublicData({
    store,
    orangeBook: `${PUBLIC_FX}orange_book`,
    partD: `${PUBLIC_FX}part_d_spending_by_drug.csv`,
    ctgov: `${PUBLIC_FX}ctgov`,
    today,
    ...extra,
  });
  await importPublicData({ store, ctgov: `${PUBLIC_FX}ctgov_extra.ndjson`, today });
  return store;
}

/** Removes a store made by {@linkcode importedStore} with its folder. */
export const dropStore = (store: string): Promise<void> =>
  Deno.remove(store.replace(/\/ri\.db$/, ""), { recursive: true });
