/**
 * One call of a catalogue endpoint: validate and normalise the parameters, send, pick the rows and
 * the exact total from the endpoint's documented paths, and build the result with its provenance
 * and flags. Auto-pagination (paginate.ts) is built from the same pieces.
 *
 * @module
 */
import type { Endpoint } from "./catalogue.ts";
import { NotFoundError, SchemaMismatchError } from "./errors.ts";
import { prepare, type Prepared, show } from "./guards.ts";
import { type Answer, type RequestOptions, send, type TransportConfig, type WireRequest } from "./request.ts";
import type { BodyResult, Progress, Provenance, RowsResult, Warning } from "./result.ts";
import { flagResult } from "./warnings.ts";
import { getPath } from "./_path.ts";
import { emptyAudit } from "./schemas/origin.ts";
import { asZod } from "./_zod.ts";

/** What a call needs from its client. */
export interface CallContext {
  /** The transport configuration (resolved lazily on first use). */
  readonly config: () => TransportConfig;
  /** Progress callback. */
  readonly onProgress?: (p: Progress) => void;
}

/** Rows, total and the more-pages flag of one answer. */
export interface PageView {
  /** The rows at the endpoint's rows path (or its row groups, each row labelled with `group`). */
  readonly rows: unknown[];
  /** The exact total from the documented field, or null when the endpoint has none. */
  readonly total: number | null;
  /** The `hasMore` flag, for endpoints that document one. */
  readonly hasMore?: boolean;
}

/** The wire request of a prepared call. */
export function wireOf(ep: Endpoint, p: Prepared): WireRequest {
  return {
    endpoint: ep.name,
    method: ep.method,
    path: p.path,
    query: p.query,
    ...(p.body === undefined ? {} : { body: p.body }),
    schema: asZod(ep.response),
    envelope: ep.envelope,
    tier: ep.tier,
    ...entityOf(ep, p.sent),
  };
}

/** The entity input of a call to an endpoint whose 500 means "could not resolve" (catalogue `entity`). */
function entityOf(ep: Endpoint, sent: Readonly<Record<string, unknown>>): Pick<WireRequest, "entity"> {
  const parameter = ep.entity?.find((k) => sent[k] !== undefined);
  return parameter === undefined ? {} : { entity: { parameter, input: String(sent[parameter]) } };
}

function mismatch(
  ep: Endpoint,
  path: string,
  field: string,
  value: unknown,
  what: string,
): SchemaMismatchError {
  return new SchemaMismatchError(
    `Response of ${ep.name} has no ${what} at '${field}' (value ${
      show(value)
    }); the service or catalogue changed, report it`,
    { endpoint: ep.name, method: ep.method, path, field, value },
  );
}

/** True when the endpoint returns a list of rows. */
export function isList(ep: Endpoint): boolean {
  return ep.rows !== undefined || ep.rowGroups !== undefined;
}

/** Read rows, total and `hasMore` from a validated body, only from the documented fields. */
export function viewOf(ep: Endpoint, path: string, body: unknown): PageView {
  let rows: unknown[] | undefined;
  if (ep.rows) {
    for (const at of ep.rows) {
      const v = getPath(body, at);
      if (Array.isArray(v)) {
        rows = v;
        break;
      }
    }
    if (!rows) throw mismatch(ep, path, ep.rows.join("|"), undefined, "row list");
  } else if (ep.rowGroups) {
    rows = ep.rowGroups.flatMap((at) => {
      const v = getPath(body, at);
      if (!Array.isArray(v)) throw mismatch(ep, path, at, v, "row group");
      const group = at.slice(at.lastIndexOf(".") + 1);
      return v.map((r) => ({ ...(r as object), group }));
    });
  }
  let total: number | null = null;
  if (ep.total) {
    const t = getPath(body, ep.total);
    if (typeof t !== "number") throw mismatch(ep, path, ep.total, t, "exact total");
    total = t;
  }
  const more = ep.hasMore ? getPath(body, ep.hasMore) : undefined;
  return { rows: rows ?? [], total, ...(typeof more === "boolean" ? { hasMore: more } : {}) };
}

/**
 * The `field-absent` warning: sandbox-chosen fields (names the spec does not give) that no answer
 * carried. Their columns are null in frames; an analysis that needs one derives it or says so.
 */
export function absentFields(answers: readonly Answer[]): Warning | undefined {
  const all = emptyAudit();
  for (const a of answers) {
    for (const p of a.fields?.chosenPresent ?? []) all.chosenPresent.add(p);
    for (const p of a.fields?.chosenMissing ?? []) all.chosenMissing.add(p);
    for (const p of a.fields?.hints ?? []) all.hints.add(p);
  }
  const missing = [...all.chosenMissing].filter((p) => !all.chosenPresent.has(p) && !all.hints.has(p));
  if (missing.length === 0) return undefined;
  const shown = [...new Set(missing.map(fieldWords))].slice(0, 8).join(", ") +
    (missing.length > 8 ? ` and ${missing.length - 8} more` : "");
  return {
    code: "field-absent",
    pitfall: 36,
    message: `The service sent no ${shown} (fields the spec does not name); ` +
      `columns built from them are left empty`,
  };
}

