/**
 * The linking step's organizations: names the sources use matched to the families of the identifier
 * registries (ROR, GLEIF). Until a registry is imported, every organization stays at the spec's
 * `UNRESOLVED` level, found by its names (`org_names`).
 *
 * @module
 */
import type { ImportStore } from "./_store.ts";

/** Link organizations to registry families; returns progress lines. */
export function linkOrganizations(_store: ImportStore): string[] {
  return [];
}
