/**
 * Private: the sandbox's own time on a request, from its `Server-Timing` header (`app;dur=…`), so a
 * benchmark can tell the server's work from the HTTP round trip and the client.
 *
 * @module
 */
import { SERVER_TIMING_METRIC } from "../lib/sandbox/server/_pipeline.ts";

const pattern = new RegExp(`(?:^|,)\\s*${SERVER_TIMING_METRIC};dur=([0-9.]+)`);

/** Milliseconds the sandbox spent on the request (`NaN` when the answer carries no timing). */
export function serverMs(res: Response): number {
  const m = pattern.exec(res.headers.get("server-timing") ?? "");
  return m ? Number(m[1]) : NaN;
}

/** The `p`-th percentile of `xs` (nearest rank). */
export function pct(xs: readonly number[], p: number): number {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}
