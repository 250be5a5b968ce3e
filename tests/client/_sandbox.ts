/**
 * Test helpers: a sandbox over loopback HTTP (one synthetic store per test process, a fresh server per
 * test so fault options and quotas never leak between tests), a client bound to it, a counting fetch
 * wrapper around the real fetch, and fixture ids picked from the store.
 *
 * @module
 */
import { type Sandbox, type SandboxOptions, startSandbox } from "../../lib/sandbox/mod.ts";
import { openStore, type SandboxStore } from "../../lib/sandbox/store/_open.ts";
import { type Client, type ClientOptions, createClient } from "../../lib/client/mod.ts";

let store: Promise<SandboxStore> | undefined;

/** Run `fn` against a fresh sandbox server over the shared tiny store. */
export async function withSandbox<T>(
  fn: (sb: Sandbox) => Promise<T>,
  opts: Omit<SandboxOptions, "store" | "seed" | "scale"> = {},
): Promise<T> {
  store ??= openStore(42, "tiny");
  const sb = await startSandbox({ quiet: true, ...opts, store: await store });
  try {
    return await fn(sb);
  } finally {
    await sb.close();
  }
}

/** The real fetch, wrapped to count (and record the URLs of) requests. */
export function countingFetch(): { fetch: typeof fetch; count: () => number; urls: string[] } {
  const urls: string[] = [];
  const wrapped: typeof fetch = (input, init) => {
    urls.push(String(input instanceof Request ? input.url : input));
    return fetch(input, init);
  };
  return { fetch: wrapped, count: () => urls.length, urls };
}

/** A client for `sb` with the Pro+POS key (no retries unless asked, so faults surface). */
export function clientFor(sb: Sandbox, opts: ClientOptions = {}): Client {
  return createClient({ baseUrl: sb.url, apiKey: sb.keys.pos, ...opts });
}

/** Ids and names that exist in the sandbox data. */
export interface Fixtures {
  readonly nctId: string;
  readonly authorId: string;
  readonly lei: string;
  readonly leiWithoutTicker: string;
  readonly diseaseName: string;
  readonly efoId: string;
  readonly targetSymbol: string;
  readonly drugName: string;
  readonly sponsor: string;
  readonly topic: string;
  readonly patentId: string;
  readonly alertId: string;
}

function one<T>(sb: Sandbox, sql: string): T {
  const row = sb.store.db.prepare(sql).get() as Record<string, unknown> | undefined;
  if (!row) throw new Error(`fixture query found nothing: ${sql}`);
  return Object.values(row)[0] as T;
}

/** Fixture ids read from the sandbox store (the ground truth). */
export function fixtures(sb: Sandbox): Fixtures {
  return {
    nctId: one(sb, "SELECT trial_id FROM trials WHERE trial_id LIKE 'NCT%' ORDER BY trial_id LIMIT 1"),
    authorId: one(sb, "SELECT author_id FROM researchers ORDER BY works_count DESC, author_id LIMIT 1"),
    lei: one(sb, "SELECT lei FROM sec_entities WHERE lei IS NOT NULL ORDER BY ticker LIMIT 1"),
    leiWithoutTicker: one(
      sb,
      "SELECT lei FROM organizations WHERE lei IS NOT NULL AND lei NOT IN " +
        "(SELECT lei FROM sec_entities WHERE lei IS NOT NULL) ORDER BY id LIMIT 1",
    ),
    diseaseName: one(
      sb,
      "SELECT d.name FROM diseases d JOIN associations a ON a.disease_id = d.id GROUP BY d.id " +
        "ORDER BY count(*) DESC, d.id LIMIT 1",
    ),
    efoId: one(
      sb,
      "SELECT d.id FROM diseases d JOIN associations a ON a.disease_id = d.id GROUP BY d.id " +
        "ORDER BY count(*) DESC, d.id LIMIT 1",
    ),
    targetSymbol: one(
      sb,
      "SELECT t.symbol FROM targets t JOIN molecule_targets m ON m.target_id = t.id GROUP BY t.id " +
        "ORDER BY count(*) DESC, t.id LIMIT 1",
    ),
    drugName: one(
      sb,
      "SELECT m.generic_name FROM molecules m JOIN molecule_targets t ON t.chembl_id = m.chembl_id " +
        "ORDER BY m.chembl_id LIMIT 1",
    ),
    sponsor: one(
      sb,
      "SELECT name FROM organizations WHERE hierarchy_level = 'GLOBAL PARENT' ORDER BY approval_count DESC, id LIMIT 1",
    ),
    topic: one(
      sb,
      "SELECT t.name FROM topics t JOIN trial_topics x ON x.topic_id = t.topic_id GROUP BY t.topic_id " +
        "ORDER BY count(*) DESC, t.topic_id LIMIT 1",
    ),
    patentId: one(sb, "SELECT patent_id FROM patents ORDER BY patent_id LIMIT 1"),
    alertId: one(sb, "SELECT alert_db_id FROM alerts WHERE tenant = 'pos' ORDER BY alert_db_id LIMIT 1"),
  };
}

/** A plain HTTP call to the sandbox, as a user without the client would make it. */
export async function raw(
  sb: Sandbox,
  path: string,
  query: Record<string, string> = {},
  key: string = sb.keys.pos,
): Promise<
  { status: number; body: Record<string, unknown> & { data?: unknown; meta?: Record<string, unknown> } }
> {
  const qs = new URLSearchParams(query).toString();
  const res = await fetch(`${sb.url}${path}${qs ? `?${qs}` : ""}`, { headers: { "x-api-key": key } });
  return { status: res.status, body: await res.json() };
}
