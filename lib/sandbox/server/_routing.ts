/**
 * Routing derived from the endpoint catalogue: method + path template (`:param`). Literal segments
 * win over parameters, so `/api/v1/patents/aggregate` is not taken for `/api/v1/patents/:patentId`.
 *
 * @module
 */
import type { Endpoint } from "../../client/catalogue.ts";

/** A compiled route. */
interface Route {
  readonly endpoint: Endpoint;
  readonly segments: readonly string[];
}

/** The outcome of matching a request path. */
export type RouteMatch =
  | { readonly kind: "ok"; readonly endpoint: Endpoint; readonly pathParams: Record<string, string> }
  | { readonly kind: "method"; readonly allow: readonly string[] }
  | { readonly kind: "none" }
  | { readonly kind: "bad-encoding"; readonly segment: string };

/** A router over catalogue endpoints. */
export interface Router {
  /** Match a method and a URL pathname. */
  match(method: string, pathname: string): RouteMatch;
}

function split(path: string): string[] {
  return path.replace(/\/+$/, "").split("/").slice(1);
}

/** Build a router from catalogue endpoints. */
export function createRouter(endpoints: readonly Endpoint[]): Router {
  const routes: Route[] = endpoints.map((endpoint) => ({ endpoint, segments: split(endpoint.path) }));
  return {
    match(method, pathname) {
      const parts = split(pathname);
      let best: { route: Route; score: number }[] = [];
      let bestScore = -1;
      for (const route of routes) {
        if (route.segments.length !== parts.length) continue;
        let score = 0;
        let ok = true;
        for (let i = 0; i < parts.length && ok; i++) {
          const seg = route.segments[i];
          if (seg.startsWith(":")) ok = parts[i].length > 0;
          else if (seg === parts[i]) score++;
          else ok = false;
        }
        if (!ok) continue;
        if (score > bestScore) [best, bestScore] = [[{ route, score }], score];
        else if (score === bestScore) best.push({ route, score });
      }
      if (best.length === 0) return { kind: "none" };
      const hit = best.find((b) => b.route.endpoint.method === method);
      if (!hit) return { kind: "method", allow: [...new Set(best.map((b) => b.route.endpoint.method))] };
      const pathParams: Record<string, string> = {};
      for (let i = 0; i < parts.length; i++) {
        const seg = hit.route.segments[i];
        if (!seg.startsWith(":")) continue;
        try {
          pathParams[seg.slice(1)] = decodeURIComponent(parts[i]);
        } catch {
          return { kind: "bad-encoding", segment: seg.slice(1) };
        }
      }
      return { kind: "ok", endpoint: hit.route.endpoint, pathParams };
    },
  };
}
