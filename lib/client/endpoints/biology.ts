/**
 * Biology and target endpoints under /api/v1/tools/biology/ (spec 4.8).
 *
 * @module
 */
import { endpoint } from "../catalogue.ts";
import { curieGuard, guarded, int, limit, num, oneOf, required, str } from "../params.ts";
import { ACTION_TYPES } from "../schemas/vocab.ts";
import * as B from "../schemas/biology.ts";

const unresolved = { 500: "unresolvable entity (names the input)" } as const;

/** Biology endpoints. */
export const biologyEndpoints = {
  "biology.associations": endpoint({
    name: "biology.associations",
    probe: { params: [{ entity: "{target}", limit: 5 }] },
    method: "GET",
    path: "/api/v1/tools/biology/associations",
    section: "4.8",
    summary: "Target-disease associations with scores and evidence counts",
    params: {
      entity: required(str("target or disease name or id (targets resolved first)")),
      minScore: num("minimum association score 0-1", 0, 1, { default: 0.1 }),
      limit: limit(100, 50),
    },
    response: B.AssociationsResponse,
    envelope: "flagged",
    tier: "any",
    rows: ["data.associations"],
    cap: { param: "limit" },
    pagination: "none",
    errors: unresolved,
    entity: ["entity"],
  }),
  "biology.drugToTargets": endpoint({
    name: "biology.drugToTargets",
    probe: { params: [{ drug: "{drug}" }] },
    method: "GET",
    path: "/api/v1/tools/biology/drug-to-targets",
    section: "4.8",
    summary: "Molecular targets and mechanism of a drug (across salt forms)",
    params: { drug: required(str("generic or brand name")) },
    response: B.DrugToTargetsResponse,
    envelope: "flagged",
    tier: "any",
    rows: ["data.targets"],
    pagination: "none",
    errors: unresolved,
    entity: ["drug"],
  }),
  "biology.prioritizeTargets": endpoint({
    name: "biology.prioritizeTargets",
    probe: {
      params: [{ efo_id: "{efoId}", topN: 5 }, { disease: "{disease}", topN: 5 }],
      offers: { target: ["data.targets[].target_id", "data.targets[].target_name"] },
    },
    method: "GET",
    path: "/api/v1/tools/biology/prioritize-targets",
    section: "4.8",
    summary: "Top-N targets for a disease by association score, re-orderable",
    params: {
      disease: str("disease name"),
      efo_id: guarded("disease CURIE; takes precedence over disease", curieGuard, { pitfalls: [3] }),
      topN: int("top-N by association score, 1-200", 1, 200, { default: 20, pitfalls: [27] }),
      minScore: num("minimum association score 0-1", 0, 1, { default: 0 }),
      sortBy: oneOf(
        "score (default), novelty, trials, approved",
        ["score", "novelty", "trials", "approved"] as const,
        {
          default: "score",
        },
      ),
    },
    response: B.PrioritizeTargetsResponse,
    envelope: "flagged",
    tier: "any",
    rows: ["data.targets"],
    cap: { param: "topN", total: "data.total_targets" },
    pagination: "none",
    checks: [{
      params: ["disease", "efo_id"],
      ok: (p) => p.disease !== undefined || p.efo_id !== undefined,
      message: "pass disease or efo_id",
      server: 400,
    }],
    errors: { 400: "neither disease nor efo_id", 500: "unresolvable disease, malformed or unknown efo_id" },
    entity: ["efo_id", "disease"],
  }),
  "biology.targetLandscape": endpoint({
    name: "biology.targetLandscape",
    probe: { params: [{ target: "{target}" }] },
    method: "GET",
    path: "/api/v1/tools/biology/target-landscape",
    section: "4.8",
    summary: "Drugs modulating a target: approval, safety, max phase, trials, sponsors",
    params: { target: required(str("target name, gene symbol or id")) },
    response: B.TargetDrugsResponse,
    envelope: "flagged",
    tier: "any",
    rows: ["data.drugs"],
    pagination: "none",
    errors: unresolved,
    entity: ["target"],
  }),
  "biology.targetToDrugs": endpoint({
    name: "biology.targetToDrugs",
    probe: { params: [{ target: "{target}" }] },
    method: "GET",
    path: "/api/v1/tools/biology/target-to-drugs",
    section: "4.8",
    summary: "Drugs modulating a target (fixed cap of 50)",
    params: {
      target: required(str("target name, gene symbol or id")),
      action: oneOf("exact stored action type; a mistyped action silently returns nothing", ACTION_TYPES, {
        wireLenient: true,
        pitfalls: [26],
      }),
    },
    response: B.TargetToDrugsResponse,
    envelope: "flagged",
    tier: "any",
    rows: ["data.drugs"],
    cap: { fixed: 50 },
    pagination: "none",
    errors: unresolved,
    entity: ["target"],
  }),
};
