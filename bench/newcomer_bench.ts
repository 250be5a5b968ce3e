/**
 * A newcomer's first run, timed: a fresh clone of this checkout in a temporary folder with empty npm and
 * Deno caches (so every dependency is downloaded), then the README's steps as written — the cold demo, the
 * warm demo, and the MCP Inspector CLI listing the tools — each with its wall time and what the cold demo
 * showed before its own output. Network-bound and heavy (about 130 MB from npm), so `deno task bench` runs
 * it only when named: `deno task bench -- --only newcomer --record`.
 *
 * @module
 */
const root = new URL("../", import.meta.url).pathname;
const work = await Deno.makeTempDir({ prefix: "ri-newcomer-" });
const env = {
  npm_config_cache: `${work}/npm`,
  DENO_DIR: `${work}/deno`,
  NO_COLOR: "1",
  RI_BASE_URL: "",
  RI_API_KEY: "",
};

async function step(name: string, cmd: string[], cwd: string) {
  const t0 = performance.now();
  const out = await new Deno.Command(cmd[0], {
    args: cmd.slice(1),
    cwd,
    env,
    stdout: "piped",
    stderr: "piped",
  })
    .output();
  const seconds = (performance.now() - t0) / 1000;
  const text = new TextDecoder().decode(out.stderr) + new TextDecoder().decode(out.stdout);
  if (!out.success) throw new Error(`${name} failed (exit ${out.code}):\n${text.slice(-2000)}`);
  return {
    name,
    seconds,
    stderr: new TextDecoder().decode(out.stderr),
    stdout: new TextDecoder().decode(out.stdout),
  };
}

try {
  const clone = `${work}/toolkit`;
  await step("clone", ["git", "clone", "-q", root, clone], work);
  const rows = [
    await step("npx -y deno@2.9.6 task demo (cold: empty npm and Deno caches)", [
      "npx",
      "-y",
      "deno@2.9.6",
      "task",
      "demo",
    ], clone),
    await step("npx -y deno@2.9.6 task demo (warm)", ["npx", "-y", "deno@2.9.6", "task", "demo"], clone),
    await step(
      "npx -y @modelcontextprotocol/inspector@2.12.0 --cli npx -y deno@2.9.6 task mcp --method tools/list",
      [
        "npx",
        "-y",
        "@modelcontextprotocol/inspector@2.12.0",
        "--cli",
        "npx",
        "-y",
        "deno@2.9.6",
        "task",
        "mcp",
        "--method",
        "tools/list",
      ],
      clone,
    ),
  ];
  console.log("| Step | Wall time |\n|---|---|");
  for (const r of rows) console.log(`| \`${r.name}\` | ${r.seconds.toFixed(1)} s |`);
  // What the cold demo printed before its own output (stderr, npm's config warning left out).
  const lines = rows[0].stderr.split("\n").filter((l) => l && !/^npm warn/.test(l));
  const own = lines.findIndex((l) => l.startsWith("Starting the embedded sandbox"));
  const before = lines.slice(0, own);
  const kinds = new Map<string, number>();
  for (const l of before) kinds.set(l.split(" ")[0], (kinds.get(l.split(" ")[0]) ?? 0) + 1);
  console.log(
    `\nThe cold demo's stderr before its own first line: ${before.length} lines (` +
      [...kinds].map(([k, n]) => `${n} '${k} …'`).join(", ") + ")",
  );
  const task = before.find((l) => l.startsWith("Task "));
  if (task) console.log(`  ${task.length > 100 ? `${task.slice(0, 100)}…` : task}`);
  console.log(`then: ${lines.slice(own, own + 2).join(" / ")}`);
  const size = await new Deno.Command("du", {
    args: ["-sm", `${work}/npm`, `${work}/deno`, `${clone}/node_modules`],
    stdout: "piped",
  })
    .output();
  console.log(
    `\nDownloaded and installed (MB): ${new TextDecoder().decode(size.stdout).trim().replaceAll("\n", "; ")}`,
  );
} finally {
  await Deno.remove(work, { recursive: true });
}
