import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { policyMessages } from "../../../domain/policy/messages.ts";
import type { TServicePatch } from "../../../domain/policy/schemas.ts";
import { parseBenefitValue } from "../../../domain/policy/service-rules.ts";
import { SavingCheckbox } from "./details-fields.tsx";
import { useUnsaved } from "./details-unsaved.tsx";
import { FieldError, Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { errorText } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { useDetails, type DetailsService } from "./details-context.tsx";

type BenefitGroups = NonNullable<TServicePatch["benefitGroups"]>;

/**
 * The benefits of a type-3 service: for each of the service's benefit sets (the group's sets with
 * this policy's overrides), the options the policy grants and the set's numeric value (nights,
 * trips, hours… that formulas use). Ticking an option or leaving the value field saves the set.
 */
export function DetailsBenefits({
  service,
  settled,
  onSave,
}: {
  service: DetailsService;
  /** Whether the service's autosave has settled: the fields follow the server only then. */
  settled: boolean;
  onSave: (benefitGroups: BenefitGroups) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const ctx = useDetails();
  // Changes sent but not yet reloaded: a second change of a set builds on the first, not on the stale server copy.
  const [sent, setSent] = useState<Record<number, BenefitGroups[number]>>({});
  useEffect(() => {
    if (settled) setSent({});
  }, [settled, service.benefitGroups]);
  const sets = useQuery(
    trpc.policy.benefits.list.queryOptions({ groupId: ctx.groupId, policyId: ctx.policyId, filterInactive: true, serviceType: service.name }),
  );
  if (sets.isPending) return <LoadingRows rows={2} className="p-0" />;
  if (sets.isError) {
    return <ErrorState message={errorText(sets.error, policyMessages.loadingDataError)} retryLabel={t("app.retry")} onRetry={() => void sets.refetch()} className="py-6" />;
  }
  const benefits = sets.data.services.find((s) => s.id === service.name)?.benefits ?? [];
  if (benefits.length === 0) return <p className="text-sm text-muted-foreground">{t("policyConfig.benefits.none")}</p>;

  const current = (setId: number) => sent[setId] ?? service.benefitGroups.find((g) => g.id === setId);
  const selected = (setId: number) => current(setId)?.options ?? [];
  const valueOf = (setId: number) => service.benefitGroups.find((g) => g.id === setId)?.value ?? null;
  /**
   * Saves one benefit set's choice (the server replaces each named set's choice, so the other sets
   * stay as they are and an emptied set is cleared).
   */
  const saveSet = (setId: number, change: (entry: BenefitGroups[number]) => void) => {
    const saved = current(setId);
    const entry: BenefitGroups[number] = { id: setId, value: saved?.value ?? null, options: [...(saved?.options ?? [])] };
    change(entry);
    setSent((all) => ({ ...all, [setId]: entry }));
    return onSave([entry]);
  };
  const toggle = (setId: number, optionId: number, on: boolean) =>
    saveSet(setId, (entry) => {
      entry.options = on ? [...new Set([...entry.options, optionId])] : entry.options.filter((o) => o !== optionId);
    });
  const saveValue = (setId: number, value: string | null) =>
    saveSet(setId, (entry) => {
      entry.value = value;
    });

  return (
    <div className="grid gap-4 tablet:grid-cols-2">
      {benefits.map((set) => (
        <fieldset key={set.id} className="flex flex-col gap-2 rounded-lg border border-border p-3">
          <legend className="px-1 text-sm font-medium">
            {set.name} <span className="font-normal text-muted-foreground">({t("policyConfig.benefits.groupNumber", { number: set.groupNumber })})</span>
          </legend>
          <BenefitValueField
            id={`benefit-${service.id}-${set.id}-value`}
            setName={set.name}
            saved={valueOf(set.id)}
            readOnly={ctx.readOnly}
            onSave={(value) => saveValue(set.id, value)}
          />
          {set.benefitOptions.length === 0 ? <p className="text-sm text-muted-foreground">{t("policyConfig.benefits.noOptions")}</p> : null}
          {set.benefitOptions.map((option) => {
            const boxId = `benefit-${service.id}-${set.id}-${option.id}`;
            return (
              <div key={option.id} className="flex items-center gap-3">
                <SavingCheckbox id={boxId} checked={selected(set.id).includes(option.id)} disabled={ctx.readOnly} onSave={(on) => toggle(set.id, option.id, on)} />
                <Label htmlFor={boxId} className="font-normal">
                  {option.name}
                </Label>
              </div>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}

/**
 * The numeric value of a benefit set (part 2 §5 "Numeric benefit values must be numeric, else
 * reverted"): saved when the field loses focus (or on Enter); commas are stripped and the number
 * normalised, anything else shows "This is not a valid number." and the saved value comes back.
 * Escape restores the saved value without saving.
 */
function BenefitValueField({
  id,
  setName,
  saved,
  readOnly,
  onSave,
}: {
  id: string;
  setName: string;
  saved: string | null;
  readOnly: boolean;
  onSave: (value: string | null) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(saved ?? "");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Bumped once a save settled: the field then shows the saved value again (the new one, or the
  // old one when the server refused the change).
  const [settled, setSettled] = useState(0);
  useEffect(() => setText(saved ?? ""), [saved, settled]);
  useUnsaved(id, !readOnly && text !== (saved ?? ""));
  const errorId = `${id}-error`;

  const commit = async () => {
    if (readOnly || busy) return;
    const parsed = parseBenefitValue(text);
    if (!parsed.ok) {
      setText(saved ?? "");
      setError(parsed.message);
      return;
    }
    setError(null);
    if (parsed.value === saved) {
      setText(saved ?? "");
      return;
    }
    setText(parsed.value ?? "");
    setBusy(true);
    try {
      await onSave(parsed.value);
      // Let the reloaded details reach this field before it follows `saved` again.
      await new Promise((resolve) => setTimeout(resolve, 0));
    } finally {
      setBusy(false);
      setSettled((n) => n + 1);
    }
  };

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>
        {t("policyConfig.benefits.value")}
        <span className="sr-only"> ({setName})</span>
      </Label>
      <Input
        id={id}
        className="w-36"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        readOnly={readOnly}
        aria-readonly={readOnly || undefined}
        aria-busy={busy || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${id}-hint` : `${id}-hint`}
        onChange={(e) => {
          setText(e.target.value);
          if (error) setError(null);
        }}
        onBlur={() => void commit()}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            void commit();
          } else if (e.key === "Escape" && text !== (saved ?? "")) {
            e.preventDefault();
            setText(saved ?? "");
            setError(null);
          }
        }}
      />
      <p id={`${id}-hint`} className="text-[13px] text-muted-foreground">
        {t("policyConfig.benefits.valueHint")}
      </p>
      <div aria-live="polite">
        <FieldError id={errorId}>{error ?? undefined}</FieldError>
      </div>
    </div>
  );
}
