/**
 * Biology tools under /api/v1/tools/biology/ (spec 4.8). Row fields beyond the spec's names are
 * the sandbox's documented choice.
 *
 * @module
 */
import { z } from "zod";
import { count, flagged } from "./common.ts";
import { chosen } from "./origin.ts";
import type * as R from "./_rows.gen.ts";

const TargetRef = z.looseObject({
  target_id: chosen(z.string()),
  symbol: chosen(z.string()),
  name: chosen(z.string()),
});

/** Target–disease association row. */
export const AssociationRow = z.looseObject({
  target_id: chosen(z.string()),
  target_symbol: chosen(z.string()),
  disease_id: chosen(z.string()),
  disease_name: chosen(z.string()),
  score: chosen(z.number().min(0).max(1)),
  evidence_count: chosen(count),
});
/** Target–disease association row. */
export type AssociationRow = R.AssociationRow;

/** Associations response. */
export const AssociationsResponse = flagged(z.looseObject({
  entity: chosen(z.looseObject({
    id: chosen(z.string()),
    name: chosen(z.string()),
    type: chosen(z.enum(["target", "disease"])),
  })),
  associations: z.array(AssociationRow),
}));

/** Drug-to-targets response. */
export const DrugToTargetsResponse = flagged(z.looseObject({
  drug: chosen(z.looseObject({
    chembl_id: chosen(z.string()),
    name: chosen(z.string()),
    mechanism_of_action: chosen(z.string().nullable()),
    input: chosen(z.string()),
  })),
  targets: z.array(
    TargetRef.extend({ action_type: chosen(z.string()), mechanism_of_action: chosen(z.string()) }),
  ),
  related_forms: chosen(z.array(z.looseObject({ chembl_id: chosen(z.string()), name: chosen(z.string()) }))),
}));

/** Prioritized target row. */
export const PrioritizedTargetRow = z.looseObject({
  target_name: z.string(),
  association_score: z.number(),
  approved_drugs: count,
  trials_in_disease: count,
  novelty_score: z.number(),
  target_id: z.string(),
  symbol: chosen(z.string()),
});
/** Prioritized target row. */
export type PrioritizedTargetRow = R.PrioritizedTargetRow;

/** Prioritize-targets response: `total_targets` is capped by topN (equal to topN = more may exist). */
export const PrioritizeTargetsResponse = flagged(z.looseObject({
  disease: chosen(z.looseObject({ efo_id: chosen(z.string()), name: chosen(z.string()) })),
  targets: z.array(PrioritizedTargetRow),
  total_targets: count,
}));

/** Drug modulating a target (target-landscape and target-to-drugs). */
export const TargetDrugRow = z.looseObject({
  chembl_id: chosen(z.string()),
  drug_name: chosen(z.string()),
  action_type: chosen(z.string()),
  mechanism_of_action: chosen(z.string()),
  max_phase: chosen(z.number()),
  is_approved: chosen(z.boolean()),
  safety_warnings: chosen(z.array(z.string())),
  trial_count: chosen(count),
  sponsors: chosen(z.array(z.string())),
  indications: chosen(z.array(z.string())),
});
/** Drug modulating a target. */
export type TargetDrugRow = R.TargetDrugRow;

/** Target landscape response. */
export const TargetDrugsResponse = flagged(z.looseObject({
  target: chosen(TargetRef),
  drugs: z.array(TargetDrugRow),
}));

/** Drug of target-to-drugs: name, phase, approval, mechanism and safety; no trials, sponsors or indications. */
export const TargetToDrugsRow = TargetDrugRow.omit({ trial_count: true, sponsors: true, indications: true });
/** Drug of target-to-drugs. */
export type TargetToDrugsRow = R.TargetToDrugsRow;

/** Target-to-drugs response (a fixed cap of 50 drugs). */
export const TargetToDrugsResponse = flagged(z.looseObject({
  target: chosen(TargetRef),
  drugs: z.array(TargetToDrugsRow),
}));
