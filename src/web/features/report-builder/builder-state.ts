/**
 * The report builder's client state (issue 26 "Custom report builder"): the subject, the columns in order with
 * their titles, the filter tree as typed (values as text), the group-by and the totals; and the definition the
 * server checks and runs (src/domain/reporting/builder-schemas.ts). Pure.
 */
import type { TReportDefinition, TStandardField } from "../../../domain/reporting/builder-schemas.ts";
import type { RuleOperator, RuleValue } from "../../../domain/reporting/rule-tree.ts";

export type SubjectKey = TReportDefinition["subject"];
export type Column = { id: string; title: string };
export type EditRule = { kind: "rule"; uid: string; field: string; operator: RuleOperator; value: string };
export type EditGroup = { kind: "group"; uid: string; combinator: "and" | "or"; rules: (EditRule | EditGroup)[] };
export type BuilderState = { subject: SubjectKey; columns: Column[]; rules: EditGroup; groupBy: string; totals: string[] };

let next = 0;
export const uid = () => `n${++next}`;

export const emptyGroup = (): EditGroup => ({ kind: "group", uid: uid(), combinator: "and", rules: [] });
export const initialState = (subject: SubjectKey = "moves"): BuilderState => ({ subject, columns: [], rules: emptyGroup(), groupBy: "", totals: [] });

/** Inserts a field as a column at `index` (the end by default); a field already there is left alone. */
export function addColumn(s: BuilderState, field: TStandardField, index = s.columns.length): BuilderState {
  if (s.columns.some((c) => c.id === field.id)) return s;
  const columns = [...s.columns];
  columns.splice(Math.max(0, Math.min(index, columns.length)), 0, { id: field.id, title: field.editableName });
  return { ...s, columns };
}

export function removeColumn(s: BuilderState, id: string): BuilderState {
  return { ...s, columns: s.columns.filter((c) => c.id !== id), totals: s.totals.filter((x) => x !== id) };
}

export function moveColumn(s: BuilderState, from: number, to: number): BuilderState {
  if (from === to || from < 0 || to < 0 || from >= s.columns.length || to >= s.columns.length) return s;
  const columns = [...s.columns];
  const [item] = columns.splice(from, 1);
  columns.splice(to, 0, item!);
  return { ...s, columns };
}

export function renameColumn(s: BuilderState, id: string, title: string): BuilderState {
  return { ...s, columns: s.columns.map((c) => (c.id === id ? { ...c, title } : c)) };
}

/** A rule's typed value as the server wants it: numbers for number and money fields, a list for "is one of". */
export function ruleValueOf(kind: string, operator: RuleOperator, text: string): RuleValue {
  if (operator === "isNull" || operator === "notNull") return null;
  const numeric = kind === "integer" || kind === "money" || kind === "percent";
  const one = (v: string): string | number => {
    const trimmed = v.trim();
    if (!numeric) return trimmed;
    const n = Number(trimmed);
    return trimmed !== "" && Number.isInteger(n) ? n : trimmed;
  };
  if (operator === "in") return text.split(",").map(one).filter((v) => v !== "");
  return one(text);
}

type DefGroup = TReportDefinition["rules"];

function toRules(g: EditGroup, kindOf: (id: string) => string): DefGroup {
  return {
    combinator: g.combinator,
    rules: g.rules.map((n) => (n.kind === "group" ? toRules(n, kindOf) : { field: n.field, operator: n.operator, value: ruleValueOf(kindOf(n.field), n.operator, n.value) })),
  };
}

export function toDefinition(s: BuilderState, fields: TStandardField[]): TReportDefinition {
  const kindOf = (id: string) => fields.find((f) => f.id === id)?.kind ?? "text";
  return {
    subject: s.subject,
    fields: s.columns.map((c, i) => ({ id: c.id, title: c.title.trim() || (fields.find((f) => f.id === c.id)?.editableName ?? c.id), order: i })),
    rules: toRules(s.rules, kindOf),
    groupBy: s.groupBy ? [s.groupBy] : [],
    totals: s.totals.filter((id) => s.columns.some((c) => c.id === id) || s.groupBy !== ""),
  };
}

function fromRules(g: DefGroup): EditGroup {
  return {
    kind: "group",
    uid: uid(),
    combinator: g.combinator,
    rules: g.rules.map((n) =>
      "combinator" in n
        ? fromRules(n)
        : { kind: "rule" as const, uid: uid(), field: n.field, operator: n.operator, value: Array.isArray(n.value) ? n.value.join(", ") : n.value === null ? "" : String(n.value) },
    ),
  };
}

export function fromDefinition(def: TReportDefinition): BuilderState {
  return {
    subject: def.subject,
    columns: [...def.fields].sort((a, b) => a.order - b.order).map((f) => ({ id: f.id, title: f.title })),
    rules: fromRules(def.rules),
    groupBy: def.groupBy[0] ?? "",
    totals: def.totals,
  };
}

/** Applies `fn` to the group `uid` anywhere in the tree. */
export function updateGroup(g: EditGroup, target: string, fn: (g: EditGroup) => EditGroup): EditGroup {
  if (g.uid === target) return fn(g);
  return { ...g, rules: g.rules.map((n) => (n.kind === "group" ? updateGroup(n, target, fn) : n)) };
}

/** Removes the node `uid` (a rule or a group) from the tree. */
export function removeNode(g: EditGroup, target: string): EditGroup {
  return { ...g, rules: g.rules.filter((n) => n.uid !== target).map((n) => (n.kind === "group" ? removeNode(n, target) : n)) };
}

export function updateRule(g: EditGroup, target: string, fn: (r: EditRule) => EditRule): EditGroup {
  return { ...g, rules: g.rules.map((n) => (n.kind === "group" ? updateRule(n, target, fn) : n.uid === target ? fn(n) : n)) };
}

export function depthOf(g: EditGroup): number {
  return 1 + Math.max(0, ...g.rules.map((n) => (n.kind === "group" ? depthOf(n) : 0)));
}
