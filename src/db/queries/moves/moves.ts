import { restrictMoves, type RestrictionScope } from "../restrictions.ts";
import { sql } from "kysely";
import type { DB } from "../../index.ts";
import type { MoveStatus } from "../../schema.ts";
import { likeIgnoreCase, likePattern } from "../like.ts";
import { preparedQuery } from "../../prepared.ts";

// Every wizard and estimate call reads it first: compiled once per database handle.
const moveWithPolicy = preparedQuery((db: DB, a: { moveId: number }) =>
  db
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
      // What an estimate needs of the policy and the group (one read instead of three).
      "p.exclude_compensation",
      "p.balance_sheet_enabled",
      "p.balance_sheet_currency_type",
      "g.cost_estimate_enabled",
      "g.cost_estimate_billing",
      "v.version_number",
      "u.email as employee_email",
      "u.first_name as employee_first_name",
      "u.last_name as employee_last_name",
      "u.activation_state as employee_activation_state",
    ])
    .where("m.id", "=", a.moveId),
);

/** A move with what every wizard and estimate call needs to know about its policy, group and employee. */
export async function findMoveWithPolicy(db: DB, moveId: number) {
  return (await moveWithPolicy(db, { moveId }))[0];
}
export type MoveWithPolicy = NonNullable<Awaited<ReturnType<typeof findMoveWithPolicy>>>;

export type MoveListSort = "employee" | "policy" | "origin" | "destination" | "moveDate" | "status" | "stage" | "updated";
export type MoveListParams = {
  groupId: number;
  /** A manager's restrictions (restrictMoves), null for HR and admins. */
  scope: RestrictionScope;
  /** Only this status; without it every status but cancelled. */
  status?: MoveStatus;
  q?: string;
  sort: MoveListSort;
  dir: "asc" | "desc";
  limit: number;
  offset: number;
};

function moveListBase(db: DB, p: MoveListParams) {
  let q = db
    .selectFrom("moves as m")
    .innerJoin("users as u", "u.id", "m.employee_user_id")
    .innerJoin("policies as p", "p.id", "m.policy_id")
    .leftJoin("countries as oc", "oc.code", "m.origin_country_code")
    .leftJoin("countries as dc", "dc.code", "m.destination_country_code")
    .where("m.group_id", "=", p.groupId);
  q = restrictMoves(q, p.scope, "m");
  q = p.status ? q.where("m.status", "=", p.status) : q.where("m.status", "<>", "cancelled");
  if (p.q) {
    const pattern = likePattern(p.q);
    q = q.where((eb) =>
      eb.or([
        likeIgnoreCase(sql`u.first_name || ' ' || u.last_name`, pattern),
        likeIgnoreCase(sql.ref("u.email"), pattern),
        likeIgnoreCase(sql.ref("p.name"), pattern),
        likeIgnoreCase(sql.ref("m.origin_city_name"), pattern),
        likeIgnoreCase(sql.ref("m.destination_city_name"), pattern),
      ]),
    );
  }
  return q;
}

const SORT_COLUMNS: Record<MoveListSort, string[]> = {
  employee: ["lower(u.last_name)", "lower(u.first_name)"],
  policy: ["lower(p.name)"],
  origin: ["lower(m.origin_city_name)"],
  destination: ["lower(m.destination_city_name)"],
  moveDate: ["m.move_date"],
  status: ["m.status"],
  stage: ["m.current_move_stage", "m.wizard_stage"],
  updated: ["m.updated_at"],
};

/** One page of a group's moves with the employee, policy and cities; nulls sort last both ways, ties by id. */
export function findGroupMoves(db: DB, p: MoveListParams) {
  let q = moveListBase(db, p).select([
    "m.id",
    "m.employee_user_id",
    "m.policy_version_id",
    "m.status",
    "m.current_move_stage",
    "m.wizard_stage",
    "m.move_date",
    "m.updated_at",
    "m.origin_city_name",
    "m.origin_state",
    "m.origin_country_code",
    "m.destination_city_name",
    "m.destination_state",
    "m.destination_country_code",
    "oc.name as origin_country",
    "dc.name as destination_country",
    "u.first_name",
    "u.last_name",
    "u.email",
    "p.name as policy_name",
    "p.move_stages_count",
    "p.estimate_type",
    "p.city_guide_only",
    // A row of a bulk import that made the move (an external import: part 1 §2 new-move `externalImport`).
    (eb) =>
      eb
        .selectFrom("bulk_import_rows as bi")
        .select("bi.id")
        .whereRef("bi.move_id", "=", "m.id")
        .where("bi.status", "=", "SUCCESS")
        .limit(1)
        .as("import_row_id"),
    // The move's current cost estimate, if any (one CURRENT version per move).
    (eb) =>
      eb
        .selectFrom("cost_estimates as ce")
        .select("ce.id")
        .whereRef("ce.move_id", "=", "m.id")
        .where("ce.status", "=", "CURRENT")
        .limit(1)
        .as("cost_estimate_id"),
  ]);
  for (const column of SORT_COLUMNS[p.sort]) {
    const ref = sql.raw(column);
    q = q.orderBy(sql`case when ${ref} is null then 1 else 0 end`).orderBy(sql`${ref}`, p.dir);
  }
  return q.orderBy("m.id", p.dir).limit(p.limit).offset(p.offset).execute();
}

export async function countGroupMoves(db: DB, p: MoveListParams): Promise<number> {
  const row = await moveListBase(db, p)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
