// Manager dashboard speed (issue 15 "Speed": 100,000 moves, a manager with three geographic rules, one sorted
// page of 25 within 3× a bare indexed select of 25 rows).
// - moves_group_route_end_idx (group_id, origin_country_code, destination_country_code, assignment_end_date,
//   id, status): a manager's geographic rule is an equality on the route's country codes, so one rule is one
//   range of this index, in assignment end date order (ties by id); the dashboard's page by end date reads
//   about a page of it per rule, and its count scans the ranges without touching the table (status is there
//   for the "every move but cancelled ones" filter).
// - moves_group_end_idx (group_id, assignment_end_date, id, status): the same order for HR and for a manager
//   without geographic rules (the whole group is one range).
// - users_group_lower_name_idx (group_id, lower(last_name), lower(first_name), id): the dashboard's
//   case-insensitive name order, so a page by last name walks the group's employees in order and stops…
// - moves_employee_route_idx (employee_user_id, group_id, origin_country_code, destination_country_code,
//   status, id): …checking each employee's moves against the rules from this index alone.
// - dashboard_data_versions (group_id, version): a per-group counter that every committed change of a move
//   of the group moves on (insert, delete, or an update of a column the dashboard's count reads: group,
//   employee, status, origin, destination, assignment end date, creator, initiator), kept by triggers so no
//   writer can forget it. The dashboard caches its count per (group, manager scope, filters) and version
//   (src/db/queries/manager/dashboard.ts). SQLite: AFTER row triggers (SQLite has one writer at a time).
//   PostgreSQL: a DEFERRABLE INITIALLY DEFERRED constraint trigger, so the counter row is locked only at
//   commit, as the transaction's last lock (no deadlock with the locks the writer took before), once per
//   group and transaction (a transaction-local setting remembers it), and the change and the new version
//   become visible together.
// Frozen: imports nothing from src/.
import { PostgresAdapter, sql, type Kysely } from "kysely";

/** The move columns the dashboard's count depends on (an update of another column leaves the version). */
const COUNTED_COLUMNS = [
  "group_id",
  "employee_user_id",
  "status",
  "origin_country_code",
  "origin_state",
  "origin_city_id",
  "destination_country_code",
  "destination_state",
  "destination_city_id",
  "assignment_end_date",
  "created_by",
  "initiated_by",
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("moves_group_route_end_idx")
    .on("moves")
    .columns(["group_id", "origin_country_code", "destination_country_code", "assignment_end_date", "id", "status"])
    .execute();
  await db.schema
    .createIndex("moves_group_end_idx")
    .on("moves")
    .columns(["group_id", "assignment_end_date", "id", "status"])
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

  await db.schema
    .createTable("dashboard_data_versions")
    .addColumn("group_id", "integer", (c) => c.primaryKey().references("groups.id").onDelete("cascade"))
    .addColumn("version", "integer", (c) => c.notNull())
    .execute();
  const columns = COUNTED_COLUMNS.join(", ");
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create function dashboard_data_bump() returns trigger language plpgsql as $$
      declare
        g integer;
        key text;
      begin
        foreach g in array (case
          when tg_op = 'INSERT' then array[new.group_id]
          when tg_op = 'DELETE' then array[old.group_id]
          else array[new.group_id, old.group_id] end)
        loop
          key := 'meridian.dashboard_bumped_' || g;
          if coalesce(current_setting(key, true), '') <> txid_current()::text then
            insert into dashboard_data_versions (group_id, version) values (g, 1)
              on conflict (group_id) do update set version = dashboard_data_versions.version + 1;
            perform set_config(key, txid_current()::text, true);
          end if;
        end loop;
        return null;
      end $$`.execute(db);
    await sql.raw(
      `create constraint trigger moves_dashboard_version_iud after insert or delete or update of ${columns} on moves deferrable initially deferred for each row execute function dashboard_data_bump()`,
    ).execute(db);
  } else {
    const bump = (g: string) =>
      `insert or ignore into dashboard_data_versions (group_id, version) values (${g}, 0); update dashboard_data_versions set version = version + 1 where group_id = ${g};`;
    await sql.raw(`create trigger moves_dashboard_version_i after insert on moves begin ${bump("new.group_id")} end`).execute(db);
    await sql.raw(`create trigger moves_dashboard_version_d after delete on moves begin ${bump("old.group_id")} end`).execute(db);
    await sql.raw(`create trigger moves_dashboard_version_u after update of ${columns} on moves begin ${bump("new.group_id")} ${bump("old.group_id")} end`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists moves_dashboard_version_iud on moves`.execute(db);
    await sql`drop function if exists dashboard_data_bump()`.execute(db);
  } else {
    for (const op of ["i", "d", "u"]) await sql.raw(`drop trigger if exists moves_dashboard_version_${op}`).execute(db);
  }
  await db.schema.dropTable("dashboard_data_versions").ifExists().execute();
  await db.schema.dropIndex("moves_employee_route_idx").ifExists().execute();
  await db.schema.dropIndex("users_group_lower_name_idx").ifExists().execute();
  await db.schema.dropIndex("moves_group_end_idx").ifExists().execute();
  await db.schema.dropIndex("moves_group_route_end_idx").ifExists().execute();
}
