/**
 * What an import adds to the layout of `trial_conditions` (schema.ts): a study's registered conditions sit
 * at positions 0 up, then, from {@linkcode MESH_TERM_POSITION}, the MeSH terms ClinicalTrials.gov maps the
 * study to that none of its conditions names (import/ctgov.ts). Those link the trial to their diseases (it is
 * found under them) but are not conditions it registered, so its condition lists leave them out.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";

/** The first position of a study's MeSH terms in `trial_conditions` (its registered conditions come before). */
export const MESH_TERM_POSITION = 1000;

/**
 * The id a store holds for a disease CURIE. A store imported before MeSH ids were stored as MeSH issued them
 * keeps a 2023 snapshot's zero-padded form (`MESH:D000007938` for `MESH:D007938`, which the client sends)
 * until its next import rewrites it (import/link.ts); meanwhile it is read under the native id. Any other
 * CURIE is returned as given.
 *
 * @param db The store.
 * @param curie A normalised disease CURIE (`MESH:D007938`, `EFO:0000311`).
 * @returns The id the store's `diseases` holds for it (the CURIE itself when it holds neither form).
 */
export function storedDiseaseId(db: DatabaseSync, curie: string): string {
  const m = /^MESH:([CD])(\d{6})$/.exec(curie);
  if (!m) return curie;
  const has = db.prepare("SELECT 1 FROM diseases WHERE id = ?");
  const padded = `MESH:${m[1]}000${m[2]}`;
  return !has.get(curie) && has.get(padded) ? padded : curie;
}
