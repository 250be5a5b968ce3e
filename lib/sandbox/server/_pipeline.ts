/**
 * The request pipeline of the sandbox: size limits → route → faults → auth → tier → quota →
 * validation → handler. Every answer is JSON with `x-data-source: synthetic-sandbox`.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import type { Endpoint } from "../../client/catalogue.ts";
import { type HandlerTable, SandboxError } from "../handler.ts";
import { checkTier, type Clock, type QuotaBook, tenantOf } from "./_access.ts";
import { type FaultInjector, type FaultOptions, faultResponse } from "./_faults.ts";
import { DATA_SOURCE_HEADER, errorResponse, fromSandboxError, json } from "./_http.ts";
import { HANDLERS } from "../handlers/mod.ts";
import type { WorkerPool } from "./_workers.ts";
import type { Router } from "./_routing.ts";
import { validate } from "./_validate.ts";
import type { RateBook } from "./_rate.ts";
import { type Profile, profileBody, variantError } from "./_profiles.ts";

/** Longest accepted request target (path + query), in bytes. */
export const MAX_URL_BYTES = 8 * 1024;
/** The `Server-Timing` metric every answer that reached an endpoint carries: the sandbox's own work. */
export const SERVER_TIMING_METRIC = "app";
/** Largest accepted request body, in bytes. */
export const MAX_BODY_BYTES = 64 * 1024;

/** What the pipeline needs. */
export interface PipelineDeps {
  readonly db: DatabaseSync;
  readonly today: string;
  readonly router: Router;
  readonly handlers: HandlerTable;
  readonly clock: Clock;
  readonly quotas: QuotaBook;
  /** The opt-in per-tenant rate limit. */
  readonly rate?: RateBook;
  readonly faults: () => { injector: FaultInjector; options: FaultOptions | undefined };
  readonly quiet: boolean;
  /** Response profile (`full`, `spec-minimal`, `variant`). */
  readonly profile: Profile;
  /** Read workers, when the sandbox runs with any. */
  readonly pool?: WorkerPool;
}

async function readBody(req: Request): Promise<Record<string, unknown>> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (req.body) {
    for await (const chunk of req.body) {
      size += chunk.byteLength;
      if (size > MAX_BODY_BYTES) throw tooLarge();
      chunks.push(chunk);
    }
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) [bytes.set(c, at), at += c.byteLength];
  const text = new TextDecoder().decode(bytes).trim();
  if (text === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new SandboxError(400, "invalid_body", "Request body is not valid JSON; send a JSON object");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new SandboxError(400, "invalid_body", "Request body must be a JSON object");
  }
  return parsed as Record<string, unknown>;
}

function tooLarge(): SandboxError {
  return new SandboxError(413, "payload_too_large", `Request body exceeds ${MAX_BODY_BYTES} bytes`);
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Handle one request, answering in the sandbox's response profile. */
export async function handle(req: Request, deps: PipelineDeps): Promise<Response> {
  const res = await route(req, deps);
  if (deps.profile !== "variant" || res.status < 400) return res;
  return await variantError(new URL(req.url).pathname, res);
}

async function route(req: Request, deps: PipelineDeps): Promise<Response> {
  const url = new URL(req.url);
  if (url.pathname.length + url.search.length > MAX_URL_BYTES) {
    return errorResponse(
      414,
      "uri_too_long",
      `Request target exceeds ${MAX_URL_BYTES} bytes; shorten the query`,
    );
  }
  const m = deps.router.match(req.method, url.pathname);
  if (m.kind === "none") {
    return errorResponse(404, "not_found", `No endpoint at ${url.pathname}; see the endpoint catalogue`);
  }
  if (m.kind === "method") {
    return errorResponse(405, "method_not_allowed", `Use ${m.allow.join(" or ")} for ${url.pathname}`, {}, {
      allow: m.allow.join(", "),
    });
  }
  if (m.kind === "bad-encoding") {
    return errorResponse(
      400,
      "invalid_parameter",
      `Path parameter '${m.segment}' is not valid URL encoding`,
      {
        parameter: m.segment,
      },
    );
  }
  const endpoint: Endpoint = m.endpoint;
  const { injector, options } = deps.faults();
  const delay = injector.latency(endpoint.name);
  if (delay > 0) await sleep(delay);
  const fault = injector.draw(endpoint.name);
  if (fault !== undefined && fault !== "truncate") return faultResponse(fault, options);
  const started = performance.now();
  const res = await answer(req, url, endpoint, m.pathParams, deps);
  if (fault === "truncate" && res.status === 200) return faultResponse(fault, options, await res.text());
  // The sandbox's own work on the request (checks, a read worker's queue and run, JSON), injected latency
  // excluded: what the benchmarks report as server time, apart from the HTTP round trip.
  res.headers.set("server-timing", `${SERVER_TIMING_METRIC};dur=${(performance.now() - started).toFixed(3)}`);
  return res;
}

async function answer(
  req: Request,
  url: URL,
  endpoint: Endpoint,
  pathParams: Record<string, string>,
  deps: PipelineDeps,
): Promise<Response> {
  try {
    const tenant = tenantOf(req.headers.get("x-api-key"));
    if (tenant === undefined) {
      return errorResponse(
        401,
        "unauthorized",
        "Missing or unknown API key; send a valid key in the x-api-key header",
      );
    }
    deps.rate?.take(tenant);
    checkTier(endpoint, tenant);
    deps.quotas.take(endpoint, tenant);
    const body = endpoint.method === "POST" ? await readBody(req) : undefined;
    const { params, given } = validate(endpoint, { query: url.searchParams, path: pathParams, body });
    const handler = deps.handlers[endpoint.name];
    if (handler === undefined) {
      return errorResponse(501, "not_implemented", `${endpoint.name} is not implemented by this sandbox yet`);
    }
    // The catalogue's own handlers run on the read workers when there are any; overrides stay here.
    if (deps.pool && deps.handlers[endpoint.name] === HANDLERS[endpoint.name]) {
      const text = await deps.pool.run({
        endpoint: endpoint.name,
        params,
        given: [...given],
        query: url.searchParams.toString(),
        tenant,
        now: deps.clock.now().getTime(),
        today: deps.today,
      });
      return new Response(text, {
        status: 200,
        headers: { "content-type": "application/json; charset=utf-8", ...DATA_SOURCE_HEADER },
      });
    }
    const out = await handler({
      db: deps.db,
      today: deps.today,
      params,
      given,
      query: url.searchParams,
      tenant,
      now: deps.clock.now,
    });
    if (out instanceof Response) return out;
    return json(200, profileBody(deps.profile, endpoint, out));
  } catch (e) {
    if (e instanceof SandboxError) return fromSandboxError(e);
    if (!deps.quiet) console.error(`sandbox: ${endpoint.name} failed:`, e);
    return errorResponse(500, "internal_error", `Internal error in ${endpoint.name}`);
  }
}
