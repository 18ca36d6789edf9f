/**
 * The custom report builder's subjects (issue 26 "Custom report builder": "Pick a subject (moves, estimates,
 * expenses, bills, payments, budgets) … A custom report can never reach a table or column outside its subject's
 * allow-list, nor another group's rows"). Pure: for each subject its tables (a base table and the joins the SQL
 * builder makes, always including the move under alias `m` so a MANAGER's reads go through `restrictMoves`, and
 * the column that holds the group), and the allow-list of fields a report may show, filter, group by and add up.
 *
 * A field's `column` is the only SQL a report can reach: `alias.column` of one of its subject's own tables. The
 * compiler (src/db/queries/reporting/rule-compiler.ts) reads nothing else; a field key outside the list is refused
 * with "This field is not available for this subject." before any SQL is built.
 *
 * Derived fields (`derive`): a bill's stage comes from `billStageOf` (src/domain/employee/expenses/lifecycle.ts,
 * the one place a lone bill's stage is derived), computed in the row mapper from the columns it needs; they can
 * be shown but not filtered, grouped or added up (the SQL has no twin of them).
 *
 * Field ids are `subject.key` (e.g. "bills.grossAmount"): the ids of the fields-edit page's overrides
 * (report_field_overrides.field_id) and of a saved report's `fields[].id`.
 */
import { billStateOf } from "../employee/expenses/lifecycle.ts";
import { OPERATORS_BY_KIND, type RuleOperator } from "./rule-tree.ts";
import type { ColumnKind, ReportCell } from "./types.ts";

export const SUBJECTS = ["moves", "estimates", "expenses", "bills", "payments", "budgets"] as const;
export type SubjectKey = (typeof SUBJECTS)[number];

export type SubjectField = {
  key: string;
  title: string;
  kind: ColumnKind;
  /** `alias.column` of one of the subject's tables (null for a derived field). */
  column: string | null;
  /** For money: the field key holding its ISO 4217 code. */
  currencyKey?: string;
  operators: readonly RuleOperator[];
  groupable: boolean;
  summable: boolean;
  /** A derived field: the columns it reads and the domain function that gives its value. */
  derive?: { columns: Record<string, string>; of: (cells: Record<string, ReportCell>) => ReportCell };
};

export type SubjectJoin = { table: string; alias: string; left: string; right: string; kind: "inner" | "left" };

export type Subject = {
  key: SubjectKey;
  title: string;
  /** The base table and alias; `order` its key columns (rows are read in their order). */
  table: string;
  alias: string;
  order: string[];
  /** The column holding the group of a row (the viewer's group only). */
  group: string;
  joins: SubjectJoin[];
  fields: SubjectField[];
};

type Spec = Omit<SubjectField, "operators" | "groupable" | "summable"> & { filter?: boolean; group?: boolean; sum?: boolean };

function field(s: Spec): SubjectField {
  const { filter = true, group, sum, ...rest } = s;
  const derived = rest.column === null;
  return {
    ...rest,
    operators: derived || !filter ? [] : OPERATORS_BY_KIND[rest.kind],
    groupable: !derived && (group ?? (rest.kind === "text" || rest.kind === "date")),
    summable: !derived && (sum ?? (rest.kind === "money" || rest.kind === "integer")),
  };
}

const MOVE_JOIN: SubjectJoin = { table: "moves", alias: "m", left: "m.id", right: "", kind: "inner" };
const EMPLOYEE_JOIN: SubjectJoin = { table: "users", alias: "e", left: "e.id", right: "m.employee_user_id", kind: "left" };

const moveFields = (prefix: string): SubjectField[] => [
  field({ key: `${prefix}moveId`, title: "Move id", kind: "integer", column: "m.id", sum: false }),
  field({ key: `${prefix}employeeFirstName`, title: "Employee first name", kind: "text", column: "e.first_name" }),
  field({ key: `${prefix}employeeLastName`, title: "Employee last name", kind: "text", column: "e.last_name" }),
];

