import type { DB } from "../index.ts";

/** A move with what every wizard call needs to know about its policy and employee. */
export function findMoveWithPolicy(db: DB, moveId: number) {
  return db
    .selectFrom("moves as m")
    .innerJoin("policies as p", "p.id", "m.policy_id")
    .innerJoin("policy_versions as v", "v.id", "m.policy_version_id")
    .innerJoin("users as u", "u.id", "m.employee_user_id")
    .innerJoin("groups as g", "g.id", "m.group_id")
    .selectAll("m")
    .select([
      "g.name as group_name",
      "p.name as policy_name",
      "p.move_stages_count",
      "p.estimate_type",
      "p.estimate_provider",
      "p.city_guide_only",
      "p.no_welcome_email",
      "v.version_number",
      "u.email as employee_email",
      "u.first_name as employee_first_name",
      "u.last_name as employee_last_name",
      "u.activation_state as employee_activation_state",
    ])
    .where("m.id", "=", moveId)
    .executeTakeFirst();
}
export type MoveWithPolicy = NonNullable<Awaited<ReturnType<typeof findMoveWithPolicy>>>;
