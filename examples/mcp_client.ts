// deno run --allow-net=127.0.0.1 --allow-read --allow-write=out --allow-run --allow-env --allow-ffi --allow-sys examples/mcp_client.ts [tiny|small]
//
/**
 * An MCP session without an assistant: this script is the client. It launches `deno task mcp` (stdio,
 * embedded sandbox), lists the tools, resolves a name, runs every analysis, queries a frame by SQL and
 * saves a chart, printing what an assistant would read and how many tokens each answer takes.
 *
 * `--allow-run` starts the server (`deno task mcp`'s own command and flags); `--allow-env` is for the
 * SDK's stdio client, which passes the safe part of the environment (PATH, HOME, …) to the server.
 *
 * @module
 */
// @ts-types="@modelcontextprotocol/sdk/client/index"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/stdio"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
// @ts-types="@modelcontextprotocol/sdk/types"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { Buffer } from "node:buffer";
import { mostProlificAuthor, startSandbox } from "../lib/sandbox/mod.ts";

const scale = (Deno.args[0] ?? "tiny") as "tiny" | "small";
const root = new URL("../", import.meta.url);
// The task is a string or `{command, dependencies}` (deno.json's tasks depend on `deps`, the quiet install).
const mcpTask = JSON.parse(await Deno.readTextFile(new URL("deno.json", root))).tasks.mcp as
  | string
  | { command: string };
const task = typeof mcpTask === "string" ? mcpTask : mcpTask.command;
const tokens = (v: unknown) => Math.ceil(JSON.stringify(v).length / 4);
const textOf = (r: CallToolResult) => (r.content[0] as { text: string }).text;

// The researcher to ask about: the sandbox's most prolific author (same seed and scale as the server's).
const author = await (async () => {
  await using sb = await startSandbox({ port: 0, seed: 42, scale, quiet: true });
  return mostProlificAuthor(sb.store.db)!;
})();

const transport = new StdioClientTransport({
  command: Deno.execPath(),
  args: [...task.split(" && ").at(-1)!.split(/\s+/).slice(1), "--scale", scale], // the task's `deno run …`
  cwd: root.pathname,
  stderr: "inherit",
});
const mcp = new Client({ name: "example", version: "1" });
await mcp.connect(transport);

console.log(
  `MCP session with deno task mcp (${scale}) — tools, every analysis, SQL and a chart (data: embedded sandbox, synthetic)`,
);
const { tools } = await mcp.listTools();
console.log(`${tools.length} tools, ${tokens(tools)} tokens (chars/4) for the whole list:`);
for (const t of tools) console.log(`  ${t.name.padEnd(22)} ${String(tokens(t)).padStart(4)} tokens`);

const call = async (name: string, args: Record<string, unknown>) => {
  const r = (await mcp.callTool({ name, arguments: args })) as CallToolResult;
  console.log(`\n▶ ${name} ${JSON.stringify(args)} — ${tokens(r)} tokens${r.isError ? " (error)" : ""}`);
  console.log(textOf(r).split("\n").map((l) => `  ${l}`).join("\n"));
  return r;
};

await call("resolve_name", { kind: "sponsor", name: "pfizer" });
await call("resolve_name", { kind: "disease", name: "astma" });
const overlap = await call("portfolio_overlap", {
  sponsors: ["Pfizer", "Novartis", "Roche"],
  condition: "lung cancer",
});
await call("catalyst_calendar", { sponsors: ["Pfizer", "Novartis"], windowDays: 730 });
await call("target_prioritization", { disease: "breast cancer", topN: 10 });
await call("regulatory_landscape", { region: "US" });
await call("patent_trends", { cpc_code: "A61K" });
await call("disease_comparison", { diseases: ["breast cancer", "asthma"] });
await call("medicare_spending", { efo_id: "EFO:0003060" });
await call("researcher_output", { authorId: author });
await call("sponsor_scan", { sponsor: "Novartis" });
await call("loss_of_exclusivity", { sponsors: ["Pfizer", "Roche"], horizonYears: 10 });

const handle = (overlap.structuredContent as { handle: string }).handle;
await call("query_frames", {
  sql: `SELECT sponsor_a, sponsor_b, shared, jaccard FROM ${handle}_matrix ` +
    `WHERE sponsor_a < sponsor_b ORDER BY shared DESC`,
});
const chart = (await mcp.callTool({ name: "chart", arguments: { handle } })) as CallToolResult;
const png = chart.content.find((c: { type: string }) => c.type === "image") as { data: string };
await Deno.mkdir(new URL("out/", root), { recursive: true });
const file = new URL("out/mcp_portfolio_overlap.png", root);
await Deno.writeFile(file, Buffer.from(png.data, "base64"));
console.log(`\n▶ chart ${handle}: ${tokens(chart)} tokens of base64 PNG, saved to ${file.pathname}`);
await mcp.close();
