/**
 * The type-check time of a small project that imports this package the way JSR users do: the package is
 * served from a local JSR registry (`JSR_URL`, loopback) as `deno publish` would upload it (import-map
 * specifiers rewritten to `npm:` ones), and a consumer folder outside the repository imports it as
 * `jsr:@research-intel/toolkit@<version>`. Each run uses a fresh `DENO_DIR` (only the npm cache is shared,
 * so nothing is downloaded from the npm registry) and times `deno check` of one consumer file: CPU
 * (user + system) and wall seconds, median of the runs. JSR type-checks a package without slow types by
 * its public types only; `--path` instead maps the package's entries to the checkout's files (an import
 * map, as `deno link` does), so the package's whole source is type-checked too.
 *
 * Run: `deno run -A bench/consumer_check.ts [--root=<package folder>] [--runs=5] [--path]`.
 *
 * @module
 */
import { parseArgs } from "node:util";

const { values: flags } = parseArgs({
  args: Deno.args,
  options: { root: { type: "string" }, runs: { type: "string", default: "5" }, path: { type: "boolean" } },
});
const root = (flags.root ?? new URL("..", import.meta.url).pathname).replace(/\/?$/, "/");
const runs = Number(flags.runs);
const config = JSON.parse(await Deno.readTextFile(`${root}deno.json`));
const [scope, name] = (config.name as string).slice(1).split("/");
const version = config.version as string;
const imports = config.imports as Record<string, string>;

/** Consumer files: the client entry alone, and every entry point. */
const CONSUMERS: Record<string, string> = {
  "client.ts": `import { approvalTool, createClient, type TrialRow } from "${config.name}/client";
const ri = createClient({ baseUrl: "http://127.0.0.1:1", apiKey: "k" });
const page = await ri.trials.search({ search: "lung", status: "recruiting" });
const first: TrialRow | undefined = page.rows[0];
const ap = await ri.regulatory.search({ search: "insulin", limit: 1 });
const id = ap.rows[0]?.approval_id;
if (id) await approvalTool(ri, "record", id);
const g = await ri.patents.yoyGrowth({ dimension: "cpc" });
console.log(first?.trial_id, page.total, g.rows.length);
`,
  "all.ts": `import * as root from "${config.name}";
import * as client from "${config.name}/client";
import * as frames from "${config.name}/frames";
import * as analyses from "${config.name}/analyses";
import * as charts from "${config.name}/charts";
import * as sandbox from "${config.name}/sandbox";
import * as watch from "${config.name}/watch";
import * as mcp from "${config.name}/mcp";
const ri = client.createClient({ baseUrl: "http://127.0.0.1:1", apiKey: "k" });
const page = await ri.trials.search({ search: "lung" });
const rows: client.TrialRow[] = page.rows;
console.log(rows.length, Object.keys({ ...root, ...frames, ...analyses, ...charts, ...sandbox, ...watch, ...mcp }));
`,
};

/** Publishable files: mod.ts and lib/ TypeScript (publish.exclude leaves these), plus deno.json. */
async function files(dir = ""): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(root + dir)) {
    const rel = dir + e.name;
    if (e.isDirectory && (dir !== "" || e.name === "lib")) out.push(...await files(`${rel}/`));
    else if (
      e.isFile && (dir !== "" ? /\.(ts|json)$/.test(e.name) : ["mod.ts", "deno.json"].includes(e.name))
    ) {
      out.push(rel);
    }
  }
  return out;
}

/** Rewrites import-map specifiers (`"zod"`, `"zod/v4/core"`) to their targets, as `deno publish` does. */
function rewrite(text: string): string {
  return text.replace(/(from\s+|import\(\s*)"([^".][^"]*)"/g, (all, pre: string, spec: string) => {
    const key = Object.keys(imports).find((k) => spec === k || spec.startsWith(`${k}/`));
    return key ? `${pre}"${imports[key]}${spec.slice(key.length)}"` : all;
  });
}

async function sha256(bytes: Uint8Array): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
  return Array.from(d, (b) => b.toString(16).padStart(2, "0")).join("");
}

const served = new Map<string, Uint8Array>();
const manifest: Record<string, { size: number; checksum: string }> = {};
for (const rel of await files()) {
  const raw = await Deno.readTextFile(root + rel);
  const bytes = new TextEncoder().encode(rel.endsWith(".ts") ? rewrite(raw) : raw);
  served.set(`/@${scope}/${name}/${version}/${rel}`, bytes);
  manifest[`/${rel}`] = { size: bytes.length, checksum: `sha256-${await sha256(bytes)}` };
}
served.set(
  `/@${scope}/${name}/meta.json`,
  new TextEncoder().encode(JSON.stringify({ scope, name, latest: version, versions: { [version]: {} } })),
);
served.set(
  `/@${scope}/${name}/${version}_meta.json`,
  new TextEncoder().encode(JSON.stringify({ manifest, exports: config.exports })),
);

const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
  const body = served.get(new URL(req.url).pathname);
  return body ? new Response(body as Uint8Array<ArrayBuffer>) : new Response("not found", { status: 404 });
});
const jsrUrl = `http://127.0.0.1:${server.addr.port}/`;

const work = await Deno.makeTempDir({ prefix: "consumer_check_" });
const npmCache = `${work}/npm`;
await Deno.mkdir(npmCache);
const byPath = Object.fromEntries(
  Object.entries(config.exports as Record<string, string>).map(([k, v]) => [
    config.name + k.slice(1),
    root + v.slice(2),
  ]),
);
await Deno.writeTextFile(
  `${work}/deno.json`,
  JSON.stringify({
    imports: flags.path ? { ...imports, ...byPath } : { [config.name]: `jsr:${config.name}@${version}` },
    lock: false,
  }),
);
for (const [file, text] of Object.entries(CONSUMERS)) await Deno.writeTextFile(`${work}/${file}`, text);

/** `deno check file` with a fresh DENO_DIR: [cpu, wall] seconds. */
async function timed(file: string, i: number): Promise<[number, number]> {
  const dir = `${work}/deno_dir_${file}_${i}`;
  await Deno.mkdir(dir);
  await Deno.symlink(npmCache, `${dir}/npm`);
  const out = await new Deno.Command("/usr/bin/time", {
    args: ["-f", "TIME %U %S %e", "deno", "check", "--quiet", file],
    cwd: work,
    env: { DENO_DIR: dir, JSR_URL: jsrUrl, NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const err = new TextDecoder().decode(out.stderr);
  if (!out.success) throw new Error(`deno check ${file} failed:\n${err}`);
  const [u, s, e] = /TIME (\S+) (\S+) (\S+)/.exec(err)!.slice(1).map(Number);
  return [u + s, e];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  for (const file of Object.keys(CONSUMERS)) {
    await timed(file, -1); // warms the shared npm cache; not counted
    const cpu: number[] = [], wall: number[] = [];
    for (let i = 0; i < runs; i++) {
      const [c, w] = await timed(file, i);
      cpu.push(c), wall.push(w);
    }
    console.log(
      `${file}: cpu ${median(cpu).toFixed(2)} s, wall ${median(wall).toFixed(2)} s (median of ${runs}; ` +
        `cpu ${cpu.map((x) => x.toFixed(2)).join(" ")})`,
    );
  }
} finally {
  await server.shutdown();
  await Deno.remove(work, { recursive: true });
}
