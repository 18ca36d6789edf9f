/**
 * The new policy form of /policy/setup (part 2 §2 "Policy setup"): name, order, group, move type,
 * archetype and number of move stages; it creates the policy and continues where the server sends it.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { Archetype, MoveType } from "../../../domain/policy/catalogue.ts";
import type { TDropdownsResponse } from "../../../domain/policy/schemas.ts";
import { parsePolicyOrder, setupWarnings, validatePolicyName } from "../../../domain/policy/setup.ts";
import { useLeaveGuard } from "../../components/leave-guard.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { PolicyLoadFailure } from "./details-load-failure.tsx";
import { labelledOptions, policyLeaveTexts } from "./policy-format.ts";
import { OptionSelect, Section, SetupSkeleton, Warnings } from "./setup-parts.tsx";

type NewValues = { name: string; order: string; group: string; moveType: string; archetype: string; moveStagesCount: string };
type NewErrors = Partial<Record<keyof NewValues, string>>;

export function NewPolicyForm({ initialGroup }: { initialGroup: string | undefined }) {
  const dropdowns = useQuery(trpc.policy.policies.dropdowns.queryOptions({}));
  if (dropdowns.isPending) return <SetupSkeleton />;
  if (dropdowns.isError) return <PolicyLoadFailure error={dropdowns.error} onRetry={() => void dropdowns.refetch()} />;
  return <NewPolicyFormBody options={dropdowns.data} initialGroup={initialGroup} />;
}

function NewPolicyFormBody({ options, initialGroup }: { options: TDropdownsResponse; initialGroup: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const groupKnown = options.groups.some((g) => g.name === initialGroup);
  const [values, setValues] = useState<NewValues>({
    name: "",
    order: "",
    group: groupKnown && initialGroup ? initialGroup : "",
    moveType: options.moveTypes[0]?.value ?? "",
    archetype: options.archetypes[0]?.value ?? "",
    moveStagesCount: options.moveStagesCounts[0]?.value ?? "1",
  });
  const [errors, setErrors] = useState<NewErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useMutation(trpc.policy.policies.create.mutationOptions());
  const dirty = values.name.trim() !== "" || values.order.trim() !== "";
  const guard = useLeaveGuard(dirty && !create.isSuccess, policyLeaveTexts(t));
  const set = (key: keyof NewValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const warnings = setupWarnings({ moveStagesCount: Number(values.moveStagesCount), estimatePackage: null });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const next: NewErrors = {};
    const nameError = validatePolicyName(values.name);
    if (nameError) next.name = nameError;
    const order = parsePolicyOrder(values.order);
    if (!order.ok) next.order = order.message;
    if (values.group === "") next.group = t("policy.search.cloneGroupRequired");
    setErrors(next);
    if (Object.keys(next).length > 0) {
      // Take the keyboard to the first field to fix, once React has marked it invalid.
      const form = event.currentTarget as HTMLFormElement;
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    try {
      const result = await create.mutateAsync({
        group: values.group,
        name: values.name.trim(),
        moveType: values.moveType as MoveType,
        archetype: values.archetype as Archetype,
        moveStagesCount: Number(values.moveStagesCount),
        order: values.order.trim() || undefined,
      });
      await queryClient.invalidateQueries({ queryKey: trpc.policy.policies.search.pathKey() });
      guard.allowNextNavigation();
      await navigate({ href: result.redirectUrl, replace: true });
    } catch (error) {
      const fields = (error as { data?: { fields?: Record<string, string> | null } }).data?.fields ?? {};
      setErrors(Object.fromEntries(Object.entries(fields).filter(([k]) => k in values)) as NewErrors);
      setFailure(serverMessage(error) ?? t("policy.setup.saveFailed"));
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-6">
      <Section title={t("policy.setup.basics")}>
        <FormField label={t("policy.setup.name")} error={errors.name} required className="tablet:col-span-2">
          {(field) => <Input {...field} autoComplete="off" maxLength={200} value={values.name} onChange={(e) => set("name")(e.target.value)} />}
        </FormField>
        <FormField label={t("policy.setup.group")} error={errors.group} required>
          {(field) => (
            <NativeSelect {...field} value={values.group} onChange={(e) => set("group")(e.target.value)}>
              <option value="">{t("policy.chooseGroup")}</option>
              {options.groups.map((g) => (
                <option key={g.id} value={g.name}>
                  {g.displayName}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t("policy.setup.order")} hint={t("policy.setup.orderHint")} error={errors.order}>
          {(field) => <Input {...field} inputMode="numeric" autoComplete="off" maxLength={9} value={values.order} onChange={(e) => set("order")(e.target.value)} />}
        </FormField>
        <OptionSelect label={t("policy.setup.moveType")} options={labelledOptions(t, "moveType", options.moveTypes)} value={values.moveType} onChange={set("moveType")} error={errors.moveType} />
        <OptionSelect label={t("policy.setup.archetype")} options={labelledOptions(t, "archetype", options.archetypes)} value={values.archetype} onChange={set("archetype")} error={errors.archetype} />
        <OptionSelect label={t("policy.setup.moveStagesCount")} options={options.moveStagesCounts} value={values.moveStagesCount} onChange={set("moveStagesCount")} error={errors.moveStagesCount} />
      </Section>
      <Warnings warnings={warnings} />
      <p className="text-sm text-muted-foreground">{t("policy.setup.createHint")}</p>
      {failure ? (
        <Alert variant="destructive" role="alert">
          {failure}
        </Alert>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" busy={create.isPending}>
          {create.isPending ? t("policy.setup.creating") : t("policy.setup.create")}
        </Button>
      </div>
      {guard.dialog}
    </form>
  );
}
