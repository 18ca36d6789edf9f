/**
 * Demo managers with restrictions (issue 15): beside manager@acme.test (no restriction: every acme move),
 * - manager-own@acme.test (Owen Ortiz): view OWN, the creator of two demo moves (Amsterdam → Zürich and
 *   Berlin → Paris), so those two are all they see;
 * - manager-geo@acme.test (Gina Geller): view ALL with three routes: United States → United States,
 *   United Kingdom → United States and Ontario (Canada) → United States, so they see London → New York,
 *   Toronto → New York, New York → Austin and San Francisco → Austin, and none of the European or Asian moves.
 * Both have the manager dashboard (dashboardRestriction ON; manager@acme.test keeps the default OFF).
 * Both sign in with the demo password. Called at the end of the wizard demo (seedWizardDemo: it needs its moves); idempotent (users by
 * e-mail, restrictions and routes on conflict do nothing).
 */
import type { DB } from "./index.ts";

type DemoRoute = { origin: [type: "COUNTRY" | "STATE", country: string, state?: string]; destination: [type: "COUNTRY", country: string] };

const GEO_ROUTES: DemoRoute[] = [
  { origin: ["COUNTRY", "US"], destination: ["COUNTRY", "US"] },
  { origin: ["COUNTRY", "GB"], destination: ["COUNTRY", "US"] },
  { origin: ["STATE", "CA", "ON"], destination: ["COUNTRY", "US"] },
];
/** The demo employees whose moves manager-own created. */
const OWN_MOVES_OF = ["olivia.brown@acme.test", "lukas.becker@acme.test"];

export async function seedManagersDemo(db: DB, now = new Date()): Promise<void> {
  const at = now.toISOString();
  const template = await db.selectFrom("users").select(["group_id", "password_hash"]).where("email", "=", "manager@acme.test").executeTakeFirst();
  if (!template?.group_id) return;
  const groupId = template.group_id;
  const managerId = async (email: string, firstName: string, lastName: string) => {
    await db
      .insertInto("users")
      .values({ email, first_name: firstName, last_name: lastName, role: "MANAGER", group_id: groupId, password_hash: template.password_hash, is_sso_user: 0, terms_accepted_at: at, terms_version: "1", activation_state: "ACTIVE", created_at: at, updated_at: at })
      .onConflict((oc) => oc.column("email").doNothing())
      .execute();
    return (await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
  };
  const own = await managerId("manager-own@acme.test", "Owen", "Ortiz");
  const geo = await managerId("manager-geo@acme.test", "Gina", "Geller");

  for (const [userId, view] of [[own, "OWN"], [geo, "ALL"]] as const) {
    // Both have the manager dashboard (dashboardRestriction ON), so their restrictions show there too.
    await db.insertInto("manager_restrictions").values({ user_id: userId, group_id: groupId, view_restriction: view, dashboard_restriction: "ON", updated_at: at }).onConflict((oc) => oc.column("user_id").doNothing()).execute();
  }
  const employees = await db.selectFrom("users").select("id").where("email", "in", OWN_MOVES_OF).execute();
  if (employees.length > 0) {
    await db.updateTable("moves").set({ created_by: own }).where("group_id", "=", groupId).where("employee_user_id", "in", employees.map((e) => e.id)).execute();
  }

  for (const r of GEO_ROUTES) {
    const [type, country, stateCode] = r.origin;
    let originRef = country;
    if (type === "STATE") {
      const state = await db.selectFrom("states").select("id").where("country_code", "=", country).where("code", "=", stateCode!).executeTakeFirst();
      if (!state) continue; // reference data without that state
      originRef = String(state.id);
    }
    await db
      .insertInto("manager_geo_restrictions")
      .values({
        group_id: groupId,
        manager_user_id: geo,
        origin_type: type,
        origin_ref: originRef,
        origin_country_code: country,
        origin_state_code: type === "STATE" ? stateCode! : null,
        origin_city_id: null,
        destination_type: r.destination[0],
        destination_ref: r.destination[1],
        destination_country_code: r.destination[1],
        destination_state_code: null,
        destination_city_id: null,
        created_at: at,
      })
      .onConflict((oc) => oc.columns(["manager_user_id", "origin_type", "origin_ref", "destination_type", "destination_ref"]).doNothing())
      .execute();
  }
}
