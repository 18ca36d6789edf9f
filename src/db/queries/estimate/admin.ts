/**
 * The per-group cost-estimate settings (groups.cost_estimate_enabled, groups.cost_estimate_billing)
 * for the admin page and the authorisation check. No rules here: src/services/estimate/admin.ts.
 */
import type { DB } from "../../index.ts";

/** Every group with its flag, billing status and number of current estimates, by display name. */
export function findCostEstimateGroups(db: DB) {
  return db
    .selectFrom("groups")
    .leftJoin("cost_estimates", (join) => join.onRef("cost_estimates.group_id", "=", "groups.id").on("cost_estimates.status", "=", "CURRENT"))
    .select([
      "groups.id",
      "groups.name",
      "groups.display_name",
      "groups.cost_estimate_enabled",
      "groups.cost_estimate_billing",
      (eb) => eb.fn.count<number>("cost_estimates.id").as("estimates"),
    ])
    .groupBy(["groups.id", "groups.name", "groups.display_name", "groups.cost_estimate_enabled", "groups.cost_estimate_billing"])
    .orderBy("groups.display_name")
    .orderBy("groups.id")
    .execute();
}

export function findGroupCostEstimateSettings(db: DB, groupId: number) {
  return db
    .selectFrom("groups")
    .select(["id", "name", "cost_estimate_enabled", "cost_estimate_billing"])
    .where("id", "=", groupId)
    .executeTakeFirst();
}

export async function updateGroupCostEstimateSettings(
  db: DB,
  groupId: number,
  values: { cost_estimate_enabled?: number; cost_estimate_billing?: string },
  at: string,
): Promise<void> {
  await db
    .updateTable("groups")
    .set({ ...values, updated_at: at })
    .where("id", "=", groupId)
    .execute();
}
