/**
 * Demo third-party dashboards (issue 26): acme allows one dashboard site and has one dashboard on it,
 * opened first on its dashboards page (`/acme/dashboards`). The frame's content is the provider's; the
 * demo's site need not answer.
 */
import type { DB } from "./index.ts";

export const DEMO_DASHBOARD_ORIGIN = "https://dashboards.example.com";

export async function seedDashboardsDemo(db: DB, now = new Date()): Promise<void> {
  const acme = await db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirst();
  if (!acme) return;
  const at = now.toISOString();
  await db.insertInto("dashboard_origins").values({ group_id: acme.id, origin: DEMO_DASHBOARD_ORIGIN, created_by: null, created_at: at }).onConflict((oc) => oc.doNothing()).execute();
  await db
    .insertInto("third_party_dashboards")
    .values({
      group_id: acme.id,
      title: "Mobility programme overview",
      url: `${DEMO_DASHBOARD_ORIGIN}/embed/mobility-overview`,
      description: "Moves, spend and assignments across the programme, from the analytics provider.",
      is_initial: 1,
      sort_order: 0,
      created_by: null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
