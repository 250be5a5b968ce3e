/**
 * The one configuration reader: where the service is (`RI_BASE_URL`) and the key (`RI_API_KEY`), for every
 * entry point — the client's defaults, the demo and report command, watch, the contract check, and any
 * other tool (an MCP server) — so each says the same thing about a bad setting and none echoes a value that
 * could be the key: a base URL that is not a URL is described by its length only (with the variables
 * swapped, it is the key), a key is never quoted. The transport rule lives here too: https, or plain http
 * to loopback only (the key would travel in clear text).
 *
 * @example Swapped variables are named, never echoed
 * ```ts
 * import assert from "node:assert/strict";
 * import { readServiceConfig } from "./config.ts";
 * assert.throws(
 *   () => readServiceConfig({ baseUrl: "sk-live-123456", apiKey: "https://ri.example.com" }),
 *   (e: Error) => /swapped/.test(e.message) && !e.message.includes("sk-live-123456"),
 * );
 * ```
 *
 * @module
 */
import { ConfigError } from "./errors.ts";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);
const CONFIG = { endpoint: "client", method: "", path: "" };
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
/** Longest key accepted (a header value; anything longer is not a key). */
const MAX_KEY = 1024;

/** Whether `host` (a URL's hostname) is this machine. */
export function isLoopback(host: string): boolean {
  return LOOPBACK.has(host);
}

/**
 * Check and normalise a base URL: http(s), https unless loopback (or `allowInsecureHttp`), no credentials
 * or query. The value is never quoted when it is not a URL: it may be the key.
 *
 * @param source How the value was given, for the message (`RI_BASE_URL`, `Base URL`).
 * @returns The URL without a trailing slash.
 */
export function checkBaseUrl(raw: string, allowInsecureHttp = false, source = "Base URL"): string {
  let url: URL | undefined;
  try {
    if (HAS_SCHEME.test(raw)) url = new URL(raw);
  } catch { /* described below */ }
  if (!url) {
    throw new ConfigError(
      `${source} is not a URL (${raw.length} characters${HAS_SCHEME.test(raw) ? "" : ", no scheme"}); ` +
        `give the service root, e.g. https://ri.example.com (are RI_BASE_URL and RI_API_KEY swapped?)`,
      CONFIG,
    );
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new ConfigError(
      `${source} must be http(s), got ${url.protocol.slice(0, 12)}; give an https:// URL`,
      CONFIG,
    );
  }
  if (url.protocol === "http:" && !isLoopback(url.hostname) && !allowInsecureHttp) {
    throw new ConfigError(
      `Refusing plain http:// to ${url.hostname}: the API key would travel unencrypted; use https:// ` +
        `or pass allowInsecureHttp: true`,
      CONFIG,
    );
  }
  if (url.username || url.password || url.search) {
    throw new ConfigError(
      `${source} must not carry credentials or a query string; give the service root`,
      CONFIG,
    );
  }
  return url.href.replace(/\/+$/, "");
}

/** Check an API key without ever quoting it. */
export function checkApiKey(key: string, source = "API key"): string {
  if (HAS_SCHEME.test(key.trim())) {
    throw new ConfigError(
      `${source} looks like a URL, not a key; are RI_BASE_URL and RI_API_KEY swapped?`,
      CONFIG,
    );
  }
  // deno-lint-ignore no-control-regex
  if (/[\s\x00-\x1f\x7f]/.test(key) || key.length > MAX_KEY) {
    throw new ConfigError(
      `${source} (${key.length} characters) has ${
        key.length > MAX_KEY ? `more than ${MAX_KEY} characters` : "a space, line break or control character"
      }; copy the key alone`,
      CONFIG,
    );
  }
  return key;
}

