import { Pencil, Plus, RotateCcw } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MetadataOverride, TBenefit, TMetadataLine, TSpendCategoryNode } from "../../../domain/policy/benefit-schemas.ts";
import { policyMessages } from "../../../domain/policy/messages.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { FieldError, Input } from "../../components/ui/input.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { errorText } from "../../lib/errors.ts";
import { queryClient, trpc, trpcClient } from "../../lib/trpc.ts";
import { FormulaDialog, formulaSaveError, type FormulaTarget } from "./benefit-formula-dialog.tsx";
import { BenefitSetFlags } from "./benefit-set-flags.tsx";
import { InlineName } from "./benefit-inline-name.tsx";
import { SpendCategoryPicker } from "./spend-category-picker.tsx";

/**
 * The scope a group-setup edit is saved at: the group, or one of its policies. `hidesInactive`: the
 * page hides inactive benefits (a set made inactive then leaves the page).
 */
/** groupId null: the global defaults (no group chosen, platform admins only). */
export type SetupScope = { groupId: number | null; policyId: number | null; serviceType: string; readOnly: boolean; hidesInactive?: boolean };

export const refreshBenefits = () => queryClient.invalidateQueries(trpc.policy.benefits.list.pathFilter());

/** Spend category descriptions by id, from the (cached) category tree. */
function useSpendCategoryNames(): Map<number, string> {
  const tree = useQuery({ ...trpc.policy.catalogue.spendCategories.queryOptions(), staleTime: 10 * 60_000 });
  return useMemo(() => {
    const names = new Map<number, string>();
    const walk = (nodes: TSpendCategoryNode[]) => {
      for (const n of nodes) {
        names.set(n.id, n.description);
        walk(n.childSpendCategoryList);
      }
    };
    walk(tree.data ?? []);
    return names;
  }, [tree.data]);
}

const scopeVariant: Record<MetadataOverride, "neutral" | "info" | "warning"> = { GLOBAL: "neutral", GROUP: "info", POLICY: "warning" };

type Editing = { target: FormulaTarget; optionId: number; metadataInfoId: number; line: TMetadataLine | null };

/**
 * One benefit set of a service (part 2 §2 "Policy group setup"): its group number and name (renamed
 * inline), spend category, flags (inactive, affects cost estimate, custom), options as rows (renamed
 * inline) and metadata lines as columns. Each
 * cell shows the formula and adjustment formula in force with their scope (global default, group or
 * policy override), an edit action and — for an override of the current scope — reset to parent.
 */
