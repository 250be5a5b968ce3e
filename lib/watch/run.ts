/**
 * Running a watchlist: each item is run (an analysis, or every page of a list endpoint), snapshotted
 * and diffed against its latest earlier snapshot; with `alerts`, the workspace's alerts (alerts.list,
 * then alerts.get for each) are snapshotted and diffed the same way, so new and fired alerts show.
 *
 * @module
 */
import pl from "nodejs-polars";
import { type Client, isBadInput, RiError } from "../client/mod.ts";
import { ENDPOINTS } from "../client/endpoints/mod.ts";
import type { Provenance } from "../client/result.ts";
import {
  frameFromResult,
  provenanceOf,
  resolveResource,
  toFrame,
  withKey,
  withProvenance,
} from "../frames/mod.ts";
import { diff, type SnapshotDiff } from "./diff.ts";
import { listSnapshots, loadSnapshot, snapshot } from "./snapshot.ts";
import { lockStore } from "./lock.ts";
import { framesOf } from "../frames/_frames_of.ts";
import { ALERTS_SNAPSHOT, WATCH_ANALYSES, type WatchItem, type Watchlist } from "./watchlist.ts";
import type { DataFrame } from "../frames/polars.ts";

/** Options of {@linkcode runWatch}. */
export interface RunWatchOptions {
  /** The client (sandbox or real service). */
  readonly client: Client;
  /** Folder of the snapshots (already resolved against the watchlist's folder). */
  readonly store: string;
  /** Day of this run's snapshots, `YYYY-MM-DD`. */
  readonly date: string;
  /** Replace this day's snapshots when they exist. @default {false} */
  readonly overwrite?: boolean;
  /** Progress lines (one per item). @default {() => {}} */
  readonly log?: (line: string) => void;
  /**
   * The store's one-writer lock (lib/watch/lock.ts): how long to wait for another run, or `false` when the
   * caller holds it already. @default {{ waitMs: 120000 }}
   */
  readonly lock?: false | { readonly waitMs?: number };
}

/** The outcome of one watched item. */
export interface WatchItemOutcome {
  /** Snapshot name. */
  readonly name: string;
  /** `analysis` name, `endpoint` name, or `alerts`. */
  readonly what: string;
  /** The day compared against (null: first run, this snapshot is the baseline). */
  readonly since: string | null;
  /** The diff (absent on the first run or when the item failed). */
  readonly diff?: SnapshotDiff;
  /** Provenance of the calls behind the snapshot. */
  readonly provenance: readonly Provenance[];
  /** Warnings of the analysis (message and code). */
  readonly warnings: readonly { readonly code: string; readonly message: string }[];
  /** Set when the item failed (its error message). */
  readonly error?: string;
  /** True when it failed on its own input (a parameter the client or the analysis rejected). */
  readonly badInput?: boolean;
  /** Rows added + removed + changed over its frames. */
  readonly size: number;
  /** This run's frames (absent when the item failed), e.g. to name what changed. */
  readonly frames?: Readonly<Record<string, DataFrame>>;
}

/** What {@linkcode runWatch} returns. */
export interface WatchOutcome {
  /** Day of the run. */
  readonly date: string;
  /** One per item (alerts last), biggest change first. */
  readonly items: readonly WatchItemOutcome[];
  /** True when any item changed. */
  readonly changed: boolean;
  /** True when any item failed. */
  readonly failed: boolean;
  /** True when an item failed on its input (the watch command then exits 2). */
  readonly badInput: boolean;
}

type Frames = {
  readonly [name: string]: unknown;
  provenance?: readonly Provenance[];
  warnings?: readonly Warn[];
};
type Warn = { code: string; message: string };

async function pull(client: Client, endpoint: string, params: Record<string, unknown>): Promise<Frames> {
  const ep = (ENDPOINTS as Record<string, { pagination: string }>)[endpoint];
  const [ns, m] = endpoint.split(".");
  // deno-lint-ignore no-explicit-any
  const method = (client as any)[ns][m];
  const result = ep.pagination === "page" ? await method.all(params) : await method(params);
  const rows = frameFromResult(result, endpoint);
  return { rows, provenance: [result.meta], warnings: result.meta.warnings };
}

async function alertsFrame(client: Client): Promise<Frames> {
  const list = await client.alerts.list.all({});
  const metas: Provenance[] = [list.meta];
  const warnings: Warn[] = [];
  // Every alert field is sandbox-chosen (the spec shows none): without `alert_id` there is no id to
  // ask alerts.get for, so the listed rows are kept as they are and the report says why.
  const ids = list.rows.map((a) => a.alert_id).filter((id) => id !== undefined && id !== null);
  if (ids.length < list.rows.length) {
    warnings.push({
      code: "field-absent",
      message: `${list.rows.length - ids.length} of ${list.rows.length} alerts carry no alert_id on this ` +
        "service (a field the spec does not name), so when they last fired and how many matches they " +
        'have could not be read: the watch ("alerts": true) cannot tell which of them fired',
    });
  }
  const details = new Map<unknown, Record<string, unknown>>();
  for (const id of ids) {
    const one = await client.alerts.get({ alertDbId: String(id) });
    metas.push(one.meta);
    const body = one.body as { data?: Record<string, unknown> } & Record<string, unknown>;
    details.set(id, body.data ?? body);
  }
  const full = list.rows.map((a) => details.get(a.alert_id) ?? (a as Record<string, unknown>));
  const get = (k: string) => full.map((r) => r[k] ?? null);
  const base = toFrame("alert", full);
  const alerts = base.withColumns(
    pl.Series(
      "last_triggered_at",
      get("last_triggered_at").map((v) => v === null ? null : Date.parse(String(v))),
      pl.Float64,
    )
      .cast(pl.Datetime("ms")),
    pl.Series("match_count", get("match_count"), pl.Float64).cast(pl.Int64),
  );
  // The calls' own warnings (e.g. `field-absent` when the service sends no last_triggered_at), once each.
  const byMessage = new Map([...warnings, ...metas.flatMap((m) => m.warnings)].map((w) => [w.message, w]));
  return {
    alerts: withProvenance(withKey(alerts, resolveResource("alert").key), metas),
    provenance: metas,
    warnings: [...byMessage.values()],
  };
}

