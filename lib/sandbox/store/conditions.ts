/**
 * What an import adds to the layout of `trial_conditions` (schema.ts): a study's registered conditions sit
 * at positions 0 up, then, from {@linkcode MESH_TERM_POSITION}, the MeSH terms ClinicalTrials.gov maps the
 * study to that none of its conditions names (import/ctgov.ts). Those link the trial to their diseases (it is
 * found under them) but are not conditions it registered, so its condition lists leave them out.
 *
 * @module
 */

/** The first position of a study's MeSH terms in `trial_conditions` (its registered conditions come before). */
export const MESH_TERM_POSITION = 1000;