const FIELD_ACRONYMS: Readonly<Record<string, string>> = {
  id: "id",
  chembl: "ChEMBL",
  efo: "EFO",
  nct: "NCT",
  lei: "LEI",
  ror: "ROR",
  cpc: "CPC",
  fda: "FDA",
  ema: "EMA",
};

/**
 * A response field's path in words for a warning a reader reads: `data.small_molecules_modern[].chembl_id`
 * → "ChEMBL id of small molecules modern" (the path itself stays in the answer's field audit).
 */
function fieldWords(path: string): string {
  const words = (s: string) =>
    s.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase().split("_").filter(Boolean)
      .map((w) => FIELD_ACRONYMS[w] ?? w).join(" ");
  const parts = path.replace(/\[\]/g, "").split(".").filter((p) => p && p !== "data" && p !== "meta");
  const field = parts.at(-1) ?? path;
  return parts.length > 1 ? `${words(field)} of ${words(parts.at(-2)!)}` : words(field);
}

/** Provenance of a result made of `answers`. */
export function provenance(
  ep: Endpoint,
  p: Prepared,
  answers: readonly Answer[],
  fields: {
    total: number | null;
    rows: number;
    complete: boolean;
    warnings: Warning[];
    appliedSort?: string;
  },
): Provenance {
  const cached = answers.filter((a) => a.fromCache);
  const absent = absentFields(answers);
  const missing = answers.find((a) => a.dataMissing)?.dataMissing;
  const noData: Warning[] = missing
    ? [{
      code: "no-data-source",
      message: `The service has no data here: ${missing}. Empty rows from this call mean a missing source, ` +
        "not that none exist",
    }]
    : [];
  return {
    endpoint: ep.name,
    method: ep.method,
    path: p.path,
    params: p.sent,
    total: fields.total,
    rows: fields.rows,
    pages: answers.length,
    fetchedAt: answers.length ? new Date(Math.min(...answers.map((a) => a.fetchedAt.getTime()))) : new Date(),
    fromCache: cached.length > 0,
    cacheAgeMs: cached.length ? Math.max(...cached.map((a) => a.cacheAgeMs)) : 0,
    complete: fields.complete,
    warnings: [...noData, ...fields.warnings, ...(absent ? [absent] : [])],
    ...(fields.appliedSort === undefined ? {} : { appliedSort: fields.appliedSort }),
  };
}

/** Build a rows result from the collected rows, applying the endpoint's flags. */
export function rowsResult(
  ep: Endpoint,
  p: Prepared,
  answers: readonly Answer[],
  view: PageView,
  body: unknown,
  extra: { complete: boolean; warnings: Warning[] },
): RowsResult<unknown> {
  const flags = flagResult(ep, p.sent, { rows: view.rows, total: view.total, body });
  return {
    rows: view.rows,
    total: view.total,
    body,
    meta: provenance(ep, p, answers, {
      total: view.total,
      rows: view.rows.length,
      complete: extra.complete && flags.complete,
      warnings: [...extra.warnings, ...flags.warnings],
      ...(flags.appliedSort === undefined ? {} : { appliedSort: flags.appliedSort }),
    }),
  };
}

/** Endpoints whose 404 means "no mapping" rather than an error (PITFALLS 25). */
const EMPTY_ON_404: Readonly<Record<string, Warning>> = {
  "financials.leiToTicker": {
    code: "no-mapping",
    pitfall: 25,
    message:
      "This LEI has no SEC ticker mapping (the service answered 404); the LEI itself may well be valid",
  },
};

/** Call `ep` once (one page for paginated endpoints). */
export async function callOnce(
  ctx: CallContext,
  ep: Endpoint,
  params: unknown,
  opts: RequestOptions = {},
): Promise<RowsResult<unknown> | BodyResult<unknown>> {
  const p = prepare(ep, params);
  let answer: Answer;
  try {
    answer = await send(ctx.config(), wireOf(ep, p), opts);
  } catch (e) {
    const empty = EMPTY_ON_404[ep.name];
    if (!(e instanceof NotFoundError) || !empty) throw e;
    const view = { rows: [], total: null };
    return rowsResult(ep, p, [], view, null, { complete: true, warnings: [empty] });
  }
  if (!isList(ep)) {
    const flags = flagResult(ep, p.sent, { rows: [], total: null, body: answer.body });
    return {
      body: answer.body,
      meta: provenance(ep, p, [answer], { total: null, rows: 0, ...flags }),
    };
  }
  const view = viewOf(ep, p.path, answer.body);
  const warnings: Warning[] = [];
  let complete = true;
  if (ep.pagination === "page") {
    const page = Number(p.sent.page ?? 1);
    const more = view.hasMore === true ||
      (view.total !== null && !(page === 1 && view.rows.length >= view.total));
    if (more) {
      complete = false;
      warnings.push({
        code: "one-page",
        pitfall: 1,
        message: `This is page ${page} (${view.rows.length} rows) of ${view.total ?? "more"} rows; ` +
          `use .all() or .iterate() for every row`,
      });
    }
  } else if (view.total !== null && view.rows.length !== view.total) {
    complete = false;
    warnings.push({
      code: "total-mismatch",
      pitfall: 1,
      message: `${view.rows.length} rows were returned but the documented total is ${view.total}`,
    });
  }
  return rowsResult(ep, p, [answer], view, answer.body, { complete, warnings });
}
