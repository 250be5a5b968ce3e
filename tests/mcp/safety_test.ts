/**
 * The MCP server's limits and safety: answers stay under the token budget and say what they left out;
 * the HTTP transport binds loopback, refuses foreign Host and Origin headers (DNS rebinding) and, with a
 * token, requests without it; the API key appears in no answer and no log line.
 */
import assert from "node:assert/strict";
// @ts-types="@modelcontextprotocol/sdk/client/index"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { dropStore, importedStore } from "../sandbox/_helpers.ts";
import { startSandbox } from "../../lib/sandbox/mod.ts";
import {
  ANALYSIS_ARGS,
  body,
  call,
  overHttp,
  overStdio,
  taskArgs,
  text,
  tinyAuthor,
  tokens,
} from "./_mcp.ts";

Deno.test("every answer stays under the budget and says what it left out", async () => {
  await using conn = await overHttp({ budget: 1000 });
  const r = await call(conn.mcp, "regulatory_landscape", { region: "US" });
  assert.ok(tokens(r) <= 1000, `${tokens(r)} tokens`);
  const b = body(r);
  assert.equal(b.frames.drugs.rows_total, 130);
  assert.ok(b.frames.drugs.rows.length < 5, "rows were dropped to fit");
  assert.match(b.left_out[0], /rows beyond those shown in r1_drugs \(\d of 130\).*query_frames/);
  assert.match(text(r), /Left out: rows beyond/);
  // A query asking for 1,000 rows gets what fits, and is told how many there were.
  const q = await call(conn.mcp, "query_frames", { sql: "SELECT * FROM r1_by_sponsor", limit: 1000 });
  assert.ok(tokens(q) <= 1000, `${tokens(q)} tokens`);
  assert.equal(body(q).frames.result.rows_total, 119);
  assert.match(body(q).left_out[0], /\(query result\) \(\d+ of 119\)/);
  // The default budget (8,000 tokens) lets the same query show more rows.
  await using wide = await overHttp();
  await call(wide.mcp, "regulatory_landscape", { region: "US" });
  const more = await call(wide.mcp, "query_frames", { sql: "SELECT * FROM r1_by_sponsor", limit: 1000 });
  assert.ok(body(more).frames.result.rows.length > body(q).frames.result.rows.length);
  assert.ok(tokens(more) <= 8000);
});

Deno.test("HTTP: loopback only, Host and Origin checked, bearer token required when set", async () => {
  await using conn = await overHttp({}, { token: "t0ken-for-the-test-0123" });
  assert.match(conn.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  const init = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
  });
  const post = (headers: Record<string, string>) =>
    fetch(conn.url, {
      method: "POST",
      body: init,
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...headers,
      },
    });
  const auth = { authorization: "Bearer t0ken-for-the-test-0123" };
  const statuses = async (headers: Record<string, string>) => {
    const res = await post(headers);
    await res.body?.cancel();
    return res.status;
  };
  // fetch() sets Host itself: a rebound Host goes over a raw connection.
  const rawStatus = async (host: string) => {
    const { hostname, port, pathname } = new URL(conn.url);
    const tcp = await Deno.connect({ hostname, port: Number(port) });
    const req = `POST ${pathname} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: ${auth.authorization}\r\n` +
      `Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n` +
      `Content-Length: ${new TextEncoder().encode(init).length}\r\nConnection: close\r\n\r\n${init}`;
    await tcp.write(new TextEncoder().encode(req));
    const buf = new Uint8Array(64);
    const n = await tcp.read(buf);
    tcp.close();
    return Number(new TextDecoder().decode(buf.subarray(0, n ?? 0)).split(" ")[1]);
  };
  assert.equal(await statuses({}), 401, "no token");
  assert.equal(await statuses({ authorization: "Bearer wrong" }), 401, "wrong token");
  assert.equal(await rawStatus("evil.example"), 403, "rebound Host");
  assert.equal(await rawStatus(`localhost:${new URL(conn.url).port}`), 200, "loopback Host");
  assert.equal(await statuses({ ...auth, origin: "http://evil.example" }), 403, "foreign Origin");
  assert.equal(await statuses({ ...auth, origin: "http://localhost:3000" }), 200, "loopback Origin");
  assert.equal(await statuses(auth), 200, "token");
  // The SDK client with the token got through (overHttp connected) and can call a tool.
  assert.ok(!(await call(conn.mcp, "resolve_name", { kind: "sponsor", name: "Pfizer" })).isError);
});

