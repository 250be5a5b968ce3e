/**
 * Patent endpoints (spec 4.4; Pro).
 *
 * @module
 */
import { z } from "zod";
import { endpoint } from "../catalogue.ts";
import { date, guarded, int, limit, oneOf, order, page, required, str } from "../params.ts";
import * as P from "../schemas/patents.ts";

const truthString = z.union([z.boolean(), z.enum(["true", "false"])]).transform((v) =>
  String(v)
) as unknown as z.ZodType<
  "true" | "false",
  boolean | "true" | "false"
>;

/**
 * A patent id as the spec takes it (a search row's `patent_id`, `US12409631B2`): a full publication number
 * (country, number, kind) written with spaces, commas, dots, slashes or hyphens, any case, in that form;
 * anything else as written, trimmed.
 */
const patentIdGuard = z.string().trim().min(1, "must not be empty").transform((v) => {
  const compact = v.toUpperCase().replace(/[\s,./\-]/g, "");
  return /^[A-Z]{2}[A-Z]{0,2}\d+[A-Z]\d?$/.test(compact) ? compact : v;
});

const company = {
  company_id: str("raw assignee string, organizations/<key>, ror:<id>, lei:<id>, or a bare ROR/LEI id"),
  company_name: str("fallback when company_id is absent; resolved to an organization"),
  cpc_code: guarded(
    "CPC code or prefix (e.g. A61K); unknown prefix → 400",
    z.string().trim().toUpperCase().min(1),
  ),
  include_descendants: {
    ...guarded("true (default) expands a cpc_code prefix to all codes starting with it", truthString, {
      wire: z.enum(["true", "false"]),
    }),
    default: "true",
  },
};

const window = {
  publication_date_from: date("publication date from (inclusive)"),
  publication_date_to: date("publication date to (inclusive)"),
};

const dateOrder = {
  params: ["publication_date_from", "publication_date_to"],
  ok: (p: Readonly<Record<string, unknown>>) =>
    p.publication_date_from === undefined || p.publication_date_to === undefined ||
    String(p.publication_date_from) <= String(p.publication_date_to),
  message: "publication_date_from is after publication_date_to, which matches nothing; swap them",
} as const;

const errors = {
  400: "unresolved company value or unknown CPC prefix (names the value)",
  402: "workspace lacks Pro",
} as const;

/** Patent endpoints. */
export const patentEndpoints = {
  "patents.search": endpoint({
    name: "patents.search",
    probe: { params: [{ limit: 5 }], offers: { patentId: ["data[].patent_id"] } },
    method: "GET",
    path: "/api/v1/patents",
    section: "4.4",
    summary: "Patent search with direct indexed filters",
    params: {
      ...company,
      ...window,
      country: guarded("country, uppercased by the server", z.string().trim().toUpperCase().min(1)),
      legal_status: str("legal status, case-insensitive"),
      page,
      limit: limit(100, 20),
      sort: oneOf("publication_date (default), title", ["publication_date", "title"] as const, {
        default: "publication_date",
      }),
      order,
    },
    response: P.PatentSearchResponse,
    envelope: "implicit",
    tier: "pro",
    rows: ["data"],
    total: "meta.total",
    pagination: "page",
    fixed: { include_total: "true" },
    checks: [dateOrder],
    errors,
  }),
  "patents.get": endpoint({
    name: "patents.get",
    probe: { params: [{ patentId: "{patentId}" }] },
    method: "GET",
    path: "/api/v1/patents/:patentId",
    section: "4.4",
    summary: "Full patent record",
    params: {
      patentId: required(guarded(
        "patent publication id from a search row's patent_id (US12409631B2); a full number written with spaces, " +
          "commas or lower case (`us 12,409,631 b2`) is sent in that form; a number without its country or " +
          "kind code is sent as written (the sandbox resolves it when it names one patent; the spec's service " +
          "takes the search row's id)",
        patentIdGuard,
        { in: "path" },
      )),
    },
    response: P.PatentRecordResponse,
    envelope: "implicit",
    tier: "pro",
    pagination: "none",
    errors: { 402: "workspace lacks Pro", 404: "unknown patent id" },
  }),
  "patents.aggregate": endpoint({
    name: "patents.aggregate",
    probe: { params: [{ group_by: "year", limit: 5 }] },
    method: "GET",
    path: "/api/v1/patents/aggregate",
    section: "4.4",
    summary: "Pre-computed patent counts by year, CPC code or company",
    params: {
      group_by: {
        ...guarded(
          "comma-separated subset of year, cpc, company (default year)",
          z.union([z.string(), z.array(z.string())]).transform((v, ctx) => {
            const items = (typeof v === "string" ? v.split(",") : v).map((s) => s.trim().toLowerCase())
              .filter(Boolean);
            const bad = items.filter((s) => !["year", "cpc", "company"].includes(s));
            if (bad.length || !items.length) {
              ctx.addIssue({ code: "custom", message: "must be a non-empty subset of year, cpc, company" });
            }
            return [...new Set(items)].join(",");
          }) as unknown as z.ZodType<string, string | readonly ("year" | "cpc" | "company")[]>,
          {
            wire: z.string().regex(
              /^(year|cpc|company)(,(year|cpc|company))*$/,
              "must be a subset of year, cpc, company",
            ),
          },
        ),
        kind: "csv",
        default: "year",
      },
      ...company,
      ...window,
      limit: limit(500, 100),
      sort_by_count: oneOf("desc (default), asc", ["desc", "asc"] as const, { default: "desc" }),
    },
    response: P.AggregateResponse,
    envelope: "flagged",
    tier: "pro",
    rows: ["buckets", "data"],
    cap: { param: "limit" },
    pagination: "none",
    rejects: ["country", "legal_status"],
    checks: [dateOrder],
    errors: { ...errors, 400: "country or legal_status sent; unresolved company; unknown CPC prefix" },
  }),
  "patents.yoyGrowth": endpoint({
    name: "patents.yoyGrowth",
    probe: { params: [{ dimension: "cpc", limit: 5 }] },
    method: "GET",
    path: "/api/v1/patents/yoy-growth",
    section: "4.4",
    summary: "Year-over-year growth by CPC code or company (percent is a fraction of 1)",
    params: {
      dimension: required(oneOf("cpc or company", ["cpc", "company"] as const)),
      year_start: int("oldCount year", 1900, 2026, { default: 2024 }),
      year_end: int("newCount year", 1900, 2026, { default: 2025 }),
      cpc_code: company.cpc_code,
      company_id: company.company_id,
      company_name: company.company_name,
      include_descendants: company.include_descendants,
      min_old_count: int("groups with fewer patents in year_start are hidden", 0, undefined, { default: 50 }),
      limit: limit(100, 10),
      sort: oneOf(
        "growth_desc (default), growth_asc, percent_desc, percent_asc",
        ["growth_desc", "growth_asc", "percent_desc", "percent_asc"] as const,
        { default: "growth_desc" },
      ),
    },
    response: P.YoyGrowthResponse,
    envelope: "flagged",
    tier: "pro",
    rows: ["data"],
    cap: { param: "limit" },
    pagination: "none",
    checks: [{
      params: ["year_start", "year_end"],
      ok: (p) =>
        p.year_start === undefined || p.year_end === undefined ||
        (p.year_start as number) < (p.year_end as number),
      message: "year_start must be before year_end",
    }],
    errors,
  }),
};