async function runItem(client: Client, item: WatchItem): Promise<Frames> {
  if (item.endpoint) return await pull(client, item.endpoint, item.params);
  const fn = WATCH_ANALYSES[item.analysis!] as unknown as (c: Client, p: unknown) => Promise<Frames>;
  return await fn(client, item.params);
}

/** A snapshot saved earlier on `date`, as a result: its frames, provenance and warnings. */
async function savedResult(store: string, name: string, date: string): Promise<Frames> {
  const snap = await loadSnapshot(store, name, date);
  const calls = new Map<string, Provenance>(); // frames of one analysis share its calls: each once
  for (const df of Object.values(snap.frames)) {
    for (const p of provenanceOf(df)) calls.set(JSON.stringify(p), p);
  }
  return { ...snap.frames, provenance: [...calls.values()], warnings: snap.manifest.warnings ?? [] };
}

/**
 * Run a watchlist: run, snapshot and diff every item (and the alerts when asked).
 *
 * @param watchlist A parsed watchlist ({@linkcode parseWatchlist}).
 * @param options Client, store folder, day, overwrite.
 * @returns Per-item outcomes, biggest change first.
 * @throws {StoreLockedError} When another run still holds the store after the wait.
 */
export async function runWatch(watchlist: Watchlist, options: RunWatchOptions): Promise<WatchOutcome> {
  if (options.lock === false) return await run(watchlist, options);
  const release = await lockStore(options.store, {
    ...options.lock,
    ...(options.log ? { log: options.log } : {}),
  });
  try {
    return await run(watchlist, options);
  } finally {
    await release();
  }
}

async function run(watchlist: Watchlist, options: RunWatchOptions): Promise<WatchOutcome> {
  const { client, store, date } = options;
  const log = options.log ?? (() => {});
  const jobs: { name: string; what: string; run: () => Promise<Frames>; inputs?: unknown }[] = watchlist
    .analyses
    .map((item) => ({
      name: item.name,
      what: item.analysis ?? item.endpoint!,
      run: () => runItem(client, item),
      inputs: item.params,
    }));
  if (watchlist.alerts) jobs.push({ name: ALERTS_SNAPSHOT, what: "alerts", run: () => alertsFrame(client) });
  // A day already saved for some items but not all (a run that partly failed) is resumed: the saved
  // items are read back, not fetched again, and only the others run. A day saved for every item is
  // refused unless overwrite is set.
  const saved = new Set<string>();
  if (!options.overwrite) {
    for (const j of jobs) if ((await listSnapshots(store, j.name)).includes(date)) saved.add(j.name);
    if (saved.size === jobs.length) {
      throw new Error(
        `A snapshot already exists at ${
          jobs.map((j) => `${store}/${j.name}/date=${date}`).join(", ")
        }; run again with --overwrite to replace it (in code: runWatch(…, { overwrite: true }))`,
      );
    }
  }
  const items: WatchItemOutcome[] = [];
  for (const job of jobs) {
    const started = performance.now();
    const before = (await listSnapshots(store, job.name)).filter((d) => d < date).at(-1) ?? null;
    try {
      const resumed = saved.has(job.name);
      const result = resumed ? await savedResult(store, job.name, date) : await job.run();
      if (!resumed) {
        await snapshot(store, job.name, result, {
          date,
          overwrite: options.overwrite ?? false,
          analysis: job.what,
          ...(job.inputs !== undefined ? { inputs: job.inputs } : {}),
        });
      }
      const d = before === null ? undefined : diff(await loadSnapshot(store, job.name, before), result);
      const size = d?.totals.rows ?? 0;
      items.push({
        name: job.name,
        what: job.what,
        since: before,
        ...(d ? { diff: d } : {}),
        provenance: result.provenance ?? [],
        warnings: (result.warnings ?? []).map((w) => ({ code: w.code, message: w.message })),
        size,
        frames: framesOf(result),
      });
      const secs = ((performance.now() - started) / 1000).toFixed(1);
      log(
        `${job.name}: ${resumed ? "saved earlier today; " : ""}${
          before === null
            ? "baseline saved"
            : d?.changed
            ? `${size === 1 ? "1 change" : `${size.toLocaleString("en-US")} changes`} since ${before}`
            : `no change since ${before}`
        } (${secs} s)`,
      );
    } catch (e) {
      // The client's typed errors say what went wrong in the analyst's words; anything else (a bug, a
      // file system error) keeps its class name, which is what a developer will search for.
      const message = e instanceof RiError
        ? e.message
        : e instanceof Error
        ? `${e.name}: ${e.message}`
        : String(e);
      const badInput = isBadInput(e);
      items.push({
        name: job.name,
        what: job.what,
        since: before,
        ...(badInput ? { badInput } : {}),
        provenance: [],
        warnings: [],
        error: message,
        size: 0,
      });
      log(`${job.name}: FAILED ${message}`);
    }
  }
  items.sort((a, b) => b.size - a.size);
  return {
    date,
    items,
    changed: items.some((i) => i.diff?.changed),
    failed: items.some((i) => i.error !== undefined),
    badInput: items.some((i) => i.badInput === true),
  };
}
