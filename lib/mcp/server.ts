/**
 * The MCP server: the twelve analyses, name resolution, SQL over the session's frames, and charts as
 * images, as read-only tools. Answers are compact (summary sentence, warnings, top rows, sizes) and stay
 * under a token budget, saying what they left out; full frames stay in the session under a handle.
 *
 * @example List the tools of a server on the sandbox, in memory
 * ```ts
 * import assert from "node:assert/strict";
 * // @ts-types="@modelcontextprotocol/sdk/client/index"
 * import { Client } from "@modelcontextprotocol/sdk/client/index.js";
 * // @ts-types="@modelcontextprotocol/sdk/inMemory"
 * import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
 * import { createClient } from "../client/mod.ts";
 * import { startSandbox } from "../sandbox/mod.ts";
 * import { createMcpServer } from "./server.ts";
 * await using sb = await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
 * const server = createMcpServer({ client: createClient({ baseUrl: sb.url, apiKey: sb.keys.pro }), synthetic: true });
 * const [a, b] = InMemoryTransport.createLinkedPair();
 * await server.connect(a);
 * const mcp = new Client({ name: "doc", version: "1" });
 * await mcp.connect(b);
 * assert.equal((await mcp.listTools()).tools.length, 15); // 12 analyses, resolve_name, query_frames, chart
 * await mcp.close();
 * ```
 *
 * @module
 */
// @ts-types="@modelcontextprotocol/sdk/server/mcp"
import { McpServer as SdkMcpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
// @ts-types="@modelcontextprotocol/sdk/types"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { Buffer } from "node:buffer";
import { z } from "zod";
import { SCHEMAS as ANALYSIS_PARAMS } from "../analyses/_params_schemas.ts";
import type { Client } from "../client/mod.ts";
import { toPng, toSvg } from "../charts/render.ts";
import { warningText } from "../charts/display.ts";
import { compactAnswer, tokensOf } from "./_answer.ts";
import { ANALYSIS_TOOLS } from "./_analysis_tools.ts";
import { errorAnswer, redact, toolError } from "./_errors.ts";
import { listTables, resolveName, runQuery } from "./_lookups.ts";
import { Session } from "./_session.ts";
import { framesOf } from "../frames/_frames_of.ts";

/** Default answer budget in tokens (an assistant may reject results over 25,000). */
export const DEFAULT_BUDGET = 8000;

/** The MCP SDK's server (`McpServer` of `@modelcontextprotocol/sdk/server/mcp.js`), as {@linkcode createMcpServer} returns it. */
export type McpServer = SdkMcpServer;

/** Options of {@linkcode createMcpServer}. */
export interface McpServerOptions {
  /** The client every tool calls. */
  readonly client: Client;
  /** Whether the data are the embedded sandbox's generated data (every answer then says they are synthetic). */
  readonly synthetic: boolean;
  /**
   * Where the data come from, when neither synthetic nor the service (an embedded sandbox over imported
   * public files): its `data_source` id and the sentence every answer opens with.
   */
  readonly dataSource?: { readonly id: string; readonly note: string };
  /** Tokens an answer may take (estimated as characters / 4). @default {DEFAULT_BUDGET} */
  readonly budget?: number;
  /** Rows of each frame an analysis answer shows when the budget allows. @default {5} */
  readonly rows?: number;
  /** Strings that must never appear in an answer (the API key). */
  readonly secrets?: readonly string[];
  /** The session holding the frames. @default {a new one} */
  readonly session?: Session;
  /**
   * The day the data runs to (an embedded sandbox's today): charts and empty-result sentences count from
   * it, not the wall clock. @default {the data's own (catalysts), else today}
   */
  readonly asOf?: Date;
}

const SYNTHETIC = "Synthetic sandbox data (generated, not real trials, drugs or companies).";
const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true } as const;
const FOLLOW_UP = " Returns a summary, warnings, top rows and a handle; full frames via query_frames, " +
  "chart via chart.";

