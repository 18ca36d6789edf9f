import { useMutation } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  BUDGET_AUTH_TYPES,
  BUDGET_COMPLEXITIES,
  BUDGET_GROUP_MAX,
  BUDGET_GROUP_MIN,
  BUDGET_TYPES,
  NO_BUDGET_GROUP,
  RATE_FREQUENCIES,
  SERVICE_POLICY_TYPES,
} from "../../../domain/policy/catalogue.ts";
import { policyMessages } from "../../../domain/policy/messages.ts";
import type { TServicePatch } from "../../../domain/policy/schemas.ts";
import { toMajorString } from "../../../domain/money/money.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { Button } from "../../components/ui/button.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Table, TableBody } from "../../components/ui/table.tsx";
import { errorCode, errorText } from "../../lib/errors.ts";
import { trpc, trpcClient } from "../../lib/trpc.ts";
import { useAutosave } from "../../lib/use-autosave.ts";
import { mergeServicePatch } from "./service-patch.ts";
import { AutosaveStatus } from "../../components/autosave-status.tsx";
import { ConnectionReloadNotice } from "../../components/connection-reload-notice.tsx";
import { useConnectionReload } from "../../lib/connection-error.ts";
import { BudgetGroupPanel } from "./budget-group-panel.tsx";
import { BudgetRow, BudgetTableHeader, type BudgetTexts } from "./budget-table.tsx";
import { DetailsAttributes } from "./details-attributes.tsx";
import { DetailsBenefits } from "./details-benefits.tsx";
import { refreshDetails, refreshDetailsSettled, serviceRef, useDetails, type DetailsService, type DetailsStage } from "./details-context.tsx";
import { SaveOnBlurText, SavingCheckbox } from "./details-fields.tsx";

type Feedback = { kind: "success" | "destructive"; text: string } | null;

/**
 * The form of one move-stage service (part 2 §2 "Policy details", §4 "Service policy type"): its
 * policy type decides which parts show; every change is saved at once (selects and ticks) or when
 * the field loses focus (texts), and the details reload from the server afterwards.
 */
