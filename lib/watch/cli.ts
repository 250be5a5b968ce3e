/**
 * The watch command: `deno task watch -- watchlist.json [--overwrite] [--sandbox-advance <days>]`.
 *
 * Runs the watchlist's analyses on the embedded sandbox (or the real service when RI_BASE_URL and
 * RI_API_KEY are set), snapshots them under the watchlist's `store`, diffs each against its latest earlier
 * snapshot, lists new and fired alerts (when `alerts` is true) and writes `report.html` + `report.md`.
 *
 * Exit codes: 0 nothing changed (or a first run: the baseline), 1 failed, 2 bad input (watchlist,
 * flags, an item's params the client or analysis rejects, a day that already has a snapshot without
 * --overwrite), 3 changes found.
 *
 * @module
 */
import { parseFlags, usageProblems } from "../cli/flags.ts";
import { plural } from "../frames/semantics.ts";
import { createClient, serviceConfigOrExit } from "../client/mod.ts";
import { startSandbox } from "../sandbox/mod.ts";
import { writeChangeReport } from "./change_report.ts";
import { dataSourceText } from "../report/source.ts";
import { runWatch } from "./run.ts";
import { lockStore, StoreLockedError } from "./lock.ts";
import { parseWatchlist, WatchlistError } from "./watchlist.ts";

const HELP = `Usage: deno task watch -- <watchlist.json> [options]

Runs the watchlist, snapshots every analysis (Parquet, <store>/<name>/date=YYYY-MM-DD/), diffs it against the
last snapshot and writes report.html and report.md (default folder <store>/_report).

Options:
  --overwrite              replace this day's snapshots if they exist
  --out <dir>              report folder (overrides the watchlist's "out")
  --sandbox-advance <days> sandbox only: move the sandbox's world forward by <days> before running (demo)
  --scale tiny|small       sandbox only: data scale (default small)
  --store <file>           sandbox only: serve the public data of a store built by \`deno task import\`
                           (or RI_STORE) instead of synthetic data; not the watchlist's snapshot "store"
  --wait <seconds>         how long to wait for another run on the same store (default 120; a run
                           killed or hung is taken over once its lock is 20 s stale)
  --help                   this text

Sandbox by default; the real service when RI_BASE_URL and RI_API_KEY are set.
Exit codes: 0 no change (or first run), 1 failed, 2 bad input, 3 changes found.`;

const env = (name: string): string | undefined => {
  const ok = Deno.permissions.querySync({ name: "env", variable: name }).state === "granted";
  return ok ? Deno.env.get(name) || undefined : undefined;
};

function bad(message: string): never {
  console.error(message);
  Deno.exit(2);
}

const dirOf = (path: string) => (path.includes("/") ? path.slice(0, path.lastIndexOf("/")) || "/" : ".");
const under = (base: string, p: string) => (p.startsWith("/") ? p : `${base}/${p}`);

