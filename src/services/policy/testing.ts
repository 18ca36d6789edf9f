/**
 * Test fixtures of the policy core (used by the policy router, legacy and property tests): a fresh
 * policy created through `policy.policies.create`, and a move tying an employee to a version.
 */
import type { DB } from "../../db/index.ts";
import type { TCreatePolicyRequest } from "../../domain/policy/schemas.ts";
import { callerFor } from "../../test/db.ts";

let counter = 0;

/** Creates a policy (DRAFT v1) as the platform admin; returns its ids. */
export async function createTestPolicy(db: DB, overrides: Partial<TCreatePolicyRequest> = {}) {
  const admin = await callerFor(db, "admin@meridian.test");
  counter += 1;
  const created = await admin.policy.policies.create({
    group: "acme",
    name: `Test policy ${counter} ${crypto.randomUUID().slice(0, 8)}`,
    moveType: "INTERNATIONAL",
    archetype: "LONG_TERM_ASSIGNMENT",
    moveStagesCount: 2,
    ...overrides,
  });
  return { policyId: created.policyId, versionId: created.policyVersionId };
}

/** A move of `email` (default the acme employee) on the policy version. */
export async function insertTestMove(
  db: DB,
  policyId: number,
  versionId: number,
  options: { email?: string; status?: "draft" | "open" | "on_assignment" | "completed" | "cancelled" } = {},
) {
  const user = await db
    .selectFrom("users")
    .select(["id", "group_id"])
    .where("email", "=", options.email ?? "employee@acme.test")
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const row = await db
    .insertInto("moves")
    .values({
      group_id: user.group_id!,
      employee_user_id: user.id,
      policy_id: policyId,
      policy_version_id: versionId,
      status: options.status ?? "open",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Count of rows in a policy table, as a number on both dialects. */
export async function countOf(
  db: DB,
  table: "policies" | "policy_versions" | "policy_services" | "budgets" | "budget_groups" | "budget_group_rates" | "policy_tags" | "audit_log",
) {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}
