/**
 * MCP over HTTP keeps a bounded set of sessions: an idle one is closed after `idleSeconds`, and past
 * `maxSessions` the least recently used one goes first (not merely the oldest created). A closed session
 * answers 404, as the Streamable HTTP transport specifies, so its client initializes again.
 */
import assert from "node:assert/strict";
import { createClient } from "../../lib/client/mod.ts";
import { createMcpServer, type McpHttpOptions, serveMcpHttp } from "../../lib/mcp/mod.ts";

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
