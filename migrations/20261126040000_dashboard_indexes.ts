// Manager dashboard speed (issue 15 "Speed": 100,000 moves, a manager with three geographic rules, one sorted
// page of 25 within 3× a bare indexed select of 25 rows).
// - moves_group_route_end_idx (group_id, origin_country_code, destination_country_code, assignment_end_date,
//   id, status): a manager's geographic rule is an equality on the route's country codes, so one rule is one
//   range of this index, in assignment end date order (ties by id); the dashboard's page by end date reads
//   about a page of it per rule, and its count scans the ranges without touching the table (status is there
//   for the "every move but cancelled ones" filter).
// - users_group_lower_name_idx (group_id, lower(last_name), lower(first_name), id): the dashboard's
//   case-insensitive name order, so a page by last name walks the group's employees in order and stops…
// - moves_employee_route_idx (employee_user_id, group_id, origin_country_code, destination_country_code,
//   status, id): …checking each employee's moves against the rules from this index alone.
// Frozen: imports nothing from src/.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("moves_group_route_end_idx")
    .on("moves")
    .columns(["group_id", "origin_country_code", "destination_country_code", "assignment_end_date", "id", "status"])
    .execute();
  await db.schema
    .createIndex("users_group_lower_name_idx")
    .on("users")
    .expression(sql`group_id, lower(last_name), lower(first_name), id`)
    .execute();
  await db.schema
    .createIndex("moves_employee_route_idx")
    .on("moves")
    .columns(["employee_user_id", "group_id", "origin_country_code", "destination_country_code", "status", "id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("moves_employee_route_idx").ifExists().execute();
  await db.schema.dropIndex("users_group_lower_name_idx").ifExists().execute();
  await db.schema.dropIndex("moves_group_route_end_idx").ifExists().execute();
}
