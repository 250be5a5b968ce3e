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
// @ts-types="@modelcontextprotocol/sdk/server/stdio"
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { parseFlags, usageProblems } from "../cli/flags.ts";
import { createClient, serviceConfigOrExit } from "../client/mod.ts";
import { startSandbox } from "../sandbox/mod.ts";
import { serveMcpHttp } from "./http.ts";
import { createMcpServer, DEFAULT_BUDGET } from "./server.ts";

const USAGE = `deno task mcp [flags]: the analyses as MCP tools for AI assistants (stdio by default)

  --http            serve Streamable HTTP instead, on http://<host>:<port>/mcp
  --host H          interface for --http (default 127.0.0.1; another needs RI_MCP_TOKEN)
  --port N          port for --http (default 8765; 0: any free one)
  --budget N        tokens an answer may take (default ${DEFAULT_BUDGET}, at least 500)
  --scale S         embedded sandbox scale: tiny, small or large (default small)
  --seed N          embedded sandbox seed (default 42)

RI_BASE_URL and RI_API_KEY set: the real service instead of the sandbox. RI_MCP_TOKEN set: HTTP
requests need Authorization: Bearer <token>.`;

function fail(message: string): never {
  console.error(usageProblems("mcp", [message]));
  Deno.exit(2);
}

const { help, values, problems } = parseFlags(Deno.args, {
  http: { type: "boolean" },
  host: { type: "string" },
  port: { type: "string" },
  budget: { type: "string" },
  scale: { type: "string" },
  seed: { type: "string" },
});
if (help) {
  console.error(USAGE);
  Deno.exit(0);
}
const args = {
  http: values.http ?? false,
  host: values.host ?? "127.0.0.1",
  port: values.port ?? "8765",
  budget: values.budget ?? String(DEFAULT_BUDGET),
  scale: values.scale ?? "small",
  seed: values.seed ?? "42",
};
const budget = Number(args.budget);
if (!Number.isInteger(budget) || budget < 500) {
  problems.push(`--budget must be a whole number of tokens ≥ 500, got '${args.budget}'`);
}
const port = Number(args.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  problems.push(`--port must be 0–65535, got '${args.port}'`);
}
if (!["tiny", "small", "large"].includes(args.scale)) {
  problems.push(`--scale must be tiny, small or large, got '${args.scale}'`);
}
if (!/^\d+$/.test(args.seed)) problems.push(`--seed must be a whole number, got '${args.seed}'`);
if (problems.length) {
  console.error(usageProblems("mcp", problems));
  Deno.exit(2);
}

const env = (name: string): string | undefined =>
  Deno.permissions.querySync({ name: "env", variable: name }).state === "granted"
    ? Deno.env.get(name) || undefined
    : undefined;
// The one configuration reader: a wrong setting exits 2 naming the variable, never quoting the key.
const service = serviceConfigOrExit("mcp");
let close: () => Promise<void> = () => Promise.resolve();
let client;
let dataSource: { id: string; note: string } | undefined;
/** The embedded sandbox's reference day: charts and sentences count from it, not the wall clock. */
let asOf: Date | undefined;
if (service) {
  if ((await Deno.permissions.query({ name: "net", host: service.host })).state !== "granted") {
    fail(
      `no network permission for ${service.host}: run with --allow-net=${service.host} (see docs/MCP.md)`,
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
  asOf = new Date(`${sb.store.today}T00:00:00Z`);
  if (sb.dataSource.kind !== "synthetic") {
    const note = `Embedded sandbox over imported public data: ${sb.dataSource.label}.`;
    dataSource = { id: "imported-sandbox", note };
  }
  console.error(
    `mcp: no RI_BASE_URL: embedded sandbox (${
      dataSource ? dataSource.note : `${args.scale}, seed ${args.seed}; data are synthetic`
    })`,
  );
}
const options = {
  client,
  synthetic: !service && !dataSource,
  dataSource,
  budget,
  ...(asOf ? { asOf } : {}),
  secrets: service ? [service.apiKey] : [],
};
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
