/**
 * The custom report builder's SQL (issue 26 "Custom report builder": "filters as a rule tree … compiled to Kysely
 * with parameters only, group-by and totals"). Two parts:
 * - `compileRuleTree`: a rule tree (src/domain/reporting/rule-tree.ts) to a Kysely condition. Columns come only
 *   from the resolver (a subject's allow-list, src/domain/reporting/subjects.ts), operators from a fixed table,
 *   and every value is a bound parameter; `treeMatches` is its in-memory twin (rule-compiler.test.ts checks both
 *   agree on random trees, on both databases).
 * - `customSelect`: a checked definition (builder-schemas.ts `definitionProblems` empty) to the select over its
 *   subject's tables: always `group column = the viewer's group` (and the move's group), then `restrictMoves` for
 *   a MANAGER, then the rule tree; plain rows in the subject's key order, or grouped rows with count and sums; and
 *   the totals select (sums per currency) of a report with totals and no group-by.
 */
import { sql, type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from "kysely";
import { isGroup, type RuleGroup, type RuleOperator, type RuleValue } from "../../../domain/reporting/rule-tree.ts";
import { subjectField, SUBJECT_BY_KEY, type Subject, type SubjectField } from "../../../domain/reporting/subjects.ts";
import type { TReportDefinition } from "../../../domain/reporting/builder-schemas.ts";
import type { ColumnKind, ReportCell, ReportColumn, ReportRow } from "../../../domain/reporting/types.ts";
import type { DB } from "../../index.ts";
import { restrictMoves, type RestrictionScope } from "../restrictions.ts";

/** A field key to its column (`alias.column`) and kind; undefined when the key is not allowed. */
export type FieldResolver = (key: string) => { column: string; kind: ColumnKind } | undefined;

const COMPARISON: Partial<Record<RuleOperator, string>> = { "=": "=", "!=": "<>", "<": "<", "<=": "<=", ">": ">", ">=": ">=" };

/** `%`, `_` and the escape character itself taken literally in a LIKE pattern (escape '\'). */
const likeLiteral = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

function compileRule(column: string, operator: RuleOperator, value: RuleValue): RawBuilder<SqlBool> {
  const col = sql.ref(column);
  if (operator === "isNull") return sql<SqlBool>`${col} is null`;
  if (operator === "notNull") return sql<SqlBool>`${col} is not null`;
  if (value === null) return sql<SqlBool>`1 = 0`;
  if (operator === "in") {
    const values = Array.isArray(value) ? value : [value];
    return values.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`${col} in (${sql.join(values.map((v) => sql`${v}`))})`;
  }
  if (Array.isArray(value)) return sql<SqlBool>`1 = 0`;
  if (operator === "contains") return sql<SqlBool>`lower(${col}) like ${`%${likeLiteral(String(value))}%`} escape '\\'`;
  if (operator === "beginsWith") return sql<SqlBool>`lower(${col}) like ${`${likeLiteral(String(value))}%`} escape '\\'`;
  return sql<SqlBool>`${col} ${sql.raw(COMPARISON[operator]!)} ${value}`;
}

/** The tree as one condition (an empty group is true); throws on a field the resolver does not allow. */
export function compileRuleTree(g: RuleGroup, resolve: FieldResolver): RawBuilder<SqlBool> {
  if (g.rules.length === 0) return sql<SqlBool>`1 = 1`;
  const parts = g.rules.map((n) => {
    if (isGroup(n)) return compileRuleTree(n, resolve);
    const f = resolve(n.field);
    if (!f) throw new Error(`Field outside the allow-list: ${n.field}`);
    return compileRule(f.column, n.operator, n.value);
  });
  return sql<SqlBool>`(${sql.join(parts, sql.raw(g.combinator === "and" ? " and " : " or "))})`;
}

/** The resolver of a subject: its filterable fields only. */
export function subjectResolver(subject: Subject): FieldResolver {
  return (key) => {
    const f = subjectField(subject.key, key);
    return f && f.column && f.operators.length > 0 ? { column: f.column, kind: f.kind } : undefined;
  };
}

type AnySelect = SelectQueryBuilder<any, any, any>;

/** The subject's tables, scoped to the group (and its moves), a MANAGER's restrictions and the rule tree. */
function scopedFrom(db: DB, subject: Subject, groupId: number, scope: RestrictionScope, rules: RuleGroup): AnySelect {
  const k = db as unknown as Kysely<any>;
  let q: AnySelect = k.selectFrom(`${subject.table} as ${subject.alias}`);
  for (const j of subject.joins) {
    q = j.kind === "inner" ? q.innerJoin(`${j.table} as ${j.alias}`, j.left, j.right) : q.leftJoin(`${j.table} as ${j.alias}`, j.left, j.right);
  }
  q = q.where(sql.ref(subject.group), "=", groupId).where(sql.ref("m.group_id"), "=", groupId);
  q = restrictMoves(q as unknown as { where(e: Expression<SqlBool>): typeof q }, scope, "m") as unknown as AnySelect;
  return q.where(compileRuleTree(rules, subjectResolver(subject)));
}

export type CustomQuery = {
  columns: ReportColumn[];
  /** The rows, page by page (`limit`, `offset`), mapped to cells by column key. */
  page: (limit: number, offset: number) => Promise<ReportRow[]>;
  /** Totals rows (a report with totals and no group-by), else null. */
  totals: (() => Promise<ReportRow[]>) | null;
};

const numeric = (kind: ColumnKind) => kind === "integer" || kind === "money" || kind === "percent";
const cellOf = (kind: ColumnKind, v: unknown): ReportCell => {
  if (v === null || v === undefined) return null;
  if (numeric(kind)) return Number(v);
  return String(v);
};

type Picked = { key: string; title: string; field: SubjectField };

/** The definition's columns (titles as given; a money column brings its currency column when not chosen). */
function pickedColumns(subject: Subject, def: TReportDefinition, titleOf: (f: SubjectField) => string): Picked[] {
  const chosen = [...def.fields].sort((a, b) => a.order - b.order).map((c) => ({ key: subjectField(subject.key, c.id)!.key, title: c.title, field: subjectField(subject.key, c.id)! }));
  const out: Picked[] = [];
  for (const c of chosen) {
    out.push(c);
    const cur = c.field.currencyKey;
    if (cur && !chosen.some((x) => x.key === cur) && !out.some((x) => x.key === cur)) {
      const f = subjectField(subject.key, cur)!;
      out.push({ key: f.key, title: titleOf(f), field: f });
    }
  }
  return out;
}

/** The select of a checked definition for one group (and a MANAGER's scope). */
export function customSelect(db: DB, def: TReportDefinition, groupId: number, scope: RestrictionScope, titleOf: (f: SubjectField) => string = (f) => f.title): CustomQuery {
  const subject = SUBJECT_BY_KEY[def.subject];
  const titleById = new Map(def.fields.map((c) => [subjectField(subject.key, c.id)!.key, c.title]));
  const base = () => scopedFrom(db, subject, groupId, scope, def.rules);

  if (def.groupBy.length > 0) {
    const groups = def.groupBy.map((id) => subjectField(subject.key, id)!);
    const sums = def.totals.map((id) => subjectField(subject.key, id)!);
    const currencies = [...new Set(sums.map((f) => f.currencyKey).filter((c): c is string => !!c))]
      .filter((c) => !groups.some((g) => g.key === c))
      .map((c) => subjectField(subject.key, c)!);
    const keys = [...groups, ...currencies];
    const columns: ReportColumn[] = [
      ...keys.map((f) => ({ key: f.key, title: titleById.get(f.key) ?? titleOf(f), kind: f.kind })),
      { key: "count", title: "Count", kind: "integer" as const },
      ...sums.map((f) => ({ key: `total_${f.key}`, title: `Total ${titleById.get(f.key) ?? titleOf(f)}`, kind: f.kind, ...(f.currencyKey ? { currencyKey: f.currencyKey } : {}) })),
    ];
    const page = async (limit: number, offset: number) => {
      let q = base().select([...keys.map((f, i) => sql.ref(f.column!).as(`g${i}`)), sql<number>`count(*)`.as("n"), ...sums.map((f, i) => sql`sum(${sql.ref(f.column!)})`.as(`s${i}`))]);
      for (const f of keys) q = q.groupBy(sql.ref(f.column!));
      for (const f of keys) q = q.orderBy(sql.ref(f.column!));
      const rows = (await q.limit(limit).offset(offset).execute()) as Record<string, unknown>[];
      return rows.map((r) => {
        const row: ReportRow = {};
        keys.forEach((f, i) => (row[f.key] = cellOf(f.kind, r[`g${i}`])));
        row.count = Number(r.n);
        sums.forEach((f, i) => (row[`total_${f.key}`] = cellOf(f.kind, r[`s${i}`] ?? 0)));
        return row;
      });
    };
    return { columns, page, totals: null };
  }

  const picked = pickedColumns(subject, def, titleOf);
  const columns: ReportColumn[] = picked.map((p) => ({ key: p.key, title: p.title, kind: p.field.kind, ...(p.field.currencyKey ? { currencyKey: p.field.currencyKey } : {}) }));
  const plain = picked.filter((p) => p.field.column);
  const derivedCols = [...new Set(picked.flatMap((p) => Object.values(p.field.derive?.columns ?? {})))];
  const page = async (limit: number, offset: number) => {
    let q = base().select([...plain.map((p, i) => sql.ref(p.field.column!).as(`c${i}`)), ...derivedCols.map((c, i) => sql.ref(c).as(`d${i}`))]);
    for (const o of subject.order) q = q.orderBy(sql.ref(o));
    const rows = (await q.limit(limit).offset(offset).execute()) as Record<string, unknown>[];
    return rows.map((r) => {
      const row: ReportRow = {};
      for (const p of picked) {
        if (p.field.column) row[p.key] = cellOf(p.field.kind, r[`c${plain.indexOf(p)}`]);
        else {
          const cells: Record<string, ReportCell> = {};
          for (const [name, col] of Object.entries(p.field.derive!.columns)) cells[name] = (r[`d${derivedCols.indexOf(col)}`] ?? null) as ReportCell;
          row[p.key] = p.field.derive!.of(cells);
        }
      }
      return row;
    });
  };

  const sums = def.totals.map((id) => subjectField(subject.key, id)!);
  const totals =
    sums.length === 0
      ? null
      : async () => {
          const currencies = [...new Set(sums.map((f) => f.currencyKey).filter((c): c is string => !!c))].map((c) => subjectField(subject.key, c)!);
          let q = base().select([...currencies.map((f, i) => sql.ref(f.column!).as(`g${i}`)), ...sums.map((f, i) => sql`sum(${sql.ref(f.column!)})`.as(`s${i}`))]);
          for (const f of currencies) q = q.groupBy(sql.ref(f.column!)).orderBy(sql.ref(f.column!));
          const rows = (await q.execute()) as Record<string, unknown>[];
          const first = columns[0]!.key;
          return rows.map((r) => {
            const row: ReportRow = Object.fromEntries(columns.map((c) => [c.key, null]));
            currencies.forEach((f, i) => (row[f.key] = cellOf(f.kind, r[`g${i}`])));
            sums.forEach((f, i) => (row[f.key] = cellOf(f.kind, r[`s${i}`] ?? 0)));
            if (row[first] === null) row[first] = "Total";
            return row;
          });
        };
  return { columns, page, totals };
}
