/**
 * The recommended (BASE) reports (issue 26 "Report library"; part 2 §3 "Report types: BASE (recommended)"):
 * each with its key, category, name, description, filters and columns. Pure data. A row in `reports`
 * exists for each entry (synced idempotently by src/services/reporting/library.ts `syncReportCatalogue`, from
 * the seed, from the test fixtures' migrations and at server start); its rows come from
 * src/db/queries/reporting/library-base.ts through src/services/reporting/run.ts, whose figures are the
 * one-place domain functions (lifecycle stages, budget figures, estimate against actual, money digits).
 *
 * Categories: the drawdown category is offered only to groups enabled for drawdown (part 2 §6 "Some
 * categories (drawdown) show only to groups enabled for them"): a group with a Client finance account
 * whose billing type is Drawdown.
 */
import { CUSTOM_CURRENCY, CURRENCY_FILTER, CUSTOM_CURRENCY_FILTER, DUE_DAYS_FILTER, type FilterRules } from "./filters.ts";
import type { FilterDefinition, FilterValues, ReportColumn } from "./types.ts";
import { enExpenses } from "../i18n/en-expenses.ts";

export const REPORT_CATEGORIES = [
  { key: "moves", label: "Moves" },
  { key: "costs", label: "Costs and budgets" },
  { key: "expenses", label: "Expenses and bills" },
  { key: "payments", label: "Payments" },
  { key: "exceptions", label: "Exceptions" },
  { key: "people", label: "People" },
  { key: "drawdown", label: "Drawdown" },
] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number]["key"];
/** Categories shown only to groups enabled for them. */
export const DRAWDOWN_CATEGORY: ReportCategory = "drawdown";

export type CatalogReport = {
  key: string;
  category: ReportCategory;
  name: string;
  description: string;
  /** The thumbnail's icon name (the page maps it to an icon). */
  icon: string;
  filters: FilterDefinition[];
  rules: FilterRules;
  /** Defaults beyond the spec's (currency USD, due date 45). */
  defaults?: FilterValues;
  columns: ReportColumn[];
};

const filter = (name: string, title: string, type: FilterDefinition["type"], extra: Partial<FilterDefinition> = {}): FilterDefinition => ({
  name,
  title,
  type,
  required: false,
  hidden: false,
  options: [],
  dynamicOptions: null,
  ...extra,
});

const opts = (...values: [string, string][]) => values.map(([value, label]) => ({ value, label }));

/** Part 2 §9 "Default currency filter in reports USD"; CUSTOM asks for a custom functional currency. */
const currencyFilters = (): FilterDefinition[] => [
  filter(CURRENCY_FILTER, "Currency", "dd", {
    required: true,
    options: opts(["ALL", "All currencies"], ["USD", "USD"], ["EUR", "EUR"], ["GBP", "GBP"], ["CHF", "CHF"], ["JPY", "JPY"], [CUSTOM_CURRENCY, "Custom functional currency"]),
  }),
  filter(CUSTOM_CURRENCY_FILTER, "Custom functional currency", "dynamic", { dynamicOptions: "currencies" }),
];
const policyFilter = () => filter("policy", "Policy", "dynamic", { dynamicOptions: "policies" });
const moveIdsFilter = () => filter("moveIds", "Move ids", "listOfLong");
const employeeFilter = () => filter("employee", "Employee name", "text");

const MOVE_STATUS_OPTIONS = opts(["draft", "Draft"], ["open", "Open"], ["on_assignment", "On assignment"], ["completed", "Completed"], ["cancelled", "Cancelled"]);
const WELCOME_CALL_STATUS_OPTIONS = opts(["REQUESTED", "Requested"], ["BOOKED", "Booked"]);

/** The words a report shows for a stored code (no internal codes on screen, in files or in mails); an unknown code as it is. */
const labelOf = (options: { value: string; label: string }[]) => (code: string) => options.find((o) => o.value === code)?.label ?? code;
export const moveStatusLabel = labelOf(MOVE_STATUS_OPTIONS);
export const welcomeCallStatusLabel = labelOf(WELCOME_CALL_STATUS_OPTIONS);
const MOVE_TYPE_OPTIONS = opts(["INTERNATIONAL", "International"], ["DOMESTIC", "Domestic"]);
export const moveTypeLabel = labelOf(MOVE_TYPE_OPTIONS);
/** An expense's category in the words of the employee's expense form (src/domain/i18n/en-expenses.ts). */
export const expenseCategoryLabel = (code: string): string => (enExpenses as Record<string, string>)[`expenses.category.${code}`] ?? code;

