/**
 * Disease (spec 4.2) and regulatory (spec 4.3) endpoints.
 *
 * @module
 */
import { z } from "zod";
import { endpoint } from "../catalogue.ts";
import {
  csv,
  curieGuard,
  guarded,
  int,
  limit,
  oneOf,
  order,
  page,
  patternGuard,
  required,
  str,
} from "../params.ts";
import { CHEMBL_RE, LEI_RE, ORG_ID_RE } from "../schemas/common.ts";
import { APPROVAL_SOURCES } from "../schemas/vocab.ts";
import * as D from "../schemas/diseases.ts";
import * as R from "../schemas/regulatory.ts";

const orphanOnly = z.literal(true, {
  error: "only true filters; the service coerces is_orphan=false to true, so select non-orphans client-side",
});

const entityCount = (p: Readonly<Record<string, unknown>>) =>
  [p.sponsor, p.lei, p.ticker].filter((v) => v !== undefined).length;

/** Disease and regulatory endpoints. */

/** Marketing statuses the spec names; the filter is an exact match, so `rx` would match nothing (PITFALLS 34). */
const MARKETING_STATUSES = ["Rx", "OTC", "Disc"] as const;
const marketingStatus = z.string().trim().min(1).transform((v) =>
  MARKETING_STATUSES.find((k) => k.toLowerCase() === v.toLowerCase()) ?? v
);

