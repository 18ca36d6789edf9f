/**
 * The builder's filter editor (issue 26 "filters as a rule tree"): a group of rules and nested groups, combined
 * with all (and) or any (or); each rule a field, a condition from the operators that field allows and a value.
 * Nesting stops at the server's depth bound (MAX_RULE_DEPTH).
 */
import { Plus, Trash2 } from "lucide-react";
import { useTexts } from "./use-texts.ts";
import type { TStandardField } from "../../../domain/reporting/builder-schemas.ts";
import { MAX_RULE_DEPTH, type RuleOperator } from "../../../domain/reporting/rule-tree.ts";
import { Button } from "../../components/ui/button.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { cn } from "../../lib/utils.ts";
import { emptyGroup, removeNode, uid, updateGroup, updateRule, type EditGroup, type EditRule } from "./builder-state.ts";

type Props = { root: EditGroup; fields: TStandardField[]; onChange: (fn: (g: EditGroup) => EditGroup) => void };

export function RuleEditor({ root, fields, onChange }: Props) {
  const filterable = fields.filter((f) => f.operators.length > 0);
  return <GroupEditor group={root} depth={1} root filterable={filterable} onChange={onChange} />;
}

function GroupEditor({ group, depth, root = false, filterable, onChange }: { group: EditGroup; depth: number; root?: boolean; filterable: TStandardField[]; onChange: Props["onChange"] }) {
  const { t } = useTexts();
  const first = filterable[0];
  const addRule = () => {
    if (!first) return;
    onChange((g) => updateGroup(g, group.uid, (x) => ({ ...x, rules: [...x.rules, { kind: "rule", uid: uid(), field: first.id, operator: first.operators[0] as RuleOperator, value: "" }] })));
  };
  const addGroup = () => onChange((g) => updateGroup(g, group.uid, (x) => ({ ...x, rules: [...x.rules, emptyGroup()] })));
  const comboId = `rb-combo-${group.uid}`;
  return (
    <fieldset className={cn("flex min-w-0 flex-col gap-2 rounded-lg border p-3", !root && "bg-muted/30")} data-testid={root ? "rule-root" : undefined}>
      <legend className="sr-only">{t("reportBuilder.filters")}</legend>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={comboId} className="text-sm font-medium">
          {t("reportBuilder.match")}
        </label>
        <NativeSelect id={comboId} value={group.combinator} onChange={(e) => onChange((g) => updateGroup(g, group.uid, (x) => ({ ...x, combinator: e.target.value as "and" | "or" })))} className="h-9 w-auto">
          <option value="and">{t("reportBuilder.all")}</option>
          <option value="or">{t("reportBuilder.any")}</option>
        </NativeSelect>
        <Button type="button" size="sm" variant="outline" onClick={addRule} disabled={!first}>
          <Plus aria-hidden="true" />
          {t("reportBuilder.addRule")}
        </Button>
        {depth < MAX_RULE_DEPTH ? (
          <Button type="button" size="sm" variant="outline" onClick={addGroup}>
            <Plus aria-hidden="true" />
            {t("reportBuilder.addGroup")}
          </Button>
        ) : null}
        {!root ? (
          <Button type="button" size="sm" variant="ghost" onClick={() => onChange((g) => removeNode(g, group.uid))}>
            <Trash2 aria-hidden="true" />
            {t("reportBuilder.removeGroup")}
          </Button>
        ) : null}
      </div>
      {group.rules.length === 0 && root ? <p className="text-sm text-muted-foreground">{t("reportBuilder.noRules")}</p> : null}
      {group.rules.map((n) =>
        n.kind === "group" ? (
          <GroupEditor key={n.uid} group={n} depth={depth + 1} filterable={filterable} onChange={onChange} />
        ) : (
          <RuleRow key={n.uid} rule={n} filterable={filterable} onChange={onChange} />
        ),
      )}
    </fieldset>
  );
}

function RuleRow({ rule, filterable, onChange }: { rule: EditRule; filterable: TStandardField[]; onChange: Props["onChange"] }) {
  const { t } = useTexts();
  const field = filterable.find((f) => f.id === rule.field) ?? filterable[0];
  const set = (fn: (r: EditRule) => EditRule) => onChange((g) => updateRule(g, rule.uid, fn));
  const noValue = rule.operator === "isNull" || rule.operator === "notNull";
  const ids = { field: `rb-f-${rule.uid}`, op: `rb-o-${rule.uid}`, value: `rb-v-${rule.uid}` };
  return (
    <div className="grid grid-cols-1 gap-2 rounded-md border bg-card p-2 desktop:grid-cols-[1fr_1fr_1fr_auto]" data-testid="rule-row">
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={ids.field} className="text-xs text-muted-foreground">
          {t("reportBuilder.field")}
        </label>
        <NativeSelect
          id={ids.field}
          value={rule.field}
          onChange={(e) => {
            const f = filterable.find((x) => x.id === e.target.value)!;
            set((r) => ({ ...r, field: f.id, operator: (f.operators.includes(r.operator) ? r.operator : f.operators[0]) as RuleOperator }));
          }}
        >
          {filterable.map((f) => (
            <option key={f.id} value={f.id}>
              {f.editableName}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={ids.op} className="text-xs text-muted-foreground">
          {t("reportBuilder.operator")}
        </label>
        <NativeSelect id={ids.op} value={rule.operator} onChange={(e) => set((r) => ({ ...r, operator: e.target.value as RuleOperator }))}>
          {(field?.operators ?? []).map((op) => (
            <option key={op} value={op}>
              {t(`reportBuilder.op.${op}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={ids.value} className="text-xs text-muted-foreground">
          {t("reportBuilder.value")}
        </label>
        <Input
          id={ids.value}
          value={rule.value}
          disabled={noValue}
          maxLength={200}
          inputMode={field && (field.kind === "integer" || field.kind === "money") ? "numeric" : undefined}
          type={field?.kind === "date" && rule.operator !== "in" ? "date" : "text"}
          placeholder={rule.operator === "in" ? t("reportBuilder.valueListHint") : undefined}
          onChange={(e) => set((r) => ({ ...r, value: e.target.value }))}
        />
      </div>
      <div className="flex items-end">
        <Button type="button" variant="ghost" size="icon" onClick={() => onChange((g) => removeNode(g, rule.uid))} aria-label={t("reportBuilder.removeRule")}>
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
