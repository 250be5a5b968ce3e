/**
 * Private pieces of the contract check: the ids found by earlier calls of a run, the choice of a
 * probe's parameter set, and the field audit of one answer (the call itself: `_contract_probe.ts`).
 *
 * @module
 */
import type { Endpoint } from "./catalogue.ts";
import { auditFields, declaredFields, spellings } from "./schemas/origin.ts";
import { asZod } from "./_zod.ts";

const REF = /^\{(\w+)\}$/;

/** The ids a parameter set refers to (`{nctId}` → `nctId`). */
export function refsOf(set: Readonly<Record<string, unknown>>): string[] {
  return Object.values(set).flatMap((v) => typeof v === "string" && REF.test(v) ? [REF.exec(v)![1]] : []);
}

/** A parameter set with its ids filled in: the `n`-th candidate of each (the last one when fewer). */
export function fill(
  set: Readonly<Record<string, unknown>>,
  ids: ReadonlyMap<string, readonly string[]>,
  n: number,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(set).map(([k, v]) => {
      const ref = typeof v === "string" ? REF.exec(v)?.[1] : undefined;
      if (ref === undefined) return [k, v];
      const c = ids.get(ref)!;
      return [k, c[Math.min(n, c.length - 1)]];
    }),
  );
}

/** What to do with an endpoint now: call it with a set, wait for ids still coming, or skip it. */
export type Choice =
  | { readonly kind: "call"; readonly set: Readonly<Record<string, unknown>> }
  | { readonly kind: "wait" }
  | { readonly kind: "no-id"; readonly missing: readonly string[] };

/**
 * The first parameter set of `ep`'s probe whose ids are all known; wait while a preferred set's id
 * may still be found (`settled(id)` false), so a fallback set is used only when it has to be.
 */
export function choose(
  ep: Endpoint,
  ids: ReadonlyMap<string, readonly string[]>,
  settled: (id: string) => boolean,
): Choice {
  const missing = new Set<string>();
  for (const set of ep.probe?.params ?? [{}]) {
    const unknown = refsOf(set).filter((r) => !(ids.get(r)?.length));
    if (unknown.length === 0) return { kind: "call", set };
    if (unknown.some((r) => !settled(r))) return { kind: "wait" };
    for (const r of unknown) missing.add(r);
  }
  return { kind: "no-id", missing: [...missing] };
}

/** A field the service spelled another way (the client reads `seen` as `declared`). */
export interface Respelt {
  /** The declared path, e.g. `data[].completion_date`. */
  readonly declared: string;
  /** The key the service sent, e.g. `completionDate`. */
  readonly seen: string;
}

/** The field audit of one answer, as sorted lists. */
export interface Fields {
  /**
   * Spec-named fields present / missing; `absent` = optional ones not sent (the flagged envelope's
   * `meta`, one of the aggregate's `buckets`/`data`), which is no fault.
   */
  readonly spec: { readonly present: string[]; readonly missing: string[]; readonly absent: string[] };
  /** Sandbox-chosen fields present / missing (missing is never a failure). */
  readonly chosen: { readonly present: string[]; readonly missing: string[] };
  /** Keys no schema declares (minus those read as a re-spelt declared field). */
  readonly unknown: string[];
  /** Declared fields the service spelled another way (also counted as present). */
  readonly respelt: Respelt[];
}

/** Audit the body the service sent (before the client reads alternative spellings). */
export function fieldsOf(ep: Endpoint, raw: unknown): Fields {
  const a = auditFields(asZod(ep.response), raw);
  const respelt: Respelt[] = [];
  const unknown = new Set(a.unknown);
  for (const declared of [...a.specMissing, ...a.chosenMissing]) {
    const cut = declared.lastIndexOf(".");
    const parent = cut < 0 ? "" : declared.slice(0, cut + 1);
    const alt = spellings(declared.slice(cut + 1)).find((k) => unknown.has(parent + k));
    if (alt === undefined) continue;
    respelt.push({ declared, seen: alt });
    unknown.delete(parent + alt);
  }
  // A re-spelt field counts as present (the client reads it) and is listed in `respelt` too.
  const re = new Set(respelt.map((r) => r.declared));
  const present = (s: Iterable<string>, m: Iterable<string>) =>
    [...s, ...[...m].filter((p) => re.has(p))].sort();
  const missing = (s: Iterable<string>) => [...s].filter((p) => !re.has(p)).sort();
  const optional = new Set(declaredFields(asZod(ep.response)).filter((f) => f.optional).map((f) => f.path));
  const specMissing = missing(a.specMissing);
  return {
    spec: {
      present: present(a.specPresent, a.specMissing),
      missing: specMissing.filter((p) => !optional.has(p)),
      absent: specMissing.filter((p) => optional.has(p)),
    },
    chosen: { present: present(a.chosenPresent, a.chosenMissing), missing: missing(a.chosenMissing) },
    unknown: [...unknown].sort(),
    respelt,
  };
}

/** Outcome of one endpoint: `broken` = answered but not as the spec says (the field is named). */
export type ContractStatus = "ok" | "broken" | "error" | "unresolved" | "skipped";

/**
 * Why an endpoint was not called: its tier (402), a daily quota, no id to call it with, a refused key,
 * or a service that never answered (the first calls failed on the network).
 */
export type SkipReason = "tier" | "quota" | "no-id" | "auth" | "network";

/** The check of one endpoint. */
export interface EndpointCheck {
  /** Catalogue name. */
  readonly endpoint: string;
  /** Outcome. */
  readonly status: ContractStatus;
  /** HTTP status of the last call (`2xx` for an answer), or null when none was made. */
  readonly http: number | "2xx" | null;
  /** Calls made (a name that did not resolve is tried with the next one found). */
  readonly calls: number;
  /** Parameters of the last call, as sent. */
  readonly params?: Readonly<Record<string, unknown>>;
  /** Why it was skipped. */
  readonly skipped?: { readonly reason: SkipReason; readonly why: string };
  /** `as expected`, or what is wrong with the envelope (flagged `success: true`, a JSON object). */
  readonly envelope?: string;
  /** Rows in the answer (list endpoints): row fields are audited only when rows came. */
  readonly rows?: number;
  /** Which declared fields the answer carried, as the service sent them. */
  readonly fields?: Fields;
  /** The typed error (class and message) of a broken, failed or unresolved call. */
  readonly problem?: string;
  /** Documented behaviour worth knowing (e.g. 404 = no SEC mapping). */
  readonly note?: string;
}
