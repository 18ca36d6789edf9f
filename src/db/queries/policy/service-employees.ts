/**
 * Reads of policy group setup's per-service employee data list (src/domain/policy/service-employees.ts):
 * the group's moves that have a service, and their policy lines, stage-3 overrides and benefit choices
 * of it. No rules beyond the SQL form of `serviceInUse`.
 */
import type { DB } from "../../index.ts";

/**
 * The group's moves (optionally of one policy) that use `serviceKey` on some stage, newest first, at
 * most `limit` rows. Cancelled moves are left out. The SQL form of `serviceInUse`: an override that
 * selects the service, or a provided, not-off policy line on a stage whose override does not deselect it.
 */
export function findMovesUsingService(db: DB, input: { groupId: number; policyId: number | null; serviceKey: string; limit: number }) {
  let query = db
    .selectFrom("moves as m")
    .innerJoin("users as u", "u.id", "m.employee_user_id")
    .innerJoin("policies as p", "p.id", "m.policy_id")
    .innerJoin("policy_versions as v", "v.id", "m.policy_version_id")
    .select([
      "m.id as moveId",
      "m.employee_user_id as userId",
      "m.policy_version_id as versionId",
      "m.move_date as moveDate",
      "m.status",
      "u.first_name as firstName",
      "u.last_name as lastName",
      "u.email",
      "p.id as policyId",
      "p.name as policyName",
      "v.version_number as versionNumber",
    ])
    .where("m.group_id", "=", input.groupId)
    .where("m.status", "<>", "cancelled")
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom("move_service_overrides as o")
            .select("o.id")
            .whereRef("o.move_id", "=", "m.id")
            .where("o.service_key", "=", input.serviceKey)
            .where("o.selected", "=", 1),
        ),
        eb.exists(
          eb
            .selectFrom("policy_services as ps")
            .select("ps.id")
            .whereRef("ps.policy_version_id", "=", "m.policy_version_id")
            .where("ps.service_key", "=", input.serviceKey)
            .where("ps.service_policy_type", "<>", 5)
            .where("ps.provided", "=", 1)
            .where((inner) =>
              inner.not(
                inner.exists(
                  inner
                    .selectFrom("move_service_overrides as o2")
                    .select("o2.id")
                    .whereRef("o2.move_id", "=", "m.id")
                    .whereRef("o2.move_stage", "=", "ps.move_stage")
                    .whereRef("o2.service_key", "=", "ps.service_key")
                    .where("o2.selected", "=", 0),
                ),
              ),
            ),
        ),
      ]),
    );
  if (input.policyId !== null) query = query.where("m.policy_id", "=", input.policyId);
  return query.orderBy("m.id", "desc").limit(input.limit).execute();
}

/** The service's policy lines of the versions, with the benefit option each sets per benefit set. */
export async function findServiceLinesOfVersions(db: DB, versionIds: number[], serviceKey: string) {
  if (versionIds.length === 0) return { lines: [], choices: [] };
  const lines = await db
    .selectFrom("policy_services")
    .select(["id", "policy_version_id as versionId", "move_stage as moveStage", "service_policy_type as servicePolicyType", "provided"])
    .where("policy_version_id", "in", versionIds)
    .where("service_key", "=", serviceKey)
    .execute();
  const choices =
    lines.length === 0
      ? []
      : await db
          .selectFrom("policy_service_benefits as b")
          .innerJoin("benefit_sets as s", "s.id", "b.benefit_set_id")
          .leftJoin("benefit_options as o", "o.id", "b.benefit_option_id")
          .select(["b.policy_service_id as policyServiceId", "b.benefit_set_id as setId", "s.name as setName", "b.benefit_option_id as optionId", "o.name as optionName"])
          .where("b.policy_service_id", "in", lines.map((l) => l.id))
          .orderBy("b.id")
          .execute();
  return { lines, choices };
}

/** The moves' stage-3 overrides of the service, with the chosen option's set and names. */
export function findServiceOverridesOfMoves(db: DB, moveIds: number[], serviceKey: string) {
  if (moveIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("move_service_overrides as o")
    .leftJoin("benefit_options as bo", "bo.id", "o.benefit_option_id")
    .leftJoin("benefit_sets as s", "s.id", "bo.benefit_set_id")
    .select(["o.move_id as moveId", "o.move_stage as moveStage", "o.selected", "o.benefit_option_id as optionId", "bo.name as optionName", "s.id as setId", "s.name as setName"])
    .where("o.move_id", "in", moveIds)
    .where("o.service_key", "=", serviceKey)
    .execute();
}
