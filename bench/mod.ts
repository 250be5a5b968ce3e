/**
 * Runs every benchmark script in turn, each in its own process, printing its figures.
 *
 * `deno task bench` (all presets), `deno task bench -- --quick` (skips the `large` preset and other long
 * runs), `deno task bench -- --only import,watch` (those scripts only: `<name>_bench.ts`, or `mcp_sizes`),
 * and `--record`, which also writes each script's output into docs/BENCHMARKS.md with the date, the
 * machine, its load before and after, the commit and the exact command — the one place the documents take
 * timings and sizes from. A script not run keeps its earlier recorded section; a failed one is not recorded.
 *
 * @module
 */
const scripts = [
  "generate_bench.ts",
  "store_cache_bench.ts",
  "import_bench.ts",
  "sandbox_bench.ts",
  "paging_bench.ts",
  "advance_bench.ts",
  "client_bench.ts",
  "pace_bench.ts",
  "frames_bench.ts",
  "watch_bench.ts",
  "portfolio_bench.ts",
  "loa_bench.ts",
  "registries_bench.ts",
];

/** Section titles in docs/BENCHMARKS.md (their anchors are linked from the other documents). */
const TITLES: Record<string, string> = {
  generate: "Sandbox generation",
  store_cache: "Sandbox start and the store cache",
  import: "Import of public data",
  sandbox: "Sandbox latency and throughput",
  paging: "Sandbox work per page",
  advance: "Sandbox advance",
  client: "Client pagination",
  pace: "Adaptive pacing",
  frames: "Rows to DataFrame",
  watch: "Watch snapshots and diffs",
  portfolio: "Portfolio overlap at scale",
  loa: "Likelihood of approval and the pipeline outlook",
  registries: "Import of identifier registries",
  open_targets: "Import of an Open Targets release",
  patentsview: "Import of PatentsView",
  grants_researchers: "Import of grants and researchers (NIH ExPORTER, CORDIS, OpenAlex)",
  mcp_sizes: "MCP answer sizes",
  newcomer: "A newcomer's first run",
};

/** Runs that are not `<name>_bench.ts` files, or are not run unless named with --only. */
const EXTRA: Record<string, { path: string; args: (quick: boolean) => string[]; onlyWhenNamed?: boolean }> = {
  // The MCP session example prints the tool list's size and every answer's: the figures MCP.md cites.
  mcp_sizes: { path: "../examples/mcp_client.ts", args: () => ["tiny"] },
  // A fresh clone with empty npm and Deno caches: network-bound and heavy, so only when asked for.
  newcomer: { path: "newcomer_bench.ts", args: () => [], onlyWhenNamed: true },
  // An Open Targets release in its published Parquet layout (about 4 million direct associations).
  open_targets: {
    path: "import_bench.ts",
    args: (quick) => ["--open-targets", ...(quick ? ["--quick"] : [])],
  },
  // PatentsView's tables in their published layout, with about 3 million current-CPC rows.
  patentsview: {
    path: "import_bench.ts",
    args: (quick) => ["--patentsview", "--cpc", quick ? "300000" : "3000000"],
  },
  // An NIH ExPORTER fiscal year, CORDIS Horizon 2020 and an OpenAlex works partition at published sizes.
  grants_researchers: {
    path: "import_bench.ts",
    args: (quick) => ["--grants-researchers", ...(quick ? ["--quick"] : [])],
  },
};

const quick = Deno.args.includes("--quick");
const record = Deno.args.includes("--record");
const onlyAt = Deno.args.indexOf("--only");
const only = onlyAt >= 0 ? (Deno.args[onlyAt + 1] ?? "").split(",").map((s) => s.trim()).filter(Boolean) : [];
const nameOf = (script: string) => script.replace(/_bench\.ts$/, "");
const runs = [
  ...scripts.map((s) => ({ name: nameOf(s), path: s, args: quick ? ["--quick"] : [], named: false })),
  ...Object.entries(EXTRA).map(([name, e]) => ({
    name,
    path: e.path,
    args: e.args(quick),
    named: e.onlyWhenNamed,
  })),
].filter((r) => only.length ? only.includes(r.name) : !r.named);
const unknown = only.filter((n) => !runs.some((r) => r.name === n));
if (unknown.length) {
  const names = [...scripts.map(nameOf), ...Object.keys(EXTRA)].join(", ");
  console.error(`--only: unknown benchmark ${unknown.join(", ")}; the benchmarks are ${names}`);
  Deno.exit(2);
}

const loadavg = () => {
  try {
    return Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
  } catch {
    return "unknown";
  }
};

/** Runs a script, showing its output as it comes and keeping its stdout. */
async function run(path: string, args: string[]): Promise<{ code: number; out: string; seconds: number }> {
  const t0 = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", path, ...args],
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  let out = "";
  const decoder = new TextDecoder();
  for await (const chunk of child.stdout) {
    await Deno.stdout.write(chunk);
    out += decoder.decode(chunk, { stream: true });
  }
  const { code } = await child.status;
  return { code, out, seconds: (performance.now() - t0) / 1000 };
}

