/**
 * `deno task contract [--out contract.json] [--spend-quota] [--tier free|pro|pos] [--id name=value]…
 * [--sandbox [full|spec-minimal|variant]] [--key free|pro|pos]`: the contract check for a first
 * real key. With `RI_BASE_URL` and `RI_API_KEY` set it makes one cheap call per endpoint the tier
 * allows and prints, per endpoint, the status, the spec-named and sandbox-chosen fields present or
 * missing, the keys re-spelt or unknown and whether the envelope is as expected; it writes the same
 * as JSON. `--sandbox` runs it against the embedded sandbox instead, to see what it does. The key is
 * never printed or written.
 *
 * @module
 */
import { parseFlags, usageProblems } from "../lib/cli/flags.ts";
import {
  checkContract,
  type ContractOptions,
  contractTable,
  createClient,
  RiError,
  serviceConfigOrExit,
} from "../lib/client/mod.ts";
import { type Tier, TIERS } from "../lib/client/schemas/vocab.ts";
import {
  mostProlificAuthor,
  type Profile,
  PROFILES,
  type Sandbox,
  startSandbox,
} from "../lib/sandbox/mod.ts";

const USAGE = `Usage: deno task contract [--out contract.json] [--spend-quota] [--tier free|pro|pos]
                          [--id name=value]... [--sandbox [full|spec-minimal|variant]] [--key free|pro|pos]

Checks the service at RI_BASE_URL with the key in RI_API_KEY: one cheap call per endpoint the tier
allows, then per endpoint its status, spec-named and sandbox-chosen fields present/missing, keys
re-spelt or unknown, and the envelope. Prints a table and writes JSON (--out, default contract.json;
--out - prints the JSON instead of the table).

  --spend-quota   also call the disease landscape (spends 1 of its 1,000 calls/day); skipped otherwise
  --tier T        the key's tier, when known: endpoints above it are skipped without a call
  --id name=val   an id no endpoint lists (e.g. --id authorId=A5012345678), or one to use instead
  --sandbox [P]   check the embedded sandbox (profile P, default full) instead of RI_BASE_URL
  --key T         with --sandbox: which demo key (tier) to use (default pro)`;

const HOW_TO = `contract: RI_BASE_URL is not set. Point it at the service and give your key:
  export RI_BASE_URL=https://your-service-host   # the service root; paths start with /api/v1
  export RI_API_KEY=...                          # sent only as the x-api-key header
  deno task contract
or see what the check does against the embedded sandbox: deno task contract --sandbox spec-minimal`;

const WRITE_HINT = "the task may write contract.json only: for another --out, run " +
  "deno run --allow-net --allow-env=RI_BASE_URL,RI_API_KEY --allow-write=<path> tools/contract.ts …";

/** Exit codes: 0 all answered as the spec says, 1 some broken or failed, 2 usage or configuration. */
export async function main(args: readonly string[]): Promise<number> {
  // `--sandbox` takes an optional profile: `--sandbox`, `--sandbox variant`, `--sandbox=variant`.
  const { help, values, problems } = parseFlags(args, {
    out: { type: "string" },
    "spend-quota": { type: "boolean" },
    tier: { type: "string" },
    id: { type: "string", multiple: true },
    sandbox: { type: "string", optionalValue: "full" },
    key: { type: "string" },
  });
  if (help) {
    console.log(USAGE);
    return 0;
  }
  const bad = (msg: string) => (console.error(`contract: ${msg}`), 2);
  const tier = values.tier as Tier | undefined;
  if (tier !== undefined && !TIERS.includes(tier)) {
    problems.push(`--tier must be one of ${TIERS.join(", ")}, got ${JSON.stringify(tier)}`);
  }
  const profile = values.sandbox as Profile | undefined;
  if (profile !== undefined && !PROFILES.includes(profile)) {
    problems.push(`--sandbox takes one of ${PROFILES.join(", ")}, got ${JSON.stringify(profile)}`);
  }
  const key = (values.key ?? "pro") as Tier;
  if (!TIERS.includes(key)) {
    problems.push(`--key must be one of ${TIERS.join(", ")}, got ${JSON.stringify(key)}`);
  }
  if (values.key !== undefined && profile === undefined) {
    problems.push("--key chooses a demo key of --sandbox only");
  }
  const ids: Record<string, string[]> = {};
  for (const pair of values.id ?? []) {
    const eq = pair.indexOf("=");
    if (eq < 1) {
      problems.push(`--id takes name=value (e.g. authorId=A5012345678), got ${JSON.stringify(pair)}`);
    } else (ids[pair.slice(0, eq)] ??= []).push(pair.slice(eq + 1));
  }
  if (problems.length) {
    console.error(usageProblems("contract", problems));
    return 2;
  }
  const out = values.out ?? "contract.json";
  if (out !== "-" && Deno.permissions.querySync({ name: "write", path: out }).state !== "granted") {
    return bad(`no permission to write ${out}; ${WRITE_HINT}`);
  }
  const real = profile === undefined ? serviceConfigOrExit("contract") : undefined;
  if (profile === undefined && !real) {
    console.error(HOW_TO);
    return 2;
  }
  let sb: Sandbox | undefined;
  try {
    const service = real ? real.origin : `sandbox (${profile})`;
    if (profile !== undefined) {
      sb = await startSandbox({ quiet: true, scale: "tiny", profile });
      // The spec lists author ids only in the trial full record (path not shown): take one from the data.
      const author = mostProlificAuthor(sb.store.db);
      if (author && !ids.authorId) ids.authorId = [author];
      console.error(
        `contract: checking the embedded sandbox (profile ${profile}, ${key} demo key, synthetic data)`,
      );
    }
    const ri = sb ? createClient({ baseUrl: sb.url, apiKey: sb.keys[key] }) : createClient();
    const options: ContractOptions = {
      spendQuota: values["spend-quota"] ?? false,
      ...(tier ? { tier } : {}),
      ids,
      onCheck: (c) => Deno.stderr.writeSync(new TextEncoder().encode(`  ${c.endpoint}: ${c.status}\n`)),
    };
    const report = await checkContract(ri, options);
    const json = JSON.stringify({ service, ...report }, null, 2);
    if (out === "-") console.log(json);
    else {
      console.log(contractTable(report, 160));
      await Deno.writeTextFile(out, json + "\n");
      console.log(`\nWrote ${out}`);
    }
    return report.summary.broken + report.summary.error > 0 ? 1 : 0;
  } catch (e) {
    if (e instanceof Deno.errors.NotCapable) {
      return bad(`${e.message.replace(/, run again with .*$/, "")}; ${WRITE_HINT}`);
    }
    if (e instanceof RiError) return bad(e.message);
    throw e;
  } finally {
    await sb?.close();
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
