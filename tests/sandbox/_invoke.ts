/**
 * Call a handler in-process with the same parameter validation the HTTP pipeline applies (wire
 * coercion, defaults, `rejects`, server-enforced checks), for the sandbox unit tests that want a
 * handler's answer without a socket.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { type EndpointName, ENDPOINTS } from "../../lib/client/endpoints/mod.ts";
import type { Endpoint } from "../../lib/client/catalogue.ts";
import type { Tier } from "../../lib/client/schemas/vocab.ts";
import type { HandlerTable } from "../../lib/sandbox/handler.ts";
import { validate } from "../../lib/sandbox/server/_validate.ts";

/** Options of {@link invoke}. */
export interface InvokeOptions {
  /** Query parameters as sent on the wire. */
  readonly query?: Readonly<Record<string, string>>;
  /** Path parameters (decoded). */
  readonly path?: Readonly<Record<string, string>>;
  /** Tier of the calling tenant (its id is `tenant-<tier>`, as for the demo keys). @default "pro" */
  readonly tier?: Tier;
  /** Reference today of the data. @default "2026-11-21" */
  readonly today?: string;
  /** Clock. @default () => new Date() */
  readonly now?: () => Date;
}

/**
 * Validate `query`/`path` for endpoint `name` and run its handler from `table` over `db`.
 *
 * @returns The handler's body (throws its `SandboxError`, or the validation's).
 */
export function invoke(
  db: DatabaseSync,
  table: HandlerTable,
  name: EndpointName,
  opts: InvokeOptions = {},
): Record<string, unknown> {
  const query = new URLSearchParams(opts.query ?? {});
  const endpoint = ENDPOINTS[name] as unknown as Endpoint;
  const { params, given } = validate(endpoint, { query, path: opts.path ?? {} });
  const handler = table[name];
  if (handler === undefined) throw new TypeError(`No handler for ${name}`);
  const tier = opts.tier ?? "pro";
  return handler({
    db,
    today: opts.today ?? "2026-11-21",
    params,
    given,
    query,
    tenant: { id: `tenant-${tier}`, tier },
    now: opts.now ?? (() => new Date()),
  }) as Record<string, unknown>;
}
