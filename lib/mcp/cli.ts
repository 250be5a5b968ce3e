/**
 * `deno task mcp`: the MCP server over stdio (what desktop assistants launch) or, with `--http`,
 * Streamable HTTP on loopback.
 *
 * ```sh
 * deno task mcp                       # stdio, embedded sandbox (synthetic data)
 * deno task mcp --http --port 8765    # http://127.0.0.1:8765/mcp
 * RI_BASE_URL=… RI_API_KEY=… deno task mcp   # the real service
 * ```
 *
 * Flags: `--http`, `--host` (default 127.0.0.1), `--port` (default 8765), `--budget` (answer tokens,
 * default 8000), `--scale` and `--seed` of the embedded sandbox. `RI_MCP_TOKEN` set: HTTP requests need
 * `Authorization: Bearer <token>`. Only JSON-RPC goes to stdout; everything else to stderr.
 *
 * @module
 */
// Nothing but JSON-RPC on stdout in stdio mode: whatever logs, logs to stderr.
console.log = console.info = console.debug = console.error;

import process from "node:process";
import { parseArgs } from "node:util";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createClient } from "../client/mod.ts";
import { startSandbox } from "../sandbox/mod.ts";
import { serveMcpHttp } from "./http.ts";
import { createMcpServer, DEFAULT_BUDGET } from "./server.ts";

const USAGE = "usage: deno task mcp [--http] [--host 127.0.0.1] [--port 8765] [--budget 8000] " +
  "[--scale tiny|small] [--seed 42]";

function fail(message: string): never {
  console.error(`mcp: ${message}\n${USAGE}`);
  Deno.exit(2);
}

let args;
try {
  args = parseArgs({
    args: Deno.args,
    options: {
      http: { type: "boolean", default: false },
      host: { type: "string", default: "127.0.0.1" },
      port: { type: "string", default: "8765" },
      budget: { type: "string", default: String(DEFAULT_BUDGET) },
      scale: { type: "string", default: "small" },
      seed: { type: "string", default: "42" },
    },
    strict: true,
  }).values;
} catch (e) {
  fail((e as Error).message);
}
const budget = Number(args.budget);
if (!Number.isInteger(budget) || budget < 500) {
  fail(`--budget must be a whole number of tokens ≥ 500, got '${args.budget}'`);
}
const port = Number(args.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be 0–65535, got '${args.port}'`);
if (!["tiny", "small", "large"].includes(args.scale)) {
  fail(`--scale must be tiny, small or large, got '${args.scale}'`);
}

const env = (name: string): string | undefined => {
  try {
    return Deno.env.get(name) || undefined;
  } catch {
    return undefined; // no permission for it: as if unset
  }
};
const baseUrl = env("RI_BASE_URL");
const apiKey = env("RI_API_KEY");
let close: () => Promise<void> = () => Promise.resolve();
let client;
if (baseUrl) {
  let host: string;
  try {
    host = new URL(baseUrl).host;
  } catch {
    fail("RI_BASE_URL is not a URL (are RI_BASE_URL and RI_API_KEY swapped?)");
  }
  if ((await Deno.permissions.query({ name: "net", host })).state !== "granted") {
    fail(`no network permission for ${host}: run with --allow-net=${host} (see README, MCP server)`);
  }
  client = createClient({ baseUrl, apiKey });
  console.error(`mcp: using the service at ${new URL(baseUrl).origin}`);
} else {
  const sb = await startSandbox({
    port: 0,
    seed: Number(args.seed),
    scale: args.scale as "small",
    quiet: true,
  });
  close = () => sb.close();
  client = createClient({ baseUrl: sb.url, apiKey: sb.keys.pro });
  console.error(
    `mcp: no RI_BASE_URL: embedded sandbox (${args.scale}, seed ${args.seed}); data are synthetic`,
  );
}
const options = { client, synthetic: !baseUrl, budget, secrets: apiKey ? [apiKey] : [] };
const stop = async () => {
  await close();
  Deno.exit(0);
};
Deno.addSignalListener("SIGINT", stop);
Deno.addSignalListener("SIGTERM", stop);

if (args.http) {
  const token = env("RI_MCP_TOKEN");
  const http = await serveMcpHttp({
    createServer: () => createMcpServer(options),
    hostname: args.host,
    port,
    token,
  });
  console.error(`mcp: Streamable HTTP on ${http.url}${token ? " (bearer token required)" : ""}`);
} else {
  const server = createMcpServer(options);
  const transport = new StdioServerTransport();
  transport.onclose = () => void stop();
  process.stdin.on("end", () => void stop()); // the assistant went away
  await server.connect(transport);
}