const col = (key: string, title: string, kind: ReportColumn["kind"] = "text", currencyKey?: string): ReportColumn => (currencyKey ? { key, title, kind, currencyKey } : { key, title, kind });

export const BASE_REPORTS: readonly CatalogReport[] = [
  {
    key: "moves-by-status-stage",
    category: "moves",
    name: "Moves by status and stage",
    description: "How many moves are in each status and move stage, by policy.",
    icon: "bar-chart",
    filters: [filter("created", "Created between", "dateRange"), policyFilter(), filter("status", "Status", "dd", { options: MOVE_STATUS_OPTIONS })],
    rules: {},
    columns: [col("policy", "Policy"), col("status", "Status"), col("stage", "Move stage", "integer"), col("moves", "Moves", "integer")],
  },
  {
    key: "cost-per-move",
    category: "costs",
    name: "Cost per move against budget and estimate",
    description: "Each move's estimate, budget, approved and pending spend, by policy, route and move type.",
    icon: "scale",
    filters: [policyFilter(), filter("moveType", "Move type", "dd", { options: MOVE_TYPE_OPTIONS }), filter("created", "Created between", "dateRange"), moveIdsFilter()],
    rules: {},
    columns: [
      col("moveId", "Move", "integer"),
      col("employee", "Employee"),
      col("policy", "Policy"),
      col("moveType", "Move type"),
      col("route", "Route"),
      col("currency", "Currency"),
      col("estimate", "Estimate", "money", "currency"),
      col("approved", "Approved spend", "money", "currency"),
      col("pending", "Pending spend", "money", "currency"),
      col("difference", "Estimate minus approved", "money", "currency"),
      col("budgetCurrency", "Budget currency"),
      col("budget", "Budget", "money", "budgetCurrency"),
      col("committed", "Committed", "money", "budgetCurrency"),
      col("spent", "Spent", "money", "budgetCurrency"),
      col("remaining", "Remaining budget", "money", "budgetCurrency"),
    ],
  },
  {
    key: "estimate-accuracy",
    category: "costs",
    name: "Estimate accuracy",
    description: "For every move with approved spend, per service: the estimate, the budget, the approved spend, the difference and the percentage error.",
    icon: "target",
    filters: [policyFilter(), filter("created", "Created between", "dateRange")],
    rules: {},
    columns: [],
  },
  {
    key: "spend-by-service-category",
    category: "costs",
    name: "Spend by service and category",
    description: "Expenses and finance items by service and spend category, split by where they stand (submitted, approved, paid).",
    icon: "pie-chart",
    filters: [filter("submitted", "Submitted between", "dateRange"), ...currencyFilters()],
    rules: {},
    columns: [
      col("service", "Service"),
      col("category", "Category"),
      col("currency", "Currency"),
      col("items", "Items", "integer"),
      col("submitted", "Submitted", "money", "currency"),
      col("approved", "Approved", "money", "currency"),
      col("paid", "Paid", "money", "currency"),
    ],
  },
  {
    key: "expenses-by-status",
    category: "expenses",
    name: "Expenses by status",
    description: "Every expense with its status as the employee sees it.",
    icon: "receipt",
    filters: [filter("submitted", "Submitted between", "dateRange"), employeeFilter(), moveIdsFilter(), ...currencyFilters()],
    rules: {},
    columns: [
      col("expenseId", "Expense", "integer"),
      col("moveId", "Move", "integer"),
      col("employee", "Employee"),
      col("service", "Service"),
      col("category", "Category"),
      col("expenseDate", "Expense date", "date"),
      col("currency", "Currency"),
      col("gross", "Gross", "money", "currency"),
      col("status", "Status"),
      col("onHold", "On hold"),
    ],
  },
  {
    key: "bills-by-status",
    category: "expenses",
    name: "Bills by status",
    description: "Every bill line with its bill's status and due date.",
    icon: "file-text",
    filters: [filter("billDate", "Bill date between", "dateRange"), filter(DUE_DAYS_FILTER, "Due within (days)", "dd", { options: opts(["ALL", "Any due date"], ["15", "15"], ["30", "30"], ["45", "45"], ["60", "60"], ["90", "90"]) }), ...currencyFilters()],
    rules: {},
    columns: [
      col("billId", "Bill", "integer"),
      col("reference", "Reference"),
      col("billType", "Bill type"),
      col("status", "Status"),
      col("billDate", "Bill date", "date"),
      col("dueDate", "Due date", "date"),
      col("moveId", "Move", "integer"),
      col("line", "Line"),
      col("currency", "Currency"),
      col("gross", "Gross", "money", "currency"),
      col("net", "Net", "money", "currency"),
      col("tax", "Tax", "money", "currency"),
    ],
  },
  {
    key: "payments-by-period-currency",
    category: "payments",
    name: "Payments by period and currency",
    description: "Payments made each month, per currency.",
    icon: "banknote",
    filters: [filter("paid", "Paid between", "dateRange"), filter("fromMonth", "From month", "monthAndYear"), filter("toMonth", "To month", "monthAndYear"), ...currencyFilters()],
    rules: { allOrNone: [["fromMonth", "toMonth"]] },
    columns: [col("period", "Period"), col("currency", "Currency"), col("payments", "Payments", "integer"), col("amount", "Amount", "money", "currency")],
  },
  {
    key: "assignments-ending",
    category: "moves",
    name: "Assignments ending",
    description: "Assignments ending in the coming days, with any extension or end already recorded.",
    icon: "calendar",
    defaults: { withinDays: "90" },
    filters: [filter("withinDays", "Ending within (days)", "dd", { required: true, options: opts(["30", "30"], ["60", "60"], ["90", "90"], ["180", "180"]) }), policyFilter()],
    rules: {},
    columns: [
      col("moveId", "Move", "integer"),
      col("employee", "Employee"),
      col("policy", "Policy"),
      col("route", "Route"),
      col("assignmentEnd", "Assignment end", "date"),
      col("daysLeft", "Days left", "integer"),
      col("lastAction", "Last action"),
    ],
  },
  {
    key: "exceptions-out-of-policy",
    category: "exceptions",
    name: "Exceptions and out-of-policy approvals",
    description: "Exceptions raised, and spend outside a budget: count, cost, share of total spend, approval rate and time to decision.",
    icon: "alert-triangle",
    filters: [filter("period", "Between", "dateRange"), ...currencyFilters()],
    rules: {},
    columns: [
      col("measure", "Measure"),
      col("currency", "Currency"),
      col("count", "Count", "integer"),
      col("cost", "Cost", "money", "currency"),
      col("shareOfSpend", "Share of total spend", "percent"),
      col("approvalRate", "Approval rate", "percent"),
      col("avgDaysToDecision", "Average days to decision", "integer"),
    ],
  },
  {
    key: "welcome-calls",
    category: "people",
    name: "Welcome calls",
    description: "Welcome calls requested and booked.",
    icon: "phone",
    filters: [filter("scheduled", "Scheduled between", "dateRange"), filter("status", "Status", "dd", { options: WELCOME_CALL_STATUS_OPTIONS })],
    rules: {},
    columns: [col("callId", "Call", "integer"), col("moveId", "Move", "integer"), col("employee", "Employee"), col("scheduledAt", "Scheduled at", "datetime"), col("timeZone", "Time zone"), col("status", "Status")],
  },
  {
    key: "activation-funnel",
    category: "people",
    name: "Activation funnel",
    description: "Employees invited, activated and who accepted the terms, per month invited.",
    icon: "filter",
    filters: [filter("invited", "Invited between", "dateRange")],
    rules: {},
    columns: [col("period", "Month invited"), col("invited", "Invited", "integer"), col("activated", "Activated", "integer"), col("termsAccepted", "Terms accepted", "integer"), col("activationRate", "Activated share", "percent")],
  },
  {
    key: "drawdown-balances",
    category: "drawdown",
    name: "Drawdown account balances",
    description: "Each drawdown client account's float and balance.",
    icon: "wallet",
    filters: [],
    rules: {},
    columns: [col("account", "Account"), col("currency", "Currency"), col("float", "Float", "money", "currency"), col("balance", "Balance", "money", "currency"), col("entries", "Entries", "integer"), col("lastEntry", "Last entry", "date")],
  },
];

const byKey = new Map(BASE_REPORTS.map((r) => [r.key, r]));

export function catalogReport(key: string | null): CatalogReport | null {
  return key === null ? null : (byKey.get(key) ?? null);
}

export function categoryLabel(key: string): string {
  return REPORT_CATEGORIES.find((c) => c.key === key)?.label ?? key;
}
