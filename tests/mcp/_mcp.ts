/**
 * Test helpers for the MCP server: the SDK's own client connected over stdio (the `deno task mcp`
 * command, with the task's own permissions) or Streamable HTTP (an in-process server on loopback), each
 * tool's arguments for the tiny sandbox, and readers of answers.
 *
 * @module
 */
// @ts-types="@modelcontextprotocol/sdk/client/index"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/stdio"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
// @ts-types="@modelcontextprotocol/sdk/types"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { type Client as RiClient, createClient } from "../../lib/client/mod.ts";
import { createMcpServer, type McpServerOptions, serveMcpHttp } from "../../lib/mcp/mod.ts";
import { mostProlificAuthor, type SandboxOptions, startSandbox } from "../../lib/sandbox/mod.ts";
import { taskArgs as argsOf } from "../_tasks.ts";

const ROOT = new URL("../../", import.meta.url);

/** The `deno task mcp` command line as `deno` arguments (the test runs what the task runs). */
export function taskArgs(): Promise<string[]> {
  return Promise.resolve(argsOf("mcp"));
}

/** An MCP client connected to a server, and how to stop both. */
export interface Connected extends AsyncDisposable {
  readonly mcp: Client;
  /** What the server wrote to stderr (stdio only). */
  readonly stderr: () => string;
}

/** The server of `deno task mcp` (stdio) with extra flags and environment. */
export async function overStdio(flags: string[] = [], env: Record<string, string> = {}): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: [...await taskArgs(), "--scale", "tiny", "--seed", "42", ...flags],
    cwd: ROOT.pathname,
    env: { PATH: Deno.env.get("PATH") ?? "", HOME: Deno.env.get("HOME") ?? "", NO_COLOR: "1", ...env },
    stderr: "pipe",
  });
  let err = "";
  transport.stderr?.on("data", (d: Uint8Array) => (err += new TextDecoder().decode(d)));
  const mcp = new Client({ name: "test", version: "1" });
  await mcp.connect(transport);
  return { mcp, stderr: () => err, [Symbol.asyncDispose]: () => mcp.close() };
}

/**
 * An in-process server over Streamable HTTP on the tiny sandbox, or on the sandbox `sandbox` says (a store,
 * a profile).
 */
export async function overHttp(
  options: Partial<McpServerOptions> = {},
  http: { token?: string } = {},
  sandbox: SandboxOptions = { seed: 42, scale: "tiny" },
): Promise<Connected & { url: string; author: string; client: RiClient }> {
  const sb = await startSandbox({ ...sandbox, port: 0, quiet: true });
  const client = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
  const server = await serveMcpHttp({
    createServer: () => createMcpServer({ client, synthetic: true, ...options }),
    token: http.token,
  });
  const mcp = new Client({ name: "test", version: "1" });
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL(server.url), {
      requestInit: http.token ? { headers: { authorization: `Bearer ${http.token}` } } : {},
    }),
  );
  return {
    mcp,
    url: server.url,
    author: mostProlificAuthor(sb.store.db) ?? "",
    client,
    stderr: () => "",
    [Symbol.asyncDispose]: async () => {
      await mcp.close();
      await server.close();
      await sb.close();
    },
  };
}

/** The tiny sandbox's most prolific author (the same store as the stdio server's: seed 42, tiny). */
export async function tinyAuthor(): Promise<string> {
  await using sb = await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
  return mostProlificAuthor(sb.store.db)!;
}

/** Arguments of every analysis tool on the tiny sandbox. */
export const ANALYSIS_ARGS = (author: string): Record<string, Record<string, unknown>> => ({
  portfolio_overlap: { sponsors: ["Pfizer", "Novartis", "Roche"], condition: "lung cancer" },
  catalyst_calendar: { sponsors: ["Pfizer", "Novartis"], windowDays: 730 },
  target_prioritization: { disease: "breast cancer", topN: 10 },
  regulatory_landscape: { region: "US" },
  patent_trends: { cpc_code: "A61K" },
  disease_comparison: { diseases: ["breast cancer", "asthma"] },
  medicare_spending: { efo_id: "EFO:0003060" },
  researcher_output: { authorId: author },
  sponsor_scan: { sponsor: "Novartis" },
  loss_of_exclusivity: { sponsors: ["Pfizer", "Roche"], horizonYears: 10 },
  phase_transitions: { drugs: ["osimertinib", "pembrolizumab", "durvalumab"], diseases: ["lung cancer"] },
  pipeline_outlook: { sponsors: ["Novartis"], diseases: ["lung cancer"], maxDetails: 20 },
});

/** The structured body of an answer. */
// deno-lint-ignore no-explicit-any
export const body = (r: CallToolResult): any => r.structuredContent;

/** The text of an answer's first block. */
export const text = (r: CallToolResult): string => (r.content[0] as { text: string }).text;

/** Estimated tokens of an answer (characters / 4, as the server measures). */
export const tokens = (r: unknown): number => Math.ceil(JSON.stringify(r).length / 4);

/** Call a tool. */
export const call = async (
  mcp: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult> => (await mcp.callTool({ name, arguments: args })) as CallToolResult;