Deno.test("the API key appears in no answer and no log line (stdio, real-service mode)", async () => {
  await using sb = await startSandbox({ port: 0, seed: 42, scale: "tiny", quiet: true });
  const author = await tinyAuthor();
  for (const key of [sb.keys.pro, "sk-live-WRONG-key-0123456789abcdef"]) {
    await using conn = await overStdio([], { RI_BASE_URL: sb.url, RI_API_KEY: key });
    const seen: string[] = [];
    for (const [name, args] of Object.entries(ANALYSIS_ARGS(author))) {
      const r = await call(conn.mcp, name, args);
      seen.push(JSON.stringify(r));
      if (key !== sb.keys.pro) assert.equal(body(r).error.type, "auth", text(r));
      else assert.ok(!r.isError, text(r));
      assert.doesNotMatch(text(r), /^Synthetic/, "the real-service mode does not call its data synthetic");
    }
    seen.push(JSON.stringify(await call(conn.mcp, "resolve_name", { kind: "drug", name: key })));
    seen.push(JSON.stringify(await call(conn.mcp, "query_frames", { sql: `SELECT '${key}' AS k` })));
    await conn.mcp.close();
    const log = conn.stderr();
    assert.match(log, /using the service at http:\/\/127\.0\.0\.1/);
    for (const s of [...seen, log]) assert.ok(!s.includes(key), `key found in: ${s.slice(0, 200)}`);
  }
});

Deno.test("deno task mcp --http serves loopback with the task's own permissions", async () => {
  const child = new Deno.Command(Deno.execPath(), {
    args: [...await taskArgs(), "--http", "--port", "0", "--scale", "tiny"],
    cwd: new URL("../../", import.meta.url).pathname,
    env: { RI_BASE_URL: "", RI_API_KEY: "", RI_MCP_TOKEN: "cli-token-0123456789" },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  try {
    // The URL is on stderr once listening; stdout stays empty.
    let err = "";
    while (!/Streamable HTTP on (\S+)/.test(err)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`server stopped: ${err}`);
      err += value;
    }
    const url = /Streamable HTTP on (\S+)/.exec(err)![1];
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    assert.match(err, /bearer token required/);
    const mcp = new Client({ name: "test", version: "1" });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { authorization: "Bearer cli-token-0123456789" } },
      }),
    );
    assert.equal((await mcp.listTools()).tools.length, 15);
    assert.match(text(await call(mcp, "resolve_name", { kind: "disease", name: "asthma" })), /asthma/);
    await mcp.close();
  } finally {
    child.kill("SIGTERM");
    await reader.cancel();
    const stdout = await new Response(child.stdout).text();
    await child.status;
    assert.equal(stdout, "", "nothing on stdout");
  }
});

Deno.test("over an imported store (RI_STORE) answers name the public sources, not synthetic data", async () => {
  const store = await importedStore();
  try {
    await using conn = await overStdio([], { RI_STORE: store });
    const r = await call(conn.mcp, "regulatory_landscape", {});
    assert.ok(!r.isError, text(r));
    assert.match(text(r), /^Embedded sandbox over imported public data: .*Orange Book/i);
    assert.doesNotMatch(text(r), /Synthetic/);
    assert.equal(body(r).data_source, "imported-sandbox");
  } finally {
    await dropStore(store);
  }
});