const recorded: Record<string, string> = {};
let failed = 0;
for (const r of runs) {
  const path = new URL(r.path, import.meta.url).pathname;
  try {
    await Deno.stat(path);
  } catch {
    console.log(`\n=== ${r.path}: missing, skipped ===`);
    continue;
  }
  console.log(`\n=== ${r.path} ===`);
  const before = loadavg();
  const started = new Date();
  const { code, out, seconds } = await run(path, r.args);
  if (code !== 0) {
    failed++;
    continue;
  }
  const script = path.slice(new URL("../", import.meta.url).pathname.length);
  const command = `deno run -A ${script}${r.args.length ? ` ${r.args.join(" ")}` : ""}`;
  recorded[r.name] = [
    `\`${command}\`, recorded ${started.toISOString().slice(0, 16).replace("T", " ")} UTC in ` +
    `${seconds.toFixed(0)} s; load average (1, 5, 15 min) ${before} before, ${loadavg()} after.`,
    "",
    "```text",
    out.trimEnd(),
    "```",
  ].join("\n");
}

if (record) await writeRecord(recorded);
if (failed) {
  console.error(`${failed} benchmark script(s) failed`);
  Deno.exit(1);
}

/** The machine the figures were taken on, in one line. */
async function machine(): Promise<string> {
  let cpu = "unknown CPU";
  try {
    cpu = Deno.readTextFileSync("/proc/cpuinfo").match(/^model name\s*:\s*(.+)$/m)?.[1] ?? cpu;
  } catch { /* not Linux */ }
  const gib = (Deno.systemMemoryInfo().total / 2 ** 30).toFixed(0);
  let commit = "unknown";
  try {
    const git = await new Deno.Command("git", { args: ["rev-parse", "--short", "HEAD"], stdout: "piped" })
      .output();
    commit = new TextDecoder().decode(git.stdout).trim() || commit;
  } catch { /* no git */ }
  return `${navigator.hardwareConcurrency} × ${cpu}, ${gib} GiB RAM, ${Deno.build.os} ${Deno.osRelease()}, ` +
    `Deno ${Deno.version.deno}, commit ${commit}`;
}

/** Replace the recorded sections in docs/BENCHMARKS.md, keeping every other section as it was. */
async function writeRecord(sections: Record<string, string>): Promise<void> {
  const file = new URL("../docs/BENCHMARKS.md", import.meta.url);
  const old = await Deno.readTextFile(file).catch(() => "");
  const kept = (name: string) =>
    old.match(new RegExp(`<!-- bench:${name} -->\\n([\\s\\S]*?)\\n<!-- /bench:${name} -->`))?.[1];
  // Notes written by hand after a section's end marker stay with it: paragraphs and whole hand-written
  // sections (their own `## ` heading, no marker), up to the next recorded section.
  const notes = (name: string) =>
    old.match(new RegExp(`<!-- /bench:${name} -->\\n([\\s\\S]*?)(?=\\n## [^\\n]*\\n\\n<!-- bench:|$)`))?.[1]
      .trim() ?? "";
  const on = await machine();
  const names = [...new Set([...Object.keys(TITLES), ...runs.map((r) => r.name)])];
  const body = names.flatMap((name) => {
    const text = sections[name] ? `Machine: ${on}.\n\n${sections[name]}` : kept(name);
    const title = TITLES[name] ?? name;
    const after = notes(name);
    return text
      ? [
        `## ${title}`,
        "",
        `<!-- bench:${name} -->`,
        text,
        `<!-- /bench:${name} -->`,
        "",
        ...(after ? [after, ""] : []),
      ]
      : [];
  });
  const head = [
    "# Benchmarks",
    "",
    "The one source of the timings and sizes the documents give: each section below is a benchmark's own",
    "output, written by `deno task bench -- --record` (`--only <names>` runs some, `--quick` the short",
    "presets) with the date, the machine, its load average before and after, the commit and the exact",
    "command. Other pages link here instead of restating a figure. The machine is a shared 2-core VM where",
    "other processes run at the same time, so read a figure as rough and mind the load beside it; a section",
    "keeps its own date until its benchmark is recorded again.",
    "",
  ];
  await Deno.writeTextFile(file, [...head, ...body].join("\n").trimEnd() + "\n");
  // In the project's Markdown style, so `deno fmt --check` (deno task check) passes after a record.
  await new Deno.Command(Deno.execPath(), { args: ["fmt", "-q", file.pathname] }).output();
  console.log(`\nrecorded ${Object.keys(sections).join(", ") || "nothing"} in docs/BENCHMARKS.md`);
}
