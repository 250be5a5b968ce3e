/**
 * The MCP server: the analyses as tools for AI assistants ({@linkcode createMcpServer}), over stdio
 * (`deno task mcp`) or Streamable HTTP on loopback ({@linkcode serveMcpHttp}, `deno task mcp --http`).
 *
 * @module
 */
export { createMcpServer, DEFAULT_BUDGET, type McpServerOptions } from "./server.ts";
export { type McpHttpOptions, type McpHttpServer, serveMcpHttp } from "./http.ts";
export type { Session } from "./_session.ts";
export type { StoredResult } from "./_session.ts";
export type { DataFrame } from "../frames/polars.ts";
export type { Report, ReportChart, ReportSection, ReportTable } from "../report/html.ts";