async function main(): Promise<number> {
  const { help, values, positionals, problems } = parseFlags(Deno.args, {
    overwrite: { type: "boolean" },
    out: { type: "string" },
    "sandbox-advance": { type: "string" },
    scale: { type: "string" },
    store: { type: "string" },
    wait: { type: "string" },
  }, { positionals: 1 });
  if (help) {
    console.log(HELP);
    return 0;
  }
  if (positionals.length === 0) {
    problems.unshift("give the watchlist file, e.g. deno task watch -- watchlist.json");
  }
  const advanceText = values["sandbox-advance"];
  const days = advanceText === undefined ? 0 : Number(advanceText);
  if (advanceText !== undefined && (!Number.isInteger(days) || days < 1 || days > 3650)) {
    problems.push(
      `--sandbox-advance is '${advanceText}'; give whole days from 1 to 3650, e.g. --sandbox-advance 30`,
    );
  }
  const scale = values.scale ?? "small";
  if (!["tiny", "small"].includes(scale)) problems.push(`--scale is '${scale}'; use tiny or small`);
  const waitText = values.wait ?? "120";
  const waitS = Number(waitText);
  if (!(Number.isFinite(waitS) && waitS >= 0 && waitS <= 86_400)) {
    problems.push(`--wait is '${waitText.slice(0, 20)}'; give seconds from 0 to 86400, e.g. --wait 60`);
  }
  // `deno task` runs in the project folder; INIT_CWD is where the user typed the command.
  const cwd = env("INIT_CWD");
  const storeFile = values.store && cwd && !values.store.startsWith("/")
    ? `${cwd}/${values.store}`
    : values.store;
  if (storeFile && !(await Deno.stat(storeFile).then((s) => s.isFile, () => false))) {
    problems.push(
      `--store: no store file at '${
        storeFile.slice(0, 200)
      }'; build one with deno task import -- --store <file> …`,
    );
  }
  if (problems.length) bad(usageProblems("watch", problems));
  const file = cwd && !positionals[0].startsWith("/") ? `${cwd}/${positionals[0]}` : positionals[0];
  let text: string;
  try {
    text = await Deno.readTextFile(file);
  } catch (e) {
    bad(`Cannot read the watchlist '${file}': ${(e as Error).message}`);
  }
  let watchlist;
  try {
    watchlist = parseWatchlist(text, file);
  } catch (e) {
    if (e instanceof WatchlistError) bad(e.message);
    throw e;
  }
  const service = serviceConfigOrExit("watch");
  const real = service !== undefined;
  if (real && days) {
    bad("--sandbox-advance works on the sandbox only; unset RI_BASE_URL/RI_API_KEY to use it");
  }
  if (real && values.store) {
    bad("--store serves an imported store in the sandbox only; unset RI_BASE_URL/RI_API_KEY to use it");
  }
  if (real) {
    const host = service!.host;
    if ((await Deno.permissions.query({ name: "net", host })).state !== "granted") {
      bad(
        `The watch task only allows loopback network access. To watch ${host}:\n  deno run --allow-net=${host} ` +
          `--allow-read --allow-write --allow-ffi --allow-sys --allow-env lib/watch/cli.ts ${file}`,
      );
    }
  }

  const base = dirOf(file);
  const store = under(base, watchlist.store);
  const out = values.out ?? (watchlist.out ? under(base, watchlist.out) : `${store}/_report`);
  const sb = real ? undefined : await startSandbox({
    seed: 42,
    scale: scale as "tiny" | "small",
    quiet: true,
    ...(storeFile ? { store: storeFile } : {}),
  });
  const synthetic = !real && sb!.dataSource.kind === "synthetic";
  try {
    let date = new Date().toISOString().slice(0, 10);
    if (sb) date = days ? (await sb.advance(days)).toDay : sb.store.today;
    const client = real ? createClient() : createClient({ baseUrl: sb!.url, apiKey: sb!.keys.pos });
    console.error(
      `watch ${file}: ${plural(watchlist.analyses.length, "item")}${
        watchlist.alerts ? " and alerts" : ""
      }, day ${date}, ` +
        (real ? `service ${service!.host}` : synthetic ? "synthetic sandbox data" : "imported public data"),
    );
    // One writer per store, the change report included (lib/watch/lock.ts).
    let release;
    try {
      release = await lockStore(store, { waitMs: waitS * 1000, log: console.error });
    } catch (e) {
      if (!(e instanceof StoreLockedError)) throw e;
      console.error(e.message);
      return 1;
    }
    let outcome, written;
    try {
      try {
        outcome = await runWatch(watchlist, {
          client,
          store,
          date,
          overwrite: values.overwrite,
          log: console.error,
          lock: false,
        });
      } catch (e) {
        if (!/already exists at/.test((e as Error).message)) throw e;
        await release();
        bad((e as Error).message); // exits: release first
      }
      // The data in words (the report's one helper), never a loopback address and port.
      const source = dataSourceText(
        real
          ? { kind: "service", url: service!.origin }
          : sb!.dataSource.kind === "synthetic"
          ? { kind: "synthetic" }
          : { kind: "imported", sources: sb!.dataSource.sources },
      );
      written = await writeChangeReport(outcome, { source, synthetic }, out);
    } finally {
      await release();
    }
    console.error(`report: ${written.html} and ${written.markdown}`);
    if (outcome.badInput) {
      const bad = outcome.items.filter((i) => i.badInput).map((i) => `${i.name}: ${i.error}`).join("\n");
      console.error(`Fix the params of these items in ${file}:\n${bad}`);
      return 2;
    }
    return outcome.failed ? 1 : outcome.changed ? 3 : 0;
  } finally {
    await sb?.close();
  }
}

if (import.meta.main) {
  try {
    Deno.exit(await main());
  } catch (e) {
    console.error(`watch failed: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`);
    Deno.exit(1);
  }
}
