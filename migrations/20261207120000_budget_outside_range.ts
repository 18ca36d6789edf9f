// The outside-range option of a budget group (issue 23 item 20; part 1 §5 "Budget edit": "for soft
// type S with the outside-range option enabled the warning ... needs confirmation; otherwise "Error:
// Budget is outside the range provided."").
// - budget_groups.allow_outside_range: 1 when an amount outside min/max of a soft (S) budget is a
//   warning the editor confirms; 0 (the default) refuses it as on a hard budget. It has no effect on
//   a hard (H) budget.
// Soft groups that exist already were saved when soft meant "confirm": they keep that meaning (1).
// Frozen: imports nothing from src/.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("budget_groups").addColumn("allow_outside_range", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.updateTable("budget_groups").set({ allow_outside_range: 1 }).where("budget_type", "=", "S").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("budget_groups").dropColumn("allow_outside_range").execute();
}