/** Where the service is and the key; the key is not shown by `inspect` or `JSON.stringify`. */
export class ServiceConfig {
  readonly #apiKey: string;
  /** Base URL without a trailing slash. */
  readonly baseUrl: string;
  /** Create it (values already checked). */
  constructor(baseUrl: string, apiKey: string) {
    this.baseUrl = baseUrl;
    this.#apiKey = apiKey;
  }
  /** The key (sent as `x-api-key` only). */
  get apiKey(): string {
    return this.#apiKey;
  }
  /** `scheme://host:port` of the service. */
  get origin(): string {
    return new URL(this.baseUrl).origin;
  }
  /** `host:port` of the service (for `--allow-net`). */
  get host(): string {
    return new URL(this.baseUrl).host;
  }
  /** Without the key. */
  toJSON(): { baseUrl: string; apiKey: string } {
    return { baseUrl: this.baseUrl, apiKey: "[redacted]" };
  }
}

/** Options of {@link readServiceConfig}. */
export interface ReadConfigOptions {
  /** Base URL given in code (else `RI_BASE_URL`). */
  readonly baseUrl?: string;
  /** Key given in code (else `RI_API_KEY`). */
  readonly apiKey?: string;
  /** Allow plain http to a non-loopback host. @default false */
  readonly allowInsecureHttp?: boolean;
  /**
   * Read the environment (`true`: a missing env permission is then an error naming the flag), or the
   * reader to use. @default true
   */
  readonly env?: boolean | ((name: string) => string | undefined);
}

function envVar(name: string): string | undefined {
  try {
    return Deno.env.get(name) || undefined;
  } catch {
    throw new ConfigError(
      `Cannot read ${name}: no environment permission; run with --allow-env=RI_BASE_URL,RI_API_KEY`,
      CONFIG,
    );
  }
}

/**
 * The service configuration, from the options or `RI_BASE_URL` / `RI_API_KEY`: `undefined` when neither is
 * set (the caller's default then applies: the embedded sandbox, or a "not configured" error).
 *
 * @throws {ConfigError} When only one is set, the base URL is not an http(s) URL (swapped variables
 * included), plain http goes to a non-loopback host, or the key is not a plausible key; the message names
 * the variable and never quotes a value that could be the key.
 */
export function readServiceConfig(options: ReadConfigOptions = {}): ServiceConfig | undefined {
  const env = options.env ?? true;
  const read = env === true ? envVar : env === false ? () => undefined : env;
  const rawUrl = options.baseUrl ?? read("RI_BASE_URL");
  const key = options.apiKey ?? read("RI_API_KEY");
  const urlName = options.baseUrl !== undefined ? "Base URL" : "RI_BASE_URL";
  const keyName = options.apiKey !== undefined ? "API key" : "RI_API_KEY";
  if (rawUrl === undefined && key === undefined) return undefined;
  if (rawUrl !== undefined && key !== undefined && !HAS_SCHEME.test(rawUrl) && HAS_SCHEME.test(key.trim())) {
    throw new ConfigError(
      `${urlName} is not a URL and ${keyName} is one: RI_BASE_URL and RI_API_KEY look swapped; swap them back`,
      CONFIG,
    );
  }
  if (rawUrl === undefined) {
    throw new ConfigError(
      `No base URL: set RI_BASE_URL (or pass baseUrl to createClient) with the key`,
      CONFIG,
    );
  }
  const baseUrl = checkBaseUrl(rawUrl, options.allowInsecureHttp, urlName);
  if (key === undefined) {
    throw new ConfigError(
      `No API key: set RI_API_KEY (or pass apiKey to createClient) with the base URL`,
      CONFIG,
    );
  }
  return new ServiceConfig(baseUrl, checkApiKey(key, keyName));
}

/**
 * For commands: {@link readServiceConfig} from the environment, or exit 2 with its message (prefixed by
 * `command: `) when a setting is wrong. Variables the run may not read count as unset.
 */
export function serviceConfigOrExit(command: string): ServiceConfig | undefined {
  const readable = (name: string) =>
    Deno.permissions.querySync({ name: "env", variable: name }).state === "granted";
  const value = (name: string) => (readable(name) ? Deno.env.get(name) || undefined : undefined);
  try {
    return readServiceConfig({ env: value });
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    console.error(`${command}: ${e.message}`);
    Deno.exit(2);
  }
}
