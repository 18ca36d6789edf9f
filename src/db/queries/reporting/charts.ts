/**
 * Chart queries (issue 26; part 2 §3 "Chart report", §7 chart paths): the chart catalogue, a group's chart
 * permissions (report_permissions kind CHART), one aggregate per chart content over the group's rows in a
 * period by a dimension, and a user's saved charts. Every aggregate reads moves under alias `m` and, for a
 * MANAGER, goes through `restrictMoves` (src/db/queries/restrictions.ts). No rules: the service turns the rows
 * into the chart (src/domain/reporting/charts.ts `buildChartData`).
 */
import { sql, type RawBuilder } from "kysely";
import type { DB } from "../../index.ts";
import type { ChartAggregateRow, ChartContent, ChartDimension, ChartRow } from "../../../domain/reporting/charts.ts";
import { restrictMoves, type RestrictionScope } from "../restrictions.ts";

export function findChartRows(db: DB): Promise<ChartRow[]> {
  return db.selectFrom("chart_reports").selectAll().orderBy("sort_order").orderBy("id").execute();
}

export function findChartRow(db: DB, id: number): Promise<ChartRow | undefined> {
  return db.selectFrom("chart_reports").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The group's CHART permission rows (no row = enabled). */
export function chartPermissionsOf(db: DB, groupId: number): Promise<{ item_id: number; enabled: number; display_name: string | null }[]> {
  return db.selectFrom("report_permissions").select(["item_id", "enabled", "display_name"]).where("group_id", "=", groupId).where("kind", "=", "CHART").execute();
}

export type AggregateParams = {
  content: Exclude<ChartContent, "Spend">;
  groupId: number;
  scope: RestrictionScope;
  /** Inclusive first day, and the day after the last (exclusive), YYYY-MM-DD. */
  from: string;
  until: string;
  dimension: ChartDimension;
};

const ref = (name: string) => sql.ref(name);
const asText = (name: string) => sql<string>`cast(${ref(name)} as varchar(20))`;

/** The dimension's key of a row: the event's month, the move's countries or policy, or the row's service. */
function keyOf(dimension: ChartDimension, dateColumn: string, serviceColumn: string | null): RawBuilder<string | null> {
  switch (dimension) {
    case "month":
      return sql<string>`substr(${ref(dateColumn)}, 1, 7)`;
    case "destinationCountry":
      return sql<string | null>`${ref("m.destination_country_code")}`;
    case "originCountry":
      return sql<string | null>`${ref("m.origin_country_code")}`;
    case "policy":
      return asText("m.policy_id");
    case "service":
      return serviceColumn ? sql<string>`${ref(serviceColumn)}` : sql<string | null>`null`;
  }
}

type Source = { date: string; series: string; service: string | null };
const SOURCES: Record<AggregateParams["content"], Source> = {
  Moves: { date: "m.initiated_at", series: "m.status", service: null },
  Escalation: { date: "i.escalated_at", series: "i.status", service: null },
  Exception: { date: "i.created_at", series: "i.status", service: null },
  Booking: { date: "q.booked_at", series: "q.scope", service: "q.service_key" },
  Enquiries: { date: "w.created_at", series: "w.status", service: null },
};

/** Counts per key and series for one content (Moves: initiated moves; Escalation: escalated incidents; Exception: exception incidents; Booking: booked vendor quotes; Enquiries: welcome call requests). */
export async function countChartRows(db: DB, p: AggregateParams): Promise<ChartAggregateRow[]> {
  const source = SOURCES[p.content];
  const key = keyOf(p.dimension, source.date, source.service);
  const series = sql<string>`${ref(source.series)}`;
  const inPeriod = sql<boolean>`${ref(source.date)} >= ${p.from} and ${ref(source.date)} < ${p.until}`;
  const select = <Q extends { select: any }>(qb: Q) =>
    (qb as any).select([key.as("key"), series.as("series"), sql<number>`count(*)`.as("value")]).groupBy([key, series]) as { execute(): Promise<{ key: string | null; series: string | null; value: number | string }[]> };
  let rows: { key: string | null; series: string | null; value: number | string }[];
  switch (p.content) {
    case "Moves":
      rows = await select(restrictMoves(db.selectFrom("moves as m").where("m.group_id", "=", p.groupId).where("m.initiated_at", "is not", null).where(inPeriod), p.scope)).execute();
      break;
    case "Escalation":
    case "Exception": {
      let qb = db.selectFrom("incidents as i").leftJoin("moves as m", "m.id", "i.move_id").where("i.group_id", "=", p.groupId).where(inPeriod);
      qb = p.content === "Escalation" ? qb.where("i.escalated", "=", 1).where("i.escalated_at", "is not", null) : qb.where("i.kind", "=", "EXCEPTION");
      rows = await select(restrictMoves(qb, p.scope)).execute();
      break;
    }
    case "Booking":
      rows = await select(restrictMoves(db.selectFrom("supplier_quotes as q").innerJoin("moves as m", "m.id", "q.move_id").where("q.group_id", "=", p.groupId).where("q.status", "=", "BOOKED").where("q.booked_at", "is not", null).where(inPeriod), p.scope)).execute();
      break;
    case "Enquiries":
      rows = await select(restrictMoves(db.selectFrom("welcome_call_requests as w").innerJoin("moves as m", "m.id", "w.move_id").where("w.group_id", "=", p.groupId).where(inPeriod), p.scope)).execute();
      break;
  }
  return rows.map((r) => ({ key: r.key, series: r.series, currency: null, value: Number(r.value) }));
}

/** The bare aggregate the Moves chart runs (for the benchmark's baseline): initiated moves of a group per month. */
export function bareMovesByMonth(db: DB, groupId: number, from: string, until: string) {
  return db
    .selectFrom("moves")
    .select([sql<string>`substr(initiated_at, 1, 7)`.as("key"), "status", sql<number>`count(*)`.as("value")])
    .where("group_id", "=", groupId)
    .where("initiated_at", ">=", from)
    .where("initiated_at", "<", until)
    .groupBy([sql`substr(initiated_at, 1, 7)`, "status"])
    .execute();
}

/** The candidate spend rows: the group's expenses finance approved (stored APPROVED or PAID) dated in the period, with the chart's key; the service keeps those whose lifecycle counts as approved or paid. */
export async function findSpendRows(db: DB, p: Omit<AggregateParams, "content">) {
  const key = keyOf(p.dimension, "e.expense_date", "e.service_key");
  const qb = db
    .selectFrom("expenses as e")
    .innerJoin("moves as m", "m.id", "e.move_id")
    .select(["e.id", "e.status", "e.created_at", "e.rejection_reason", "e.hold_reason", "e.currency", "e.gross_amount", "e.service_key", key.as("key")])
    .where("e.group_id", "=", p.groupId)
    .where("e.status", "in", ["APPROVED", "PAID"])
    .where("e.expense_date", ">=", p.from)
    .where("e.expense_date", "<", p.until);
  const rows = await restrictMoves(qb, p.scope).execute();
  return rows.map((r) => ({ ...r, gross_amount: Number(r.gross_amount) }));
}

/** Names of the keys: countries (with their coordinates) or policies. */
export function countriesByCode(db: DB, codes: string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db.selectFrom("countries").select(["code", "name", "latitude", "longitude"]).where("code", "in", codes).execute();
}

export function policiesById(db: DB, groupId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("policies").select(["id", "name"]).where("group_id", "=", groupId).where("id", "in", ids).execute();
}

export function servicesByKey(db: DB, keys: string[]) {
  if (keys.length === 0) return Promise.resolve([]);
  return db.selectFrom("services").select(["key", "name"]).where("key", "in", keys).execute();
}

/** A user's saved charts in a group, in their order. */
export function savedChartsOf(db: DB, userId: number, groupId: number) {
  return db.selectFrom("user_saved_charts").select(["chart_id", "dimension_id", "sort_order"]).where("user_id", "=", userId).where("group_id", "=", groupId).orderBy("sort_order").orderBy("chart_id").execute();
}

/** Saves a chart at the end of the user's dashboard; a chart saved already stays where it is (one row, whatever the parallel saves). Answers whether a row was added. */
export async function insertSavedChart(db: DB, row: { userId: number; groupId: number; chartId: number; dimension: string; now: string }): Promise<boolean> {
  const result = await db
    .insertInto("user_saved_charts")
    .columns(["user_id", "group_id", "chart_id", "dimension_id", "sort_order", "created_at"])
    .expression(
      db
        .selectNoFrom([
          sql<number>`${row.userId}`.as("user_id"),
          sql<number>`${row.groupId}`.as("group_id"),
          sql<number>`${row.chartId}`.as("chart_id"),
          sql<string>`${row.dimension}`.as("dimension_id"),
          sql<number>`(select coalesce(max(sort_order), 0) + 1 from user_saved_charts where user_id = ${row.userId} and group_id = ${row.groupId})`.as("sort_order"),
          sql<string>`${row.now}`.as("created_at"),
        ]),
    )
    .onConflict((oc) => oc.columns(["user_id", "group_id", "chart_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteSavedChart(db: DB, userId: number, groupId: number, chartId: number): Promise<boolean> {
  const result = await db.deleteFrom("user_saved_charts").where("user_id", "=", userId).where("group_id", "=", groupId).where("chart_id", "=", chartId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function setSavedChartOrder(db: DB, userId: number, groupId: number, chartId: number, order: number): Promise<void> {
  await db.updateTable("user_saved_charts").set({ sort_order: order }).where("user_id", "=", userId).where("group_id", "=", groupId).where("chart_id", "=", chartId).execute();
}