/**
 * Create the server (one per MCP session: it holds that session's frames).
 *
 * @param options Client, data source, budget.
 * @returns The server; connect it to a transport.
 */
export function createMcpServer(options: McpServerOptions): McpServer {
  const { client, synthetic } = options;
  const budget = options.budget ?? DEFAULT_BUDGET;
  const session = options.session ?? new Session();
  const source = options.dataSource?.id ?? (synthetic ? "synthetic-sandbox" : "service");
  // The sentence every answer with data opens with ("" for the service).
  const note = options.dataSource?.note ?? (synthetic ? SYNTHETIC : "");
  const lead = (s: string) => (note ? `${note} ${s}` : s);
  const server = new SdkMcpServer(
    { name: "research-intel", version: "0.1.0" },
    {
      instructions: lead("") +
        "Each analysis tool answers with a summary sentence, warnings, the first rows of each frame and a " +
        "handle. Query full frames with query_frames (Polars SQL, tables <handle>_<frame>), draw with chart.",
    },
  );
  const guard = async (work: () => Promise<CallToolResult>): Promise<CallToolResult> => {
    let answer: CallToolResult;
    try {
      answer = await work();
    } catch (e) {
      answer = errorAnswer(e);
    }
    // Every answer with data says where the data came from, first.
    const first = answer.content[0] as { type: string; text?: string } | undefined;
    if (note && !answer.isError && first?.type === "text" && !first.text!.includes(note)) {
      answer = {
        ...answer,
        content: [{ type: "text", text: `${note}\n${first.text}` }, ...answer.content.slice(1)],
      };
    }
    return redact(answer, options.secrets ?? []);
  };

  // An analysis checks its own parameters on entry (checkParams, the same zod schema the tool lists), with
  // a message that names the parameter, the value and the fix: the SDK's check before it would answer
  // with a bare list of zod issues instead. Tested (tools_test: a list given as a string).
  const sdk = server as unknown as { validateToolInput(tool: unknown, args: unknown, name: string): unknown };
  const validate = sdk.validateToolInput.bind(server);
  sdk.validateToolInput = (
    tool,
    args,
    name,
  ) => (name in ANALYSIS_TOOLS ? args ?? {} : validate(tool, args, name));

  for (const [name, t] of Object.entries(ANALYSIS_TOOLS)) {
    server.registerTool(name, {
      description: t.description + FOLLOW_UP,
      inputSchema: ANALYSIS_PARAMS[t.analysis],
      annotations: { ...READ_ONLY, openWorldHint: source === "service" },
    }, (params: unknown) =>
      guard(async () => {
        const { result, section } = await t.run(client, params as never, { asOf: options.asOf });
        const stored = session.add(name, framesOf(result), section);
        const warnings = (section.warnings ?? []).map(warningText);
        return compactAnswer({
          lead: lead(section.summary ?? section.title),
          warnings,
          frames: stored.frames,
          extra: {
            handle: stored.handle,
            data_source: source,
            // The warnings' codes for programs (the text says each in words, without its code).
            warning_codes: [
              ...new Set((section.warnings ?? []).map((w) => (typeof w === "string" ? null : w.code))),
            ]
              .filter((c) => c !== null),
            // How the derived columns are defined, in an analyst's words (the analysis's own).
            ...("definitions" in result ? { definitions: result.definitions } : {}),
          },
          rows: options.rows ?? 5,
        }, budget);
      }));
  }

  server.registerTool("resolve_name", {
    description: "Check how the service spells a sponsor, disease or drug before an analysis; an unknown " +
      "name gets the closest names.",
    inputSchema: {
      kind: z.enum(["sponsor", "disease", "drug"]),
      name: z.string().min(1).describe("The name as the user gave it"),
    },
    annotations: { ...READ_ONLY, openWorldHint: source === "service" },
  }, ({ kind, name }: { kind: "sponsor" | "disease" | "drug"; name: string }) =>
    guard(async () => {
      const r = await resolveName(client, kind, name);
      if ("content" in r) return r;
      const text = `${r.kind} '${r.input}' → ${r.name}${r.id ? ` (${r.id})` : ""}` +
        (r.note ? `, ${r.note}` : "") + (note ? ` — ${note}` : "");
      const body = { ...r, resolved: true, data_source: source };
      return { content: [{ type: "text", text }], structuredContent: body };
    }));

  server.registerTool("query_frames", {
    description: "Run one Polars SQL SELECT over this session's frames (tables <handle>_<frame>, e.g. " +
      "r1_matrix): filter, join, aggregate. Without sql: list the tables and their columns.",
    inputSchema: {
      sql: z.string().min(1).describe("One SELECT statement").optional(),
      limit: z.number().int().min(1).max(1000).describe("Rows to return at most (default 50)").optional(),
    },
    annotations: { ...READ_ONLY, openWorldHint: false },
  }, ({ sql, limit }: { sql?: string; limit?: number }) =>
    guard(() => {
      if (sql === undefined) {
        const tables = listTables(session);
        const text = tables.length
          ? tables.map((t) => `${t.table} (${t.rows} rows, from ${t.from}): ${t.columns}`).join("\n")
          : "No frames yet: run an analysis tool first.";
        return Promise.resolve(compactAnswer({
          lead: text,
          warnings: [],
          frames: {},
          extra: { tables, data_source: source },
          rows: 0,
        }, budget));
      }
      const df = runQuery(session, sql);
      return Promise.resolve(compactAnswer({
        lead: lead(`Query returned ${df.height} rows × ${df.width} columns.`),
        warnings: [],
        frames: { result: { table: "(query result)", df } },
        extra: { data_source: source },
        rows: Math.min(limit ?? 50, df.height),
      }, budget));
    }));

  server.registerTool("chart", {
    description: "The chart of an analysis result (the report's chart) as a PNG image, or SVG markup.",
    inputSchema: {
      handle: z.string().min(1).describe("Handle from an analysis answer, e.g. r1"),
      format: z.enum(["png", "svg"]).describe("Default png").optional(),
    },
    annotations: { ...READ_ONLY, openWorldHint: false },
  }, ({ handle, format }: { handle: string; format?: "png" | "svg" }) =>
    guard(() => {
      const stored = session.get(handle);
      const chart = stored.section.charts?.[0];
      if (!chart) return Promise.resolve(toolError("not_found", `result ${handle} has no chart`));
      const title = chart.chart.title() || stored.section.title;
      // Nothing to draw: the sentence, as text (an image of empty axes tells an assistant nothing).
      if (chart.chart.empty !== undefined) {
        return Promise.resolve({
          content: [{ type: "text", text: lead(`${title}: nothing to draw. ${chart.chart.empty}`) }],
          structuredContent: { handle: stored.handle, empty: true, sentence: chart.chart.empty },
        } as CallToolResult);
      }
      const caption = lead(`Chart of ${stored.handle}: ${title}.`);
      if (format === "svg") {
        const svg = toSvg(chart.chart);
        if (tokensOf(caption + svg) > budget) {
          return Promise.resolve(toolError(
            "bad_input",
            `the SVG takes ${
              tokensOf(caption + svg)
            } tokens, over the answer budget of ${budget}; ask for format png`,
          ));
        }
        return Promise.resolve({
          content: [{ type: "text", text: caption }, { type: "text", text: svg }],
        } as CallToolResult);
      }
      const png = toPng(chart.chart, { scale: 1.5 });
      return Promise.resolve({
        content: [
          { type: "text", text: caption },
          { type: "image", data: Buffer.from(png).toString("base64"), mimeType: "image/png" },
        ],
      } as CallToolResult);
    }));
  return server;
}
