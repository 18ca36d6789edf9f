// Reporting charts (issue 26; part 2 §2 "HR charts and reports page", §3 "Chart report", §7 "GET
// /{company}/summary/chart/reportDetails and /{company}/summary/chart/{id}/{start}/{end}/{dimension}").
// - chart_reports: the charts every group is offered (part 2 §3 "Chart report: id, title, dimensionId, order,
//   defaultCurrency, reportType, chartContent, … fullScreenWidth, verticalStack, showTags, geoChartRegion"),
//   seeded here: the seven types over the six contents. Whether a group sees a chart is report_permissions
//   (kind CHART, item_id = chart_reports.id; no row = enabled).
// - user_saved_charts: Meridian's own dashboard, the charts a user saved in a group, in their order
//   (primary key user + group + chart, so parallel saves of one chart keep one row).
// Timestamps: ISO-8601 UTC. Frozen: imports nothing from src/.
import type { Kysely } from "kysely";

const CHARTS = [
  { id: 1, title: "Moves initiated by month", chart_content: "Moves", report_type: "Stacked", dimension_id: "month", sort_order: 1, full_screen_width: 1, vertical_stack: 1, show_tags: 1, geo_chart_region: null },
  { id: 2, title: "Moves by destination", chart_content: "Moves", report_type: "MarkerGeoChart", dimension_id: "destinationCountry", sort_order: 2, full_screen_width: 0, vertical_stack: 0, show_tags: 0, geo_chart_region: "world" },
  { id: 3, title: "Moves by destination country", chart_content: "Moves", report_type: "RegionGeoChart", dimension_id: "destinationCountry", sort_order: 3, full_screen_width: 0, vertical_stack: 0, show_tags: 0, geo_chart_region: "world" },
  { id: 4, title: "Moves by policy", chart_content: "Moves", report_type: "Pie", dimension_id: "policy", sort_order: 4, full_screen_width: 0, vertical_stack: 0, show_tags: 1, geo_chart_region: null },
  { id: 5, title: "Escalations by month", chart_content: "Escalation", report_type: "Line", dimension_id: "month", sort_order: 5, full_screen_width: 0, vertical_stack: 0, show_tags: 1, geo_chart_region: null },
  { id: 6, title: "Exceptions by month", chart_content: "Exception", report_type: "StackedLine", dimension_id: "month", sort_order: 6, full_screen_width: 0, vertical_stack: 0, show_tags: 1, geo_chart_region: null },
  { id: 7, title: "Approved spend by month", chart_content: "Spend", report_type: "Stacked", dimension_id: "month", sort_order: 7, full_screen_width: 1, vertical_stack: 1, show_tags: 1, geo_chart_region: null },
  { id: 8, title: "Approved spend by policy", chart_content: "Spend", report_type: "Table", dimension_id: "policy", sort_order: 8, full_screen_width: 0, vertical_stack: 0, show_tags: 0, geo_chart_region: null },
  { id: 9, title: "Vendor bookings by service", chart_content: "Booking", report_type: "Pie", dimension_id: "service", sort_order: 9, full_screen_width: 0, vertical_stack: 0, show_tags: 1, geo_chart_region: null },
  { id: 10, title: "Welcome call enquiries by month", chart_content: "Enquiries", report_type: "Line", dimension_id: "month", sort_order: 10, full_screen_width: 0, vertical_stack: 0, show_tags: 1, geo_chart_region: null },
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("chart_reports")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("chart_content", "text", (c) => c.notNull())
    .addColumn("report_type", "text", (c) => c.notNull())
    .addColumn("dimension_id", "text", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .addColumn("default_currency", "text", (c) => c.notNull().defaultTo("USD"))
    .addColumn("full_screen_width", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("vertical_stack", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("show_tags", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("geo_chart_region", "text")
    .execute();
  await db.insertInto("chart_reports").values(CHARTS.map((c) => ({ ...c, default_currency: "USD" }))).execute();

  await db.schema
    .createTable("user_saved_charts")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id"))
    .addColumn("chart_id", "integer", (c) => c.notNull().references("chart_reports.id"))
    .addColumn("dimension_id", "text", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("user_saved_charts_pk", ["user_id", "group_id", "chart_id"])
    .execute();
  // Chart aggregates read a group's rows by date: initiated moves, escalated incidents, booked quotes, enquiries.
  await db.schema.createIndex("moves_group_initiated_idx").on("moves").columns(["group_id", "initiated_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("moves_group_initiated_idx").execute();
  await db.schema.dropTable("user_saved_charts").execute();
  await db.schema.dropTable("chart_reports").execute();
}