const SUBJECT_LIST: Subject[] = [
  {
    key: "moves",
    title: "Moves",
    table: "moves",
    alias: "m",
    order: ["m.id"],
    group: "m.group_id",
    joins: [EMPLOYEE_JOIN],
    fields: [
      ...moveFields(""),
      field({ key: "employeeEmail", title: "Employee e-mail", kind: "text", column: "e.email" }),
      field({ key: "status", title: "Move status", kind: "text", column: "m.status" }),
      field({ key: "originCountry", title: "Origin country", kind: "text", column: "m.origin_country_code" }),
      field({ key: "originCity", title: "Origin city", kind: "text", column: "m.origin_city_name" }),
      field({ key: "destinationCountry", title: "Destination country", kind: "text", column: "m.destination_country_code" }),
      field({ key: "destinationCity", title: "Destination city", kind: "text", column: "m.destination_city_name" }),
      field({ key: "moveDate", title: "Move date", kind: "date", column: "m.move_date" }),
      field({ key: "assignmentStart", title: "Assignment start", kind: "date", column: "m.assignment_start_date" }),
      field({ key: "assignmentEnd", title: "Assignment end", kind: "date", column: "m.assignment_end_date" }),
      field({ key: "createdAt", title: "Created", kind: "datetime", column: "m.created_at" }),
    ],
  },
  {
    key: "estimates",
    title: "Estimates",
    table: "cost_estimates",
    alias: "ce",
    order: ["ce.id"],
    group: "ce.group_id",
    joins: [{ ...MOVE_JOIN, right: "ce.move_id" }, EMPLOYEE_JOIN],
    fields: [
      field({ key: "estimateId", title: "Estimate id", kind: "integer", column: "ce.id", sum: false }),
      ...moveFields(""),
      field({ key: "version", title: "Version", kind: "integer", column: "ce.version_number", sum: false, group: true }),
      field({ key: "status", title: "Estimate status", kind: "text", column: "ce.status" }),
      field({ key: "type", title: "Estimate type", kind: "text", column: "ce.type" }),
      field({ key: "displayCurrency", title: "Display currency", kind: "text", column: "ce.display_currency" }),
      field({ key: "years", title: "Years", kind: "integer", column: "ce.years" }),
      field({ key: "approved", title: "Approved (1 = yes)", kind: "integer", column: "ce.is_approved", sum: false, group: true }),
      field({ key: "approverName", title: "Approver", kind: "text", column: "ce.approver_name" }),
      field({ key: "approvalDate", title: "Approval date", kind: "date", column: "ce.approval_date" }),
    ],
  },
  {
    key: "expenses",
    title: "Expenses",
    table: "expenses",
    alias: "x",
    order: ["x.id"],
    group: "x.group_id",
    joins: [{ ...MOVE_JOIN, right: "x.move_id" }, EMPLOYEE_JOIN],
    fields: [
      field({ key: "expenseId", title: "Expense id", kind: "integer", column: "x.id", sum: false }),
      ...moveFields(""),
      field({ key: "service", title: "Service", kind: "text", column: "x.service_key" }),
      field({ key: "category", title: "Category", kind: "text", column: "x.category" }),
      field({ key: "description", title: "Description", kind: "text", column: "x.description", group: false }),
      field({ key: "expenseDate", title: "Expense date", kind: "date", column: "x.expense_date" }),
      field({ key: "status", title: "Expense status", kind: "text", column: "x.status" }),
      field({ key: "currency", title: "Currency", kind: "text", column: "x.currency" }),
      field({ key: "netAmount", title: "Net amount", kind: "money", column: "x.net_amount", currencyKey: "currency" }),
      field({ key: "taxAmount", title: "Tax amount", kind: "money", column: "x.tax_amount", currencyKey: "currency" }),
      field({ key: "grossAmount", title: "Gross amount", kind: "money", column: "x.gross_amount", currencyKey: "currency" }),
    ],
  },
  {
    key: "bills",
    title: "Bills",
    table: "bills",
    alias: "b",
    order: ["b.id"],
    group: "b.group_id",
    joins: [{ ...MOVE_JOIN, right: "b.move_id" }, EMPLOYEE_JOIN],
    fields: [
      field({ key: "billId", title: "Bill id", kind: "integer", column: "b.id", sum: false }),
      ...moveFields(""),
      field({ key: "billType", title: "Bill type", kind: "text", column: "b.bill_type" }),
      field({ key: "status", title: "Bill status", kind: "text", column: "b.status" }),
      field({
        key: "stage",
        title: "Stage",
        kind: "text",
        column: null,
        derive: {
          columns: { status: "b.status", audited: "b.audited" },
          of: (c) => billStateOf({ status: c.status as "Open", audited: Number(c.audited) === 1 }).label,
        },
      }),
      field({ key: "vendor", title: "Vendor", kind: "text", column: "b.vendor_name" }),
      field({ key: "reference", title: "Reference", kind: "text", column: "b.reference", group: false }),
      field({ key: "service", title: "Service", kind: "text", column: "b.service_key" }),
      field({ key: "billDate", title: "Bill date", kind: "date", column: "b.bill_date" }),
      field({ key: "dueDate", title: "Due date", kind: "date", column: "b.due_date" }),
      field({ key: "currency", title: "Currency", kind: "text", column: "b.currency" }),
      field({ key: "netAmount", title: "Net amount", kind: "money", column: "b.net_amount", currencyKey: "currency" }),
      field({ key: "taxAmount", title: "Tax amount", kind: "money", column: "b.tax_amount", currencyKey: "currency" }),
      field({ key: "grossAmount", title: "Gross amount", kind: "money", column: "b.gross_amount", currencyKey: "currency" }),
    ],
  },
  {
    key: "payments",
    title: "Payments",
    table: "payments",
    alias: "p",
    order: ["p.id"],
    group: "p.group_id",
    joins: [
      { table: "bills", alias: "b", left: "b.id", right: "p.bill_id", kind: "inner" },
      { ...MOVE_JOIN, right: "b.move_id" },
      EMPLOYEE_JOIN,
    ],
    fields: [
      field({ key: "paymentId", title: "Payment id", kind: "integer", column: "p.id", sum: false }),
      field({ key: "billId", title: "Bill id", kind: "integer", column: "p.bill_id", sum: false }),
      ...moveFields(""),
      field({ key: "status", title: "Payment status", kind: "text", column: "p.status" }),
      field({ key: "paymentDate", title: "Payment date", kind: "date", column: "p.payment_date" }),
      field({ key: "reference", title: "Reference", kind: "text", column: "p.reference", group: false }),
      field({ key: "currency", title: "Currency", kind: "text", column: "p.currency" }),
      field({ key: "amount", title: "Amount", kind: "money", column: "p.amount", currencyKey: "currency" }),
    ],
  },
  {
    key: "budgets",
    title: "Budgets",
    table: "move_budget_overrides",
    alias: "bo",
    order: ["bo.move_id", "bo.move_stage", "bo.group_number", "bo.currency"],
    group: "m.group_id",
    joins: [{ ...MOVE_JOIN, right: "bo.move_id" }, EMPLOYEE_JOIN],
    fields: [
      ...moveFields(""),
      field({ key: "moveStage", title: "Move stage", kind: "integer", column: "bo.move_stage", sum: false, group: true }),
      field({ key: "budgetGroup", title: "Budget group", kind: "integer", column: "bo.group_number", sum: false, group: true }),
      field({ key: "currency", title: "Currency", kind: "text", column: "bo.currency" }),
      field({ key: "amount", title: "Budget", kind: "money", column: "bo.amount", currencyKey: "currency" }),
    ],
  },
];

export const SUBJECT_BY_KEY: Record<SubjectKey, Subject> = Object.fromEntries(SUBJECT_LIST.map((s) => [s.key, s])) as Record<SubjectKey, Subject>;
export const subjectList = (): readonly Subject[] => SUBJECT_LIST;

/** The field id of a subject's field ("bills.grossAmount"). */
export const fieldId = (subject: SubjectKey, key: string) => `${subject}.${key}`;

/** A subject's field by key or id ("grossAmount" or "bills.grossAmount"); undefined outside the allow-list. */
export function subjectField(subject: SubjectKey, keyOrId: string): SubjectField | undefined {
  const prefix = `${subject}.`;
  const key = keyOrId.startsWith(prefix) ? keyOrId.slice(prefix.length) : keyOrId;
  return SUBJECT_BY_KEY[subject].fields.find((f) => f.key === key);
}

/** Every field id of every subject (the fields-edit page's list). */
export const allFieldIds = (): string[] => SUBJECT_LIST.flatMap((s) => s.fields.map((f) => fieldId(s.key, f.key)));
