/**
 * A test move on a route (origin → destination countries) for a new employee of acme, on the released
 * "Global Long-Term Assignment": what the dashboard's and the manager move page's restriction tests need.
 */
import type { DB } from "../db/index.ts";
import { releasedVersionOf } from "../services/moves/wizard/initiation-testing.ts";
import { insertTestUser } from "./db.ts";

export async function insertRouteMove(
  db: DB,
  m: { groupId: number; email: string; firstName: string; lastName: string; from: string; to: string; createdBy?: number | null },
): Promise<{ moveId: number; employeeId: number }> {
  const version = await releasedVersionOf(db, "Global Long-Term Assignment");
  const employeeId = await insertTestUser(db, { email: m.email, role: "EMPLOYEE", group: "acme", firstName: m.firstName, lastName: m.lastName });
  const now = new Date().toISOString();
  const row = await db
    .insertInto("moves")
    .values({
      group_id: m.groupId,
      employee_user_id: employeeId,
      policy_id: version.policyId,
      policy_version_id: version.versionId,
      status: "open",
      origin_country_code: m.from,
      destination_country_code: m.to,
      assignment_end_date: "2027-03-31",
      created_by: m.createdBy ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { moveId: row.id, employeeId };
}