export function ServiceForm({ stage, service, onTypeChanged }: { stage: DetailsStage; service: DetailsService; onTypeChanged: () => void }) {
  const { t } = useTranslation();
  const ctx = useDetails();
  const id = useId();
  const ro = ctx.readOnly;
  const ref = serviceRef(ctx, stage.id, service.name);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [moveHubRefusal, setMoveHubRefusal] = useState<string | null>(null);
  const [pendingGroup, setPendingGroup] = useState<number | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  // part 2 §8: a connection error with a finished request (a 504 on removing a service too) reloads the page.
  const connection = useConnectionReload();

  // Every field of the service is one record: its saves go out in order, the latest last.
  const autosave = useAutosave<TServicePatch>(
    `policy-service:${ctx.policyVersionId}:${stage.id}:${service.name}`,
    async (fields) => {
      await trpcClient.policy.services.update.mutate({ ...ref, ...fields });
      await refreshDetailsSettled();
    },
    { merge: mergeServicePatch },
  );
  /** Saves a change of the service; resolves once the server answered (and the details reloaded). */
  const patch = (fields: TServicePatch, after?: () => void): Promise<void> =>
    autosave
      .save(fields)
      .then(() => {
        setFeedback(null);
        after?.();
      })
      .catch((error: unknown) => {
        if ("moveHub" in fields && fields.moveHub && !fields.force && errorCode(error) === "CONFLICT") {
          // Only one move hub per stage: refused and unticked, with an option to force it (part 2 §4).
          autosave.discard();
          setMoveHubRefusal(errorText(error, policyMessages.moveHubTaken(service.serviceName)));
        }
        // Other failures show in the autosave status, with Retry.
      });

  const setGroup = useMutation(
    trpc.policy.services.setBudgetGroup.mutationOptions({
      onSuccess: async () => {
        setFeedback(null);
        await refreshDetails();
      },
      onError: (error) => {
        setFeedback({ kind: "destructive", text: errorText(error, policyMessages.errorUpdatingService) });
        connection.handle(error);
      },
    }),
  );
  const remove = useMutation(
    trpc.policy.services.remove.mutationOptions({
      onSuccess: () => refreshDetails(),
      onError: (error) => {
        setFeedback({ kind: "destructive", text: errorText(error, policyMessages.errorRemovingService) });
        connection.handle(error);
      },
    }),
  );

  const group = stage.budgetGroups.find((g) => g.id === service.budgetGroup);
  const sharedWith = (group?.services ?? [])
    .filter((key) => key !== service.name)
    .map((key) => stage.services.find((s) => s.name === key)?.serviceName ?? key);
  const inGroup = service.budgetGroup >= BUDGET_GROUP_MIN && service.budgetGroup <= BUDGET_GROUP_MAX;
  const notProvided = service.cashService && !service.provided;
  const chooseGroup = (next: number) => {
    if (next === service.budgetGroup) return;
    if (sharedWith.length > 0) setPendingGroup(next);
    else setGroup.mutate({ ...ref, budgetGroup: next });
  };

  const serviceBudget: BudgetTexts = {
    currency: service.currency ?? "",
    amount: service.amountText ?? "",
    minAmount: service.minAmount != null && service.currency ? toMajorString({ amount: service.minAmount, currency: service.currency }) : "",
    maxAmount: service.maxAmount != null && service.currency ? toMajorString({ amount: service.maxAmount, currency: service.currency }) : "",
  };

  return (
    <div className="flex flex-col gap-5" aria-busy={autosave.status === "saving" || undefined}>
      <div className="grid gap-4 tablet:grid-cols-2 desktop:grid-cols-3">
        <FormField id={`${id}-type`} label={t("policyConfig.service.policyType")}>
          {(field) => (
            <NativeSelect
              {...field}
              value={String(service.servicePolicyType)}
              disabled={ro}
              onChange={(e) => patch({ servicePolicyType: Number(e.target.value) }, onTypeChanged)}
            >
              {SERVICE_POLICY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type} · {t(`policyConfig.policyType.${type}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        {service.formVisible ? (
          <FormField id={`${id}-title`} label={t("policyConfig.service.title")}>
            {(field) => (
              <SaveOnBlurText
                {...field}
                unsavedKey={`${id}-title`}
                settled={autosave.settled}
                value={service.title ?? ""}
                disabled={ro}
                placeholder={service.serviceName}
                onSave={(title) => patch({ title: title.trim() === "" ? null : title })}
              />
            )}
          </FormField>
        ) : null}
      </div>

      {service.formVisible ? (
        <>
          <Section title={t("policyConfig.service.budget")}>
            <div className="grid gap-4 tablet:grid-cols-2 desktop:grid-cols-3">
              {service.budgetGroupVisible ? (
                <FormField
                  id={`${id}-group`}
                  label={t("policyConfig.service.budgetGroup")}
                  hint={sharedWith.length > 0 ? t("policyConfig.service.sharedWith", { services: sharedWith.join(", ") }) : undefined}
                >
                  {(field) => (
                    <NativeSelect {...field} value={String(service.budgetGroup)} disabled={ro || setGroup.isPending} onChange={(e) => chooseGroup(Number(e.target.value))}>
                      {Array.from({ length: BUDGET_GROUP_MAX - BUDGET_GROUP_MIN + 1 }, (_, i) => i + BUDGET_GROUP_MIN).map((n) => (
                        <option key={n} value={n}>
                          {t("policyConfig.service.groupNumber", { number: n })}
                        </option>
                      ))}
                      <option value={NO_BUDGET_GROUP}>{t("policyConfig.service.noGroup")}</option>
                    </NativeSelect>
                  )}
                </FormField>
              ) : null}
              <FormField id={`${id}-budgetType`} label={t("policyConfig.service.budgetType")} hint={service.servicePolicyType === 1 ? t("policyConfig.service.budgetTypeForced") : undefined}>
                {(field) => (
                  <NativeSelect
                    {...field}
                    value={service.servicePolicyType === 1 ? "CCY" : (service.budgetType ?? "")}
                    disabled={ro || service.servicePolicyType === 1}
                    onChange={(e) => patch({ budgetType: (e.target.value || null) as TServicePatch["budgetType"] })}
                  >
                    <option value="">{t("policyConfig.choose")}</option>
                    {BUDGET_TYPES.map((b) => (
                      <option key={b} value={b}>
                        {t(`policyConfig.budgetType.${b}`)}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              {!inGroup || !service.budgetGroupVisible ? (
                <FormField id={`${id}-auth`} label={t("policyConfig.service.authType")}>
                  {(field) => (
                    <NativeSelect
                      {...field}
                      value={service.authorizationType ?? ""}
                      disabled={ro}
                      onChange={(e) => patch({ authorizationType: (e.target.value || null) as TServicePatch["authorizationType"] })}
                    >
                      <option value="">{t("policyConfig.choose")}</option>
                      {BUDGET_AUTH_TYPES.map((a) => (
                        <option key={a} value={a}>
                          {t(`policyConfig.authType.${a}`)}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </FormField>
              ) : null}
            </div>

            {inGroup && service.budgetGroupVisible && group ? (
              <BudgetGroupPanel stage={stage} group={group} />
            ) : notProvided ? null : (
              <div className="flex flex-col gap-4">
                <div className="rounded-lg border border-border">
                  <Table>
                    <caption className="sr-only">{t("policyConfig.service.serviceBudget", { service: service.serviceName })}</caption>
                    <BudgetTableHeader />
                    <TableBody>
                      <BudgetRow
                        saved={serviceBudget}
                        currencies={ctx.currencies}
                        readOnly={ro}
                        unsavedKey={`${id}-budget`}
                        label={service.serviceName}
                        amountCanBeNegative={service.amountCanBeNegative}
                        autosave={{ ...autosave, save: (v: BudgetTexts) => autosave.save(budgetFields(v)) }}
                        failureText={policyMessages.errorUpdatingService}
                        showStatus={false}
                        onDelete={() => autosave.save(budgetFields({ currency: "", amount: "", minAmount: "", maxAmount: "" })).then(() => null, (e: unknown) => errorText(e, policyMessages.errorUpdatingService))}
                      />
                    </TableBody>
                  </Table>
                </div>
                <FormField id={`${id}-frequency`} label={t("policyConfig.service.rateFrequency")} className="max-w-xs">
                  {(field) => (
                    <NativeSelect
                      {...field}
                      value={service.rateFrequency ?? ""}
                      disabled={ro}
                      onChange={(e) => patch({ rateFrequency: (e.target.value || null) as TServicePatch["rateFrequency"] })}
                    >
                      <option value="">{t("policyConfig.choose")}</option>
                      {RATE_FREQUENCIES.map((f) => (
                        <option key={f} value={f}>
                          {t(`policyConfig.rateFrequency.${f}`)}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </FormField>
              </div>
            )}
          </Section>

          {service.cashService ? (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-medium">{t("policyConfig.service.cashService")}</legend>
              <div className="flex flex-wrap gap-5">
                {[true, false].map((provided) => (
                  <label key={String(provided)} className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name={`${id}-provided`}
                      className="size-4 accent-primary"
                      checked={service.provided === provided}
                      disabled={ro}
                      onChange={() => patch({ provided })}
                    />
                    {provided ? t("policyConfig.service.provided") : t("policyConfig.service.notProvided")}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}

          {notProvided ? null : (
            <FormField id={`${id}-note`} label={t("policyConfig.service.notes")}>
              {(field) => <SaveOnBlurText {...field} multiline rows={3} unsavedKey={`${id}-note`} settled={autosave.settled} value={service.note} disabled={ro} onSave={(note) => patch({ note })} />}
            </FormField>
          )}

          <div className="grid gap-3 tablet:grid-cols-2">
            <Tick id={`${id}-negative`} label={t("policyConfig.service.amountCanBeNegative")} checked={service.amountCanBeNegative} disabled={ro} onChange={(v) => patch({ amountCanBeNegative: v })} />
            {notProvided ? null : <Tick id={`${id}-addable`} label={t("policyConfig.service.addable")} checked={service.addable} disabled={ro} onChange={(v) => patch({ addable: v })} />}
            <Tick id={`${id}-moveHub`} label={t("policyConfig.service.moveHubLabel")} checked={service.moveHub} disabled={ro} onChange={(v) => patch({ moveHub: v })} />
            <Tick
              id={`${id}-moveHubBudget`}
              label={t("policyConfig.service.showAsMoveHubBudget")}
              checked={service.showAsMoveHubBudget}
              disabled={ro}
              onChange={(v) => patch({ showAsMoveHubBudget: v })}
            />
          </div>

          {service.benefitsVisible ? (
            <Section title={t("policyConfig.service.benefits")}>
              <DetailsBenefits service={service} settled={autosave.settled} onSave={(benefitGroups) => patch({ benefitGroups })} />
            </Section>
          ) : null}

          <Section title={t("policyConfig.service.attributes")}>
            <DetailsAttributes stageId={stage.id} service={service} settled={autosave.settled} onSave={(fields) => patch(fields)} />
          </Section>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{t("policyConfig.service.formHidden")}</p>
      )}

      {ro ? null : <AutosaveStatus autosave={autosave} failureText={policyMessages.errorUpdatingService} />}

      <div aria-live="polite" className="empty:hidden">
        {feedback ? (
          <Alert variant={feedback.kind} role={feedback.kind === "success" ? "status" : "alert"}>
            {feedback.text}
            <ConnectionReloadNotice reload={connection} />
          </Alert>
        ) : null}
      </div>

      {ro ? null : (
        <div className="flex justify-end border-t border-border pt-4">
          <Button variant="outline" className="text-destructive" busy={remove.isPending} onClick={() => setConfirmRemove(true)}>
            <Trash2 aria-hidden="true" />
            {t("policyConfig.service.remove")}
          </Button>
        </div>
      )}

      <ConfirmDialog
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        title={t("policyConfig.service.removeTitle", { service: service.serviceName })}
        description={t("policyConfig.service.removeDescription", { service: service.serviceName, stage: stage.name })}
        confirmLabel={t("policyConfig.service.remove")}
        cancelLabel={t("app.cancel")}
        destructive
        onConfirm={() => remove.mutate({ ...ref, ...(inGroup ? { budgetGroupId: service.budgetGroup } : {}) })}
      />
      <ConfirmDialog
        open={pendingGroup != null}
        onOpenChange={(open) => !open && setPendingGroup(null)}
        title={t("policyConfig.service.sharedGroupTitle")}
        description={t("policyConfig.msg.removeFromSharedBudgetGroup")}
        confirmLabel={t("policyConfig.service.sharedGroupConfirm")}
        cancelLabel={t("app.cancel")}
        onConfirm={() => {
          if (pendingGroup != null) setGroup.mutate({ ...ref, budgetGroup: pendingGroup });
          setPendingGroup(null);
        }}
      />
      <ConfirmDialog
        open={moveHubRefusal != null}
        onOpenChange={(open) => !open && setMoveHubRefusal(null)}
        title={t("policyConfig.service.moveHubTitle")}
        description={moveHubRefusal ?? ""}
        confirmLabel={t("policyConfig.service.moveHubForce")}
        cancelLabel={t("app.cancel")}
        onConfirm={() => {
          setMoveHubRefusal(null);
          patch({ moveHub: true, force: true });
        }}
      />
    </div>
  );
}

/** The service's own budget (no budget group) as fields of the service patch; the server re-checks them. */
function budgetFields(v: BudgetTexts): TServicePatch {
  return { currency: v.currency || null, amount: v.amount || null, minAmount: v.minAmount || null, maxAmount: v.maxAmount || null };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4 border-t border-border pt-4">
      <h4 className="text-sm font-semibold text-foreground">{title}</h4>
      {children}
    </section>
  );
}

function Tick({ id, label, checked, disabled, onChange }: { id: string; label: string; checked: boolean; disabled: boolean; onChange: (checked: boolean) => Promise<unknown> }) {
  return (
    <div className="flex items-center gap-3">
      <SavingCheckbox id={id} checked={checked} disabled={disabled} onSave={onChange} />
      <Label htmlFor={id} className="font-normal">
        {label}
      </Label>
    </div>
  );
}