export function BenefitSetTable({ set, scope }: { set: TBenefit; scope: SetupScope }) {
  const { t } = useTranslation();
  const categories = useSpendCategoryNames();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [error, setError] = useState<string | null>(null);
  const currentScope: MetadataOverride = scope.policyId != null ? "POLICY" : scope.groupId != null ? "GROUP" : "GLOBAL";
  const isCash = set.optionType === "CASH";
  // CASH sets key each option's single line by the option id.
  const columns = isCash ? [{ id: 0, name: t("policyConfig.group.value") }] : set.metadataInfos;
  const lineOf = (option: TBenefit["benefitOptions"][number], infoId: number): TMetadataLine | null =>
    (isCash ? option.metadataMap[String(option.id)] : option.metadataMap[String(infoId)]) ?? null;
  const scopeFields = {
    ...(scope.groupId != null ? { groupId: scope.groupId } : {}),
    ...(scope.policyId != null ? { policyId: scope.policyId } : {}),
    serviceType: scope.serviceType,
  };
  // The save and reset labels name the scope (part 2 §1): global default, group or policy override.
  const scopeLabel = t(`policyConfig.group.scopeLabel.${currentScope}`);
  const saveLabel = t(`policyConfig.group.saveScope.${currentScope}`);

  const rename = async (call: () => Promise<unknown>): Promise<string | null> => {
    try {
      await call();
      await refreshBenefits();
      return null;
    } catch (e) {
      return errorText(e, policyMessages.updateFailed);
    }
  };

  const saveFormula = async (formula: string, adjustmentFormula: string) => {
    if (!editing) return null;
    try {
      if (editing.line) {
        await trpcClient.policy.benefits.updateMetadata.mutate({ id: editing.line.id, formula, adjustmentFormula, ...scopeFields });
      } else {
        await trpcClient.policy.benefits.saveMetadata.mutate({
          serviceBenefitId: editing.optionId,
          metadataInfoId: editing.metadataInfoId,
          formula,
          adjustmentFormula,
          ...scopeFields,
        });
      }
      setEditing(null);
      await refreshBenefits();
      return null;
    } catch (e) {
      return formulaSaveError(e);
    }
  };

  const resetToParent = async (optionId: number, line: TMetadataLine) => {
    setError(null);
    try {
      // Only overrides are reset (a global default has no parent).
      if (scope.groupId == null) return;
      await trpcClient.policy.benefits.deleteMetadataOverride.mutate({ metadataInfoId: line.metadataInfoId, serviceBenefitId: optionId, ...scopeFields, groupId: scope.groupId });
      await refreshBenefits();
    } catch (e) {
      setError(errorText(e, policyMessages.metadataUpdateFailed));
    }
  };

  const setSpendCategory = async (sdcId: number | null) => {
    setError(null);
    try {
      await trpcClient.policy.benefits.setFlags.mutate({ benefitId: set.id, sdcId });
      await refreshBenefits();
    } catch (e) {
      setError(errorText(e, policyMessages.updateFailed));
    }
  };

  const canAddOption = !scope.readOnly && set.optionType === "REGULAR" && scope.policyId == null && scope.groupId != null;
  const editableSet = !scope.readOnly && scope.policyId == null;

  return (
    <section className="flex flex-col gap-3 rounded-lg border border-border p-4" aria-label={set.name} data-testid={`benefit-set-${set.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <Badge variant="neutral">{t("policyConfig.group.groupNumber", { number: set.groupNumber })}</Badge>
            <Badge variant={isCash ? "warning" : "info"}>{t(`policyConfig.group.optionType.${set.optionType}`)}</Badge>
            <Badge variant="neutral">{set.groupId == null ? t("policyConfig.group.globalSet") : t("policyConfig.group.groupSet")}</Badge>
            {set.inactive ? <Badge variant="destructive">{t("policyConfig.group.inactive")}</Badge> : null}
          </div>
          <div className="text-base font-semibold">
            <InlineName
              value={set.name}
              label={t("policyConfig.group.setLabel", { name: set.name })}
              emptyMessage={t("policyConfig.msg.benefitSetNameEmpty")}
              readOnly={!editableSet}
              onRename={(name) => rename(() => trpcClient.policy.benefits.renameSet.mutate({ benefitId: set.id, name }))}
            />
          </div>
        </div>
        <div className="w-full max-w-sm">
          <SpendCategoryPicker
            label={t("policyConfig.group.spendCategory")}
            value={set.sdcId != null ? { id: set.sdcId, description: categories.get(set.sdcId) } : null}
            disabled={!editableSet}
            onChange={(choice) => void setSpendCategory(choice?.id ?? null)}
          />
        </div>
      </div>

      <BenefitSetFlags
        set={set}
        editable={editableSet}
        hint={!scope.readOnly && scope.policyId != null ? t("policyConfig.group.flagsGroupOnly") : undefined}
        hidesInactive={scope.hidesInactive ?? false}
        onSaved={refreshBenefits}
      />

      <div className="rounded-lg border border-border">
        <Table>
          <caption className="sr-only">{t("policyConfig.group.tableCaption", { name: set.name })}</caption>
          <TableHeader>
            <TableRow>
              <TableHead>{t("policyConfig.group.option")}</TableHead>
              {columns.map((c) => (
                <TableHead key={c.id}>{c.name}</TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {set.benefitOptions.length === 0 ? (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={columns.length + 1} className="text-center text-muted-foreground">
                  {t("policyConfig.benefits.noOptions")}
                </TableCell>
              </TableRow>
            ) : null}
            {set.benefitOptions.map((option) => (
              <TableRow key={option.id} data-testid={`benefit-option-${option.id}`}>
                <TableCell className="min-w-48 align-top">
                  <InlineName
                    value={option.name}
                    label={t("policyConfig.group.optionLabel", { name: option.name })}
                    emptyMessage={t("policyConfig.msg.optionNameEmpty")}
                    readOnly={!editableSet}
                    onRename={(optionName) => rename(() => trpcClient.policy.benefits.renameOption.mutate({ id: option.id, optionName }))}
                  />
                </TableCell>
                {columns.map((c) => {
                  const line = lineOf(option, c.id);
                  const infoId = line?.metadataInfoId ?? c.id;
                  const title = `${option.name} · ${c.name}`;
                  return (
                    <TableCell key={c.id} className="min-w-56 align-top">
                      <div className="flex flex-col gap-1.5">
                        {line ? (
                          <>
                            <code className="break-all text-[13px]">{line.formula || "—"}</code>
                            {line.adjustmentFactorFormula ? (
                              <code className="break-all text-xs text-muted-foreground">
                                {t("policyConfig.group.adjustmentShort")} {line.adjustmentFactorFormula}
                              </code>
                            ) : null}
                            <Badge variant={scopeVariant[line.metadataOverride]} className="self-start">
                              {t(`policyConfig.group.scope.${line.metadataOverride}`)}
                            </Badge>
                          </>
                        ) : (
                          <span className="text-muted-foreground">{t("policyConfig.group.noFormula")}</span>
                        )}
                        {scope.readOnly || (isCash && !line) ? null : (
                          <div className="flex flex-wrap gap-1">
                            <Button
                              variant="ghost"
                              size="sm"
                              aria-label={t("policyConfig.group.editFormula", { title })}
                              onClick={() =>
                                setEditing({
                                  target: { title, scopeLabel, saveLabel, formula: line?.formula ?? "", adjustmentFormula: line?.adjustmentFactorFormula ?? "" },
                                  optionId: option.id,
                                  metadataInfoId: infoId,
                                  line,
                                })
                              }
                            >
                              <Pencil aria-hidden="true" />
                              {t("policyConfig.group.edit")}
                            </Button>
                            {line && line.metadataOverride === currentScope && currentScope !== "GLOBAL" ? (
                              <Button
                                variant="ghost"
                                size="sm"
                                aria-label={t(`policyConfig.group.resetScopeOf.${currentScope}`, { title })}
                                onClick={() => void resetToParent(option.id, line)}
                              >
                                <RotateCcw aria-hidden="true" />
                                {t(`policyConfig.group.resetScope.${currentScope}`)}
                              </Button>
                            ) : null}
                          </div>
                        )}
                      </div>
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <div aria-live="polite" className="empty:hidden">
        {error ? (
          <Alert variant="destructive" role="alert">
            {error}
          </Alert>
        ) : null}
      </div>
      {canAddOption ? (
        <div className="grid gap-4 desktop:grid-cols-2 desktop:gap-8">
          <AddOptionForm set={set} scope={scope} />
          {set.benefitOptions.length > 0 ? <AddMetadataLineForm set={set} scope={scope} /> : null}
        </div>
      ) : null}
      <FormulaDialog target={editing?.target ?? null} onOpenChange={(open) => !open && setEditing(null)} onSave={saveFormula} />
    </section>
  );
}

/** Adds an option to this set (REGULAR sets, group scope only — part 2 §6). */
function AddOptionForm({ set, scope }: { set: TBenefit; scope: SetupScope }) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    // Options are added to a group's sets (the form is not shown for the global defaults).
    if (scope.groupId == null) return;
    if (name.trim() === "") {
      setError(t("policyConfig.msg.benefitOptionNameFirst"));
      return;
    }
    setBusy(true);
    try {
      await trpcClient.policy.benefits.addOption.mutate({
        groupId: scope.groupId,
        groupNumber: set.groupNumber,
        description: set.name,
        optionName: name.trim(),
        serviceType: scope.serviceType,
        ...(set.sdcId != null ? { sdcId: set.sdcId } : {}),
      });
      setName("");
      setError(null);
      await refreshBenefits();
    } catch (e) {
      setError(errorText(e, policyMessages.optionAddFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-1.5">
      <div className="flex items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <label htmlFor={`${id}-name`} className="text-sm font-medium">
            {t("policyConfig.group.newOption", { set: set.name })}
          </label>
          <Input
            id={`${id}-name`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
        <Button type="submit" variant="outline" busy={busy}>
          <Plus aria-hidden="true" />
          {t("policyConfig.group.addOption")}
        </Button>
      </div>
      <div aria-live="polite">
        <FieldError id={`${id}-error`}>{error ?? undefined}</FieldError>
      </div>
    </form>
  );
}

/**
 * Adds a metadata line (a column) to a REGULAR set: its name and a first formula, saved for every
 * option at the group's scope. The server checks the formula (an error names its position).
 */
function AddMetadataLineForm({ set, scope }: { set: TBenefit; scope: SetupScope }) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState("");
  const [formula, setFormula] = useState("");
  const [errors, setErrors] = useState<{ name?: string; formula?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (name.trim() === "") {
      setErrors({ name: t("policyConfig.group.lineNameRequired") });
      return;
    }
    setBusy(true);
    try {
      let metadataInfoId: number | undefined;
      for (const option of set.benefitOptions) {
        const saved = await trpcClient.policy.benefits.saveMetadata.mutate({
          serviceBenefitId: option.id,
          ...(metadataInfoId === undefined ? { metadataName: name.trim() } : { metadataInfoId }),
          formula,
          ...(scope.groupId != null ? { groupId: scope.groupId } : {}),
          serviceType: scope.serviceType,
        });
        metadataInfoId = saved.metadata.metadataInfoId;
      }
      setName("");
      setFormula("");
      setErrors({});
    } catch (e) {
      const failure = formulaSaveError(e);
      setErrors(failure.field === "formula" ? { formula: failure.message } : { form: failure.message });
    } finally {
      setBusy(false);
      await refreshBenefits();
    }
  };
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-1.5">
      <div className="flex items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <label htmlFor={`${id}-name`} className="text-sm font-medium">
            {t("policyConfig.group.newLine", { set: set.name })}
          </label>
          <Input
            id={`${id}-name`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${id}-name-error` : undefined}
          />
          <FieldError id={`${id}-name-error`}>{errors.name}</FieldError>
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <label htmlFor={`${id}-formula`} className="text-sm font-medium">
            {t("policyConfig.group.formula")}
          </label>
          <Input
            id={`${id}-formula`}
            className="font-mono text-[13px]"
            spellCheck={false}
            value={formula}
            onChange={(e) => setFormula(e.target.value)}
            aria-invalid={errors.formula ? true : undefined}
            aria-describedby={errors.formula ? `${id}-formula-error` : undefined}
          />
          <FieldError id={`${id}-formula-error`}>{errors.formula}</FieldError>
        </div>
        <Button type="submit" variant="outline" busy={busy} className="mt-6">
          <Plus aria-hidden="true" />
          {t("policyConfig.group.addLine")}
        </Button>
      </div>
      <div aria-live="polite">
        <FieldError id={`${id}-form-error`}>{errors.form}</FieldError>
      </div>
    </form>
  );
}
