/**
 * The MCP server over Streamable HTTP (one endpoint, `/mcp`) on `Deno.serve`: loopback by default,
 * `Host` and `Origin` checked against loopback names (DNS rebinding), an optional bearer token, one
 * server (and frame session) per MCP session.
 *
 * @module
 */
// @ts-types="@modelcontextprotocol/sdk/server/webStandardStreamableHttp"
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
// @ts-types="@modelcontextprotocol/sdk/types"
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import type { McpServer } from "./server.ts";

/** Options of {@linkcode serveMcpHttp}. */
export interface McpHttpOptions {
  /** Makes the server of a new MCP session. */
  readonly createServer: () => McpServer;
  /** Interface to bind. @default {"127.0.0.1"} */
  readonly hostname?: string;
  /** Port (0: any free one). @default {0} */
  readonly port?: number;
  /** When set, every request must carry `Authorization: Bearer <token>`. */
  readonly token?: string;
  /** Sessions kept at most (the least recently used is closed first). @default {32} */
  readonly maxSessions?: number;
  /**
   * A session unused for this many seconds is closed (its frames freed); its client must initialize again
   * and gets `404 Session not found`, as after a restart. Checked whenever a request arrives. @default {1800}
   */
  readonly idleSeconds?: number;
  /** Called with the URL once listening. */
  readonly onListen?: (url: string) => void;
}

/** A running HTTP server. */
export interface McpHttpServer extends AsyncDisposable {
  /** `http://127.0.0.1:<port>/mcp`. */
  readonly url: string;
  /** Stop serving and close every session. */
  close(): Promise<void>;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

const deny = (status: number, message: string, headers: Record<string, string> = {}) =>
  Response.json({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }, { status, headers });

/** Whether two strings are equal, in time independent of where they differ. */
function sameSecret(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

/**
 * Serve MCP over Streamable HTTP.
 *
 * @param options Server factory, address, token.
 * @returns The URL and `close()`.
 */
export function serveMcpHttp(options: McpHttpOptions): Promise<McpHttpServer> {
  const hostname = options.hostname ?? "127.0.0.1";
  // In order of last use (a used session is moved to the end), so the first is the least recently used.
  const sessions = new Map<
    string,
    { transport: WebStandardStreamableHTTPServerTransport; server: McpServer; used: number }
  >();
  const idleMs = (options.idleSeconds ?? 1800) * 1000;
  const closeIdle = (now: number) => {
    for (const [sid, s] of sessions) {
      if (now - s.used < idleMs) break;
      sessions.delete(sid);
      void s.server.close();
    }
  };
  const names = new Set([...LOOPBACK, hostname.includes(":") ? `[${hostname}]` : hostname]);
  let port = 0;
  const handler = async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    // DNS rebinding: a page on another site that resolves to this address still sends its own Host/Origin.
    const host = req.headers.get("host") ?? "";
    const hostName = host.replace(/:\d+$/, "");
    if (!names.has(hostName) || (host !== hostName && host !== `${hostName}:${port}`)) {
      return deny(403, "Host not allowed");
    }
    const origin = req.headers.get("origin");
    if (origin !== null) {
      let ok = false;
      try {
        ok = names.has(new URL(origin).hostname.replace(/^::1$/, "[::1]"));
      } catch { /* not a URL */ }
      if (!ok) return deny(403, "Origin not allowed");
    }
    if (options.token !== undefined) {
      const auth = req.headers.get("authorization") ?? "";
      const given = auth.startsWith("Bearer ") ? auth.slice(7) : "";
      if (!sameSecret(given, options.token)) {
        return deny(401, "Missing or wrong bearer token", { "www-authenticate": "Bearer" });
      }
    }
    if (url.pathname !== "/mcp") return deny(404, "Not found: the MCP endpoint is /mcp");
    const now = Date.now();
    closeIdle(now);
    const id = req.headers.get("mcp-session-id");
    if (id !== null) {
      const hit = sessions.get(id);
      if (!hit) return deny(404, "Session not found: initialize again");
      sessions.delete(id);
      sessions.set(id, { ...hit, used: now });
      return hit.transport.handleRequest(req);
    }
    if (req.method !== "POST") return deny(400, "No session: POST an initialize request first");
    let body: unknown;
    try {
      body = await req.json();
    } catch {
      return deny(400, "Parse error: the body is not JSON");
    }
    if (!isInitializeRequest(body)) return deny(400, "No session: POST an initialize request first");
    const server = options.createServer();
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      onsessioninitialized: (sid: string) => {
        sessions.set(sid, { transport, server, used: Date.now() });
        for (const [old, s] of sessions) {
          if (sessions.size <= (options.maxSessions ?? 32)) break;
          sessions.delete(old);
          void s.server.close();
        }
      },
      onsessionclosed: (sid: string) => {
        sessions.delete(sid);
      },
    });
    await server.connect(transport);
    return transport.handleRequest(req, { parsedBody: body });
  };
  return new Promise((resolve) => {
    const http = Deno.serve({
      hostname,
      port: options.port ?? 0,
      onListen: ({ port: p }) => {
        port = p;
        const shown = hostname.includes(":") ? `[${hostname}]` : hostname;
        const url = `http://${shown}:${p}/mcp`;
        options.onListen?.(url);
        const close = async () => {
          for (const s of sessions.values()) await s.server.close();
          sessions.clear();
          await http.shutdown();
        };
        resolve({ url, close, [Symbol.asyncDispose]: close });
      },
    }, handler);
  });
}
