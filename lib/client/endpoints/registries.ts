/**
 * Grants (4.5), Medicare (4.6), researchers and resolution (4.7), alerts (4.9).
 *
 * @module
 */
import { z } from "zod";
import { endpoint } from "../catalogue.ts";
import {
  date,
  guarded,
  limit,
  normaliseCurie,
  num,
  oneOf,
  order,
  page,
  patternGuard,
  required,
  str,
} from "../params.ts";
import { AUTHOR_ID_RE, CHEMBL_RE, flagged, LEI_RE } from "../schemas/common.ts";
import { chosen } from "../schemas/origin.ts";
import { GRANT_SOURCES, MEDICARE_MATCH_METHODS, WORK_TYPES } from "../schemas/vocab.ts";
import * as G from "../schemas/grants.ts";
import * as H from "../schemas/people.ts";

/** Medicare stores efo_id in underscore form; OBO (`EFO:x`) and dash forms are normalised (PITFALLS 23). */
const medicareEfo = z.string().transform((v, ctx) => {
  const c = normaliseCurie(v);
  if (c === undefined) {
    ctx.addIssue({ code: "custom", message: "must be a disease id like EFO_0000311 or EFO:0000311" });
    return z.NEVER;
  }
  return c.replace(":", "_");
}) as unknown as z.ZodType<string, string>;

/** Author id guard: flat forms kept, the URL form reduced to its flat id. */
const authorId = z.string().transform((v, ctx) => {
  const s = v.trim();
  if (!AUTHOR_ID_RE.test(s)) {
    ctx.addIssue({
      code: "custom",
      message: "must be A<digits>, scholarly_A<digits> or the author URL form",
    });
    return z.NEVER;
  }
  return s.startsWith("http") ? s.slice(s.lastIndexOf("/") + 1) : s;
}) as unknown as z.ZodType<string, string>;