export const regulatoryEndpoints = {
  "diseases.autocomplete": endpoint({
    name: "diseases.autocomplete",
    probe: { params: [{ q: "{disease}" }], offers: { efoId: ["data[].efo_id"], disease: ["data[].name"] } },
    method: "GET",
    path: "/api/v1/diseases/autocomplete",
    section: "4.2",
    summary: "Disease names to efo_id CURIEs (up to 10; diseases with trial data only)",
    params: { q: required(str("partial or full disease name")) },
    response: D.DiseaseAutocompleteResponse,
    envelope: "implicit",
    tier: "pro",
    quota: { free: 0, pro: 10_000, pos: 10_000 },
    rows: ["data"],
    cap: { fixed: 10 },
    pagination: "none",
    errors: { 402: "Free tier" },
  }),
  "diseases.landscape": endpoint({
    name: "diseases.landscape",
    probe: { params: [{ efo_id: "{efoId}" }, { disease: "{disease}" }], scarce: true },
    method: "POST",
    path: "/api/v1/analysis/disease-landscape",
    section: "4.2",
    summary: "Disease landscape report with a 0-100 competitiveness index",
    params: {
      disease: str("exact disease name (less precise)", { in: "body" }),
      efo_id: guarded("disease CURIE (preferred)", curieGuard, { in: "body", pitfalls: [3] }),
    },
    response: D.DiseaseLandscapeResponse,
    envelope: "implicit",
    tier: "pro",
    quota: { free: 0, pro: 1_000, pos: 1_000 },
    pagination: "none",
    checks: [{
      params: ["disease", "efo_id"],
      ok: (p) => p.disease !== undefined || p.efo_id !== undefined,
      message: "pass one of disease or efo_id (efo_id preferred)",
      server: 400,
    }],
    errors: { 400: "neither disease nor efo_id", 402: "Free tier", 404: "disease not found" },
  }),
  "regulatory.search": endpoint({
    name: "regulatory.search",
    probe: {
      params: [{ limit: 10 }],
      offers: {
        applicant: ["data[].applicant_raw"],
        disease: ["data[].indications[]"],
        drug: ["data[].trade_name"],
      },
    },
    method: "GET",
    path: "/api/v1/regulatory",
    section: "4.3",
    summary: "Approvals search over harmonised FDA Orange/Purple Book and EMA records",
    params: {
      search: str("full-text over trade name, applicant, ingredient"),
      source: oneOf("FDA_ORANGE, FDA_PURPLE, EMA, EMA Union Register", APPROVAL_SOURCES),
      applicant: str("case-insensitive partial match on applicant; no corporate-family expansion"),
      trade_name: str("case-insensitive partial match"),
      ingredient: str("case-insensitive partial match on active ingredient(s)"),
      sponsor_id: guarded(
        "linked sponsor id organizations/<key>; another form silently returns nothing",
        patternGuard(
          ORG_ID_RE,
          "must be organizations/<key> (resolve names with resolve.organizations)",
          false,
        ),
        { pitfalls: [18] },
      ),
      drug_id: guarded(
        "linked drug id CHEMBL<n>; another form silently returns nothing",
        patternGuard(CHEMBL_RE, "must be a molecule id like CHEMBL1234"),
        { pitfalls: [18] },
      ),
      disease_id: guarded("ontology CURIE, exact membership", curieGuard, { pitfalls: [18] }),
      status: guarded(
        "exact marketing status (Rx, OTC, Disc); the known values' case is normalised ('rx' → Rx)",
        marketingStatus,
        { pitfalls: [34] },
      ),
      is_orphan: {
        ...guarded("orphan designation; 'false' is coerced to true by the service", orphanOnly),
        kind: "truthy",
        wire: z.boolean(),
        pitfalls: [7],
      },
      page,
      limit: limit(100, 20),
      sort: oneOf("approval_date (default), updated_at", ["approval_date", "updated_at"] as const, {
        default: "approval_date",
      }),
      order,
    },
    response: R.ApprovalSearchResponse,
    envelope: "implicit",
    tier: "any",
    rows: ["data"],
    total: "meta.totalItems",
    pagination: "page",
    errors: {},
  }),
  "regulatory.landscape": endpoint({
    name: "regulatory.landscape",
    probe: {
      params: [{ sponsor: "{sponsor}" }, { indication: "{disease}" }],
      offers: { drug: ["data.biologics[].generic_name", "data.small_molecules_modern[].generic_name"] },
    },
    method: "GET",
    path: "/api/v1/tools/regulatory/landscape",
    section: "4.3",
    summary: "Drugs tiered into biologics, modern small molecules and commodities",
    params: {
      sponsor: str("expands to corporate family"),
      indication: str("expands to disease hierarchy"),
      minYear: int("approvals on or after 1 January of this year", 1900, 2100),
      region: oneOf("US or EU", ["US", "EU"] as const),
      drugNames: csv("comma-separated names/aliases, exact match", 1, 100),
    },
    response: R.RegulatoryLandscapeResponse,
    envelope: "flagged",
    tier: "any",
    rowGroups: ["data.biologics", "data.small_molecules_modern", "data.commodities"],
    total: "data.counts.total_unique_drugs",
    pagination: "none",
    errors: {},
  }),
  "regulatory.catalysts": endpoint({
    name: "regulatory.catalysts",
    probe: { params: [{ sponsor: "{sponsor}", limit: 20 }, { indication: "{disease}", limit: 20 }] },
    method: "GET",
    path: "/api/v1/tools/regulatory/catalysts",
    section: "4.3",
    summary: "Catalyst timeline: patent/exclusivity expiries ahead, approvals behind",
    params: {
      sponsor: str("organization name resolved in the graph"),
      indication: str("disease keyword, resolved to disease ids plus direct subtypes"),
      drugNames: csv("comma-separated names or ids, max 100", 1, 100),
      windowDays: int("window in days: forward for expiries, backward for approvals", 1, 3650, {
        default: 365,
      }),
      limit: limit(500, 100),
      lei: guarded(
        "20-character LEI; expands the corporate family up to 6 hops",
        patternGuard(LEI_RE, "must be a 20-character LEI"),
        {
          wire: z.string().regex(LEI_RE, "must be a 20-character LEI"),
        },
      ),
      ticker: guarded(
        "SEC ticker; mapped to the SEC entity then expanded",
        z.string().trim().toUpperCase().min(1),
      ),
    },
    response: R.CatalystsResponse,
    envelope: "flagged",
    tier: "any",
    rows: ["data.events"],
    cap: { param: "limit" },
    pagination: "none",
    checks: [{
      params: ["sponsor", "indication", "drugNames", "lei", "ticker"],
      ok: (p) => [p.sponsor, p.indication, p.drugNames, p.lei, p.ticker].some((v) => v !== undefined),
      message: "pass at least one of sponsor, indication, drugNames, lei, ticker",
      server: 400,
      pitfalls: [15],
    }, {
      params: ["sponsor", "lei", "ticker"],
      ok: (p) => entityCount(p) <= 1,
      message: "pass at most one of sponsor, lei, ticker (the service fails with 500 on combinations)",
      server: 500,
      pitfalls: [15],
    }],
    errors: {
      400: "none of sponsor/indication/drugNames/lei/ticker",
      500: "more than one of sponsor/lei/ticker",
    },
  }),
};
