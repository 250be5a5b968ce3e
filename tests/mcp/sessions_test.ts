/**
 * MCP over HTTP keeps a bounded set of sessions: an idle one is closed after `idleSeconds`, and past
 * `maxSessions` the least recently used one goes first (not merely the oldest created). A closed session
 * answers 404, as the Streamable HTTP transport specifies, so its client initializes again. A handle lives
 * in the session that made it: used in another, the answer says so and how to get the rows in one call.
 */
import assert from "node:assert/strict";
import { createClient } from "../../lib/client/mod.ts";
import { createMcpServer, type McpHttpOptions, serveMcpHttp } from "../../lib/mcp/mod.ts";
// @ts-types="@modelcontextprotocol/sdk/client/index"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { body, call, overHttp, text } from "./_mcp.ts";

const JSON_SSE = { "content-type": "application/json", accept: "application/json, text/event-stream" };

async function serve(options: Partial<McpHttpOptions>) {
  // Initialize and tools/list never call the service: a client pointed at a closed port is enough.
  const client = createClient({ baseUrl: "http://127.0.0.1:9", apiKey: "unused" });
  return await serveMcpHttp({ createServer: () => createMcpServer({ client, synthetic: true }), ...options });
}

async function initialize(url: string): Promise<string> {
  const res = await fetch(url, {
    method: "POST",
    headers: JSON_SSE,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    }),
  });
  await res.body?.cancel();
  assert.equal(res.status, 200);
  const sid = res.headers.get("mcp-session-id");
  assert.ok(sid);
  return sid;
}

/** The status of a tools/list in session `sid` (200 while it lives, 404 once closed). */
async function use(url: string, sid: string): Promise<number> {
  const res = await fetch(url, {
    method: "POST",
    headers: { ...JSON_SSE, "mcp-session-id": sid, "mcp-protocol-version": "2025-06-18" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
  });
  await res.body?.cancel();
  return res.status;
}

Deno.test("an MCP session unused for idleSeconds is closed; a used one lives on", async () => {
  await using server = await serve({ idleSeconds: 0.6 });
  const idle = await initialize(server.url);
  const busy = await initialize(server.url);
  for (let i = 0; i < 4; i++) {
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(await use(server.url, busy), 200, "a session in use is kept");
  }
  assert.equal(await use(server.url, idle), 404, "idle for 0.8 s of a 0.6 s limit: closed");
  assert.equal(await use(server.url, busy), 200);
});

Deno.test("past maxSessions the least recently used session is closed, not the oldest", async () => {
  await using server = await serve({ maxSessions: 2 });
  const a = await initialize(server.url);
  const b = await initialize(server.url);
  assert.equal(await use(server.url, a), 200); // a is now the more recently used
  const c = await initialize(server.url);
  assert.equal(await use(server.url, b), 404, "b was least recently used");
  assert.equal(await use(server.url, a), 200);
  assert.equal(await use(server.url, c), 200);
});

Deno.test("a handle from another session: not_in_session, saying where handles live and how to get the rows", async () => {
  await using first = await overHttp();
  const made = await call(first.mcp, "portfolio_overlap", {
    sponsors: ["Pfizer", "Novartis"],
    condition: "lung cancer",
  });
  assert.equal(body(made).handle, "r1");
  const here = await call(first.mcp, "query_frames", { sql: "SELECT * FROM r1_matrix" });
  assert.ok(!here.isError, text(here));
  // A second session of the same server (as each Inspector --cli call is).
  const other = new Client({ name: "other", version: "1" });
  await other.connect(new StreamableHTTPClientTransport(new URL(first.url)));
  try {
    const q = await call(other, "query_frames", { sql: "SELECT sponsor_a, shared FROM r1_matrix" });
    assert.equal(body(q).error.type, "not_in_session", text(q));
    assert.match(
      text(q),
      /^not_in_session: table 'r1_matrix' is not in this session: a handle and its tables live only in the MCP session whose analysis made them/,
    );
    assert.match(
      text(q),
      /this session holds no results yet\. To get the rows in one call, call the analysis tool in this session/,
    );
    assert.doesNotMatch(text(q), /fix the parameter/, "the SQL is not blamed");
    const chart = await call(other, "chart", { handle: "r1" });
    assert.equal(body(chart).error.type, "not_in_session");
    // A table that is no handle's is still the SQL's fault.
    const typo = await call(first.mcp, "query_frames", { sql: "SELECT * FROM matrix" });
    assert.equal(body(typo).error.type, "bad_input");
  } finally {
    await other.close();
  }
});
