/**
 * Biology tools under /api/v1/tools/biology/ (spec 4.8). Row fields beyond the spec's names are
 * the sandbox's documented choice.
 *
 * @module
 */
import { z } from "zod";
import { count, flagged } from "./common.ts";

const TargetRef = z.looseObject({ target_id: z.string(), symbol: z.string(), name: z.string() });

/** Target–disease association row. */
export const AssociationRow = z.looseObject({
  target_id: z.string(),
  target_symbol: z.string(),
  disease_id: z.string(),
  disease_name: z.string(),
  score: z.number().min(0).max(1),
  evidence_count: count,
});
/** Target–disease association row. */
export type AssociationRow = z.infer<typeof AssociationRow>;

/** Associations response. */
export const AssociationsResponse = flagged(z.looseObject({
  entity: z.looseObject({ id: z.string(), name: z.string(), type: z.enum(["target", "disease"]) }),
  associations: z.array(AssociationRow),
}));

/** Drug-to-targets response. */
export const DrugToTargetsResponse = flagged(z.looseObject({
  drug: z.looseObject({ chembl_id: z.string(), name: z.string() }),
  targets: z.array(TargetRef.extend({ action_type: z.string(), mechanism_of_action: z.string() })),
  related_forms: z.array(z.looseObject({ chembl_id: z.string(), name: z.string() })),
}));

/** Prioritized target row. */
export const PrioritizedTargetRow = z.looseObject({
  target_name: z.string(),
  association_score: z.number(),
  approved_drugs: count,
  trials_in_disease: count,
  novelty_score: z.number(),
  target_id: z.string(),
  symbol: z.string().optional(),
});
/** Prioritized target row. */
export type PrioritizedTargetRow = z.infer<typeof PrioritizedTargetRow>;

/** Prioritize-targets response: `total_targets` is capped by topN (equal to topN = more may exist). */
export const PrioritizeTargetsResponse = flagged(z.looseObject({
  disease: z.looseObject({ efo_id: z.string(), name: z.string() }),
  targets: z.array(PrioritizedTargetRow),
  total_targets: count,
}));

/** Drug modulating a target (target-landscape and target-to-drugs). */
export const TargetDrugRow = z.looseObject({
  chembl_id: z.string(),
  drug_name: z.string(),
  action_type: z.string(),
  mechanism_of_action: z.string(),
  max_phase: z.number(),
  is_approved: z.boolean(),
  safety_warnings: z.array(z.string()),
  trial_count: count.optional(),
  sponsors: z.array(z.string()).optional(),
  indications: z.array(z.string()).optional(),
});
/** Drug modulating a target. */
export type TargetDrugRow = z.infer<typeof TargetDrugRow>;

/** Target landscape / target-to-drugs response. */
export const TargetDrugsResponse = flagged(z.looseObject({
  target: TargetRef,
  drugs: z.array(TargetDrugRow),
}));
