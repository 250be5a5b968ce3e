/**
 * The MCP server: the analyses as tools for AI assistants ({@linkcode createMcpServer}), over stdio
 * (`deno task mcp`) or Streamable HTTP on loopback ({@linkcode serveMcpHttp}, `deno task mcp --http`).
 * Answers are compact (a summary, warnings, top rows and a handle, under a token budget); full frames stay
 * in the session and are queried with the `query_frames` tool.
 *
 * @example One server over an in-memory transport, against the embedded sandbox
 * ```ts
 * import assert from "node:assert/strict";
 * // @ts-types="@modelcontextprotocol/sdk/client/index"
 * import { Client } from "@modelcontextprotocol/sdk/client/index.js";
 * // @ts-types="@modelcontextprotocol/sdk/inMemory"
 * import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
 * import { createClient } from "@research-intel/toolkit/client";
 * import { startSandbox } from "@research-intel/toolkit/sandbox";
 * import { createMcpServer } from "@research-intel/toolkit/mcp";
 *
 * await using sb = await startSandbox({ seed: 42, scale: "tiny", quiet: true });
 * const server = createMcpServer({ client: createClient({ baseUrl: sb.url, apiKey: sb.keys.pro }), synthetic: true });
 * const [a, b] = InMemoryTransport.createLinkedPair();
 * await server.connect(a);
 * const assistant = new Client({ name: "example", version: "1" });
 * await assistant.connect(b);
 * const { tools } = await assistant.listTools();
 * assert.ok(tools.some((t: { name: string }) => t.name === "query_frames"));
 * await assistant.close();
 * ```
 *
 * @module
 */
export { createMcpServer, DEFAULT_BUDGET, type McpServer, type McpServerOptions } from "./server.ts";
export { type McpHttpOptions, type McpHttpServer, serveMcpHttp } from "./http.ts";
export type { Session } from "./_session.ts";
export type { StoredResult } from "./_session.ts";
export type { DataFrame } from "../frames/polars.ts";
export type { Report, ReportChart, ReportSection, ReportTable } from "../report/html.ts";