/** Registry, researcher and alert endpoints. */
export const registryEndpoints = {
  "grants.sample": endpoint({
    name: "grants.sample",
    probe: { offers: { topic: ["data[].topics[]"] } },
    method: "GET",
    path: "/api/v1/grants/sample",
    section: "4.5",
    summary: "Fixed sample of recent grants (3 NIH, 2 CORDIS); all tiers",
    params: {},
    response: G.GrantSampleResponse,
    envelope: "implicit",
    tier: "any",
    rows: ["data"],
    pagination: "none",
    errors: {},
  }),
  "grants.search": endpoint({
    name: "grants.search",
    probe: { params: [{ limit: 5 }], offers: { topic: ["data[].topics[]"] } },
    method: "GET",
    path: "/api/v1/grants",
    section: "4.5",
    summary: "Grant registry search (NIH, CORDIS); phrase search with stemming",
    params: {
      search: str("full-text over title and abstract; multi-word terms match as a phrase"),
      source: oneOf("NIH or CORDIS", GRANT_SOURCES),
      funding_min: num("inclusive lower bound on total funding", 0),
      funding_max: num("inclusive upper bound on total funding", 0),
      start_date_after: date("project start >= value"),
      end_date_before: date("project end <= value"),
      topic: str("exact topic name; fuzzy strings do not match"),
      page,
      limit: limit(100, 20),
      sort: oneOf(
        "start_date (default), funding, updated; relevance when searching without sort",
        [
          "start_date",
          "funding",
          "updated",
        ] as const,
        { default: "start_date" },
      ),
      order,
    },
    response: G.GrantSearchResponse,
    envelope: "implicit",
    tier: "pro",
    rows: ["data"],
    total: "meta.totalItems",
    pagination: "page",
    errors: { 402: "workspace lacks Pro" },
  }),
  "medicare.search": endpoint({
    name: "medicare.search",
    probe: {
      params: [{ limit: 5 }],
      offers: { drug: ["data[].generic_name"], efoId: ["data[].approved_indications[].efo_id"] },
    },
    method: "GET",
    path: "/api/v1/medicare-drugs",
    section: "4.6",
    summary: "Medicare Part D drug spending (2025)",
    params: {
      search: str(
        "exact whole-term match on the complete generic or brand name; partial strings match nothing",
        {
          pitfalls: [23],
        },
      ),
      generic_name: str("exact case-insensitive generic name"),
      efo_id: guarded("disease id of an approved indication (OBO and dash forms normalised)", medicareEfo, {
        pitfalls: [23],
      }),
      molecule_id: guarded(
        "exact molecule id, as in molecule.chembl_id",
        patternGuard(CHEMBL_RE, "must be like CHEMBL1234"),
      ),
      match_method: oneOf("exact_generic or unmatched", MEDICARE_MATCH_METHODS),
      min_spending: num("inclusive lower bound on total_spending", 0),
      max_spending: num("inclusive upper bound on total_spending", 0),
      page,
      limit: limit(100, 20),
      sort: oneOf("total_spending (default), generic_name", ["total_spending", "generic_name"] as const, {
        default: "total_spending",
      }),
      order,
    },
    response: G.MedicareSearchResponse,
    envelope: "implicit",
    tier: "any",
    rows: ["data"],
    total: "meta.totalItems",
    pagination: "page",
    errors: {},
  }),
  "researchers.works": endpoint({
    name: "researchers.works",
    probe: { params: [{ authorId: "{authorId}", limit: 5 }] },
    method: "GET",
    path: "/api/v1/researchers/:authorId/works",
    section: "4.7",
    summary: "A researcher's publications",
    params: {
      authorId: required(guarded("scholarly-index author id (A<digits> or scholarly_A<digits>)", authorId, {
        in: "path",
      })),
      page,
      limit: limit(100, 20),
      sort: oneOf(
        "publication_date (default), cited_by_count",
        ["publication_date", "cited_by_count"] as const,
        {
          default: "publication_date",
        },
      ),
      order,
      publication_date_from: date("from date; must be <= publication_date_to", { pitfalls: [24] }),
      publication_date_to: date("to date"),
      type: oneOf("work type, case-insensitive", WORK_TYPES, { caseSensitiveWire: false, pitfalls: [24] }),
    },
    response: H.WorksResponse,
    envelope: "implicit",
    tier: "any",
    rows: ["data"],
    total: "meta.totalItems",
    hasMore: "hasMore",
    pagination: "page",
    checks: [{
      params: ["publication_date_from", "publication_date_to"],
      ok: (p) =>
        p.publication_date_from === undefined || p.publication_date_to === undefined ||
        String(p.publication_date_from) <= String(p.publication_date_to),
      message: "publication_date_from must be on or before publication_date_to",
      server: 400,
      pitfalls: [24],
    }],
    errors: { 400: "inverted date window or unknown work type", 404: "unknown author" },
  }),
  "resolve.organizations": endpoint({
    name: "resolve.organizations",
    probe: {
      params: [{ query: "{applicant}", limit: 5 }],
      offers: { sponsor: ["data[].name"], lei: ["data[].lei"] },
    },
    method: "GET",
    path: "/api/v1/tools/resolution/autocomplete",
    section: "4.7",
    summary: "Sponsor/organization names to organizations/<key> ids (with ROR and LEI)",
    params: { query: required(str("partial or full sponsor/organization name")), limit: limit(50, 10) },
    response: flagged(z.array(H.OrganizationRow)).extend({ resolution: chosen(H.OrganizationResolution) }),
    envelope: "flagged",
    tier: "any",
    rows: ["data"],
    cap: { param: "limit" },
    pagination: "none",
    errors: {},
  }),
  "financials.leiToTicker": endpoint({
    name: "financials.leiToTicker",
    probe: { params: [{ lei: "{lei}" }] },
    method: "GET",
    path: "/api/v1/tools/financials/lei-to-ticker",
    section: "4.7",
    summary: "LEI to SEC tickers (complete mapping; 404 = no mapping)",
    params: {
      lei: required(
        guarded(
          "20 alphanumeric characters, case-insensitive",
          patternGuard(LEI_RE, "must be 20 letters or digits"),
          {
            wire: z.string().regex(LEI_RE, "must be 20 alphanumeric characters"),
            pitfalls: [25],
          },
        ),
      ),
    },
    response: flagged(H.LeiToTickerData),
    envelope: "flagged",
    tier: "any",
    rows: ["data.secEntities"],
    pagination: "none",
    errors: { 400: "malformed LEI", 404: "no SEC ticker mapping (the LEI may still be valid)" },
  }),
  "alerts.list": endpoint({
    name: "alerts.list",
    probe: { params: [{ limit: 5 }], offers: { alertId: ["data[].alert_id"] } },
    method: "GET",
    path: "/api/v1/alerts",
    section: "4.9",
    summary: "The workspace's alerts (metadata stripped)",
    params: { page, limit: limit(100, 20) },
    response: H.AlertListResponse,
    envelope: "implicit",
    tier: "any",
    rows: ["data"],
    total: "meta.totalItems",
    pagination: "page",
    errors: {},
  }),
  "alerts.get": endpoint({
    name: "alerts.get",
    probe: { params: [{ alertDbId: "{alertId}" }] },
    method: "GET",
    path: "/api/v1/alerts/:alertDbId",
    section: "4.9",
    summary: "One alert, full object",
    params: { alertDbId: required(str("alert id from alerts.list", { in: "path" })) },
    response: H.AlertResponse,
    envelope: "implicit",
    tier: "any",
    pagination: "none",
    errors: { 404: "unknown alert id" },
  }),
};
