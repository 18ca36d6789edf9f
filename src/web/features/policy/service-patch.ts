import type { TServicePatch } from "../../../domain/policy/schemas.ts";

/**
 * Two waiting patches of one service as one: the newer field wins, attribute and benefit-set
 * changes are combined (a later value of the same attribute or set replaces the earlier one).
 */
export function mergeServicePatch(older: TServicePatch, newer: TServicePatch): TServicePatch {
  const merged: TServicePatch = { ...older, ...newer };
  if (older.attributes || newer.attributes || older.propertiesToDelete || newer.propertiesToDelete) {
    const attributes = { ...older.attributes };
    for (const key of newer.propertiesToDelete ?? []) delete attributes[key];
    Object.assign(attributes, newer.attributes);
    const deleted = [...(older.propertiesToDelete ?? []), ...(newer.propertiesToDelete ?? [])].filter((key) => !(key in (newer.attributes ?? {})));
    merged.attributes = Object.keys(attributes).length > 0 ? attributes : undefined;
    merged.propertiesToDelete = deleted.length > 0 ? [...new Set(deleted)] : undefined;
  }
  if (older.benefitGroups && newer.benefitGroups) {
    const byId = new Map(older.benefitGroups.map((g) => [g.id, g]));
    for (const g of newer.benefitGroups) byId.set(g.id, g);
    merged.benefitGroups = [...byId.values()];
  }
  return merged;
}
