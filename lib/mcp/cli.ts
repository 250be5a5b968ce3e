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
import { createClient, serviceConfigOrExit } from "../client/mod.ts";
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

const env = (name: string): string | undefined =>
  Deno.permissions.querySync({ name: "env", variable: name }).state === "granted"
    ? Deno.env.get(name) || undefined
    : undefined;
// The one configuration reader: a wrong setting exits 2 naming the variable, never quoting the key.
const service = serviceConfigOrExit("mcp");
let close: () => Promise<void> = () => Promise.resolve();
let client;
if (service) {
  if ((await Deno.permissions.query({ name: "net", host: service.host })).state !== "granted") {
    fail(
      `no network permission for ${service.host}: run with --allow-net=${service.host} (see README, MCP server)`,
    );
  }
  client = createClient({ baseUrl: service.baseUrl, apiKey: service.apiKey });
  console.error(`mcp: using the service at ${service.origin}`);
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
const options = { client, synthetic: !service, budget, secrets: service ? [service.apiKey] : [] };
const stop = async () => {
  await close();
  Deno.exit(0);
};
Deno.addSignalListener("SIGINT", stop);
Deno.addSignalListener("SIGTERM", stop);

if (args.http) {
  const token = env("RI_MCP_TOKEN");
  if (!["127.0.0.1", "localhost", "::1"].includes(args.host) && !token) {
    fail(`--host ${args.host} is reachable from other machines: set RI_MCP_TOKEN (a bearer token) first`);
  }
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
