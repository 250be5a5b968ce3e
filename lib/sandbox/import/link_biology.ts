/**
 * The linking step's biology: what an imported molecule database (Open Targets) adds to the other
 * sources — molecules' landscape tiers, approvals' indications, Medicare rows' molecules.
 *
 * @module
 */
import type { ImportStore } from "./_store.ts";

/** Link molecules, diseases and targets to the other sources; returns progress lines. */
export function linkBiology(_store: ImportStore): string[] {
  return [];
}
