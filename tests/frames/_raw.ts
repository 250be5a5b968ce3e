/**
 * Test helpers for frames and analyses 1–4: a sandbox over the shared tiny store, a client for it, and
 * `raw()` — a plain fetch of the service (no client, no frames) whose JSON is the ground truth.
 *
 * @module
 */
import { type Profile, type Sandbox, type SandboxOptions, startSandbox } from "../../lib/sandbox/mod.ts";
import { openStore, type SandboxStore } from "../../lib/sandbox/store/_open.ts";
import { type Client, createClient } from "../../lib/client/mod.ts";

let store: Promise<SandboxStore> | undefined;

/** Run `fn` with a fresh sandbox server over the shared tiny store (seed 42) and a Pro client. */
export async function withSandbox<T>(
  fn: (sb: Sandbox, ri: Client) => Promise<T>,
  opts: { profile?: Profile; handlers?: SandboxOptions["handlers"] } = {},
): Promise<T> {
  store ??= openStore(42, "tiny");
  const sb = await startSandbox({ quiet: true, store: await store, ...opts });
  try {
    return await fn(sb, createClient({ baseUrl: sb.url, apiKey: sb.keys.pro }));
  } finally {
    await sb.close();
  }
}

/** GET `path` with `query` over plain fetch; returns the parsed JSON body (throws on non-2xx). */
// deno-lint-ignore no-explicit-any
export async function raw(sb: Sandbox, path: string, query: Record<string, unknown> = {}): Promise<any> {
  const url = new URL(path, sb.url);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
  const res = await fetch(url, { headers: { "x-api-key": sb.keys.pro } });
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status} ${url}: ${JSON.stringify(body)}`);
  return body;
}

/** Every page of a page+limit endpoint, rows read at `rowsOf(body)`. */
export async function rawAll(
  sb: Sandbox,
  path: string,
  query: Record<string, unknown>,
  rowsOf: (b: Record<string, unknown>) => unknown[],
): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (let page = 1;; page++) {
    const rows = rowsOf(await raw(sb, path, { ...query, page, limit: 100 }));
    out.push(...rows as Record<string, unknown>[]);
    if (rows.length < 100) return out;
  }
}

/** Epoch days of a `YYYY-MM-DD` or `YYYYMMDD` string (the independent date oracle). */
export function days(s: string): number {
  const iso = s.length === 8 ? `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6)}` : s.slice(0, 10);
  return Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
}

/** A frame cell (Date) as epoch days. */
export function cellDays(v: unknown): number | null {
  return v instanceof Date ? Math.round(v.getTime() / 86_400_000) : null;
}
