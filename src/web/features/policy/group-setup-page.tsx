import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Layers, Plus } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TGetServiceBenefitsResponse } from "../../../domain/policy/benefit-schemas.ts";
import { policyMessages } from "../../../domain/policy/messages.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { FieldError, Input, NativeSelect } from "../../components/ui/input.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, LoadingRows, QueryView } from "../../components/ui/states.tsx";
import { errorText } from "../../lib/errors.ts";
import { trpc, trpcClient } from "../../lib/trpc.ts";
import { BenefitSetTable, refreshBenefits, type SetupScope } from "./benefit-set-table.tsx";
import { PolicyLoadFailure } from "./details-load-failure.tsx";
import { ServiceEmployees } from "./service-employees.tsx";

type Kind = "ALL" | "REGULAR" | "CASH";

/** The group select's value for the global defaults (group URL names cannot contain "_"). */
const GLOBAL = "_global";
/** `service` null: the first service of the catalogue (one service's tables at a time keeps the page short); "" all services. */
type Filters = { policyId: number | null; showInactive: boolean; kind: Kind; service: string | null };

/**
 * /admin/policy/group-setup?group=: the benefit sets of a client group (part 2 §2 "Policy group
 * setup"). Choose the group, optionally one of its policies (edits then become that policy's
 * overrides), whether inactive benefits show, cash or regular sets, and a service.
 */
export function GroupSetupPage({ group, onGroupChange }: { group?: string; onGroupChange: (g: string | undefined) => void }) {
  const { t } = useTranslation();
  const groups = useQuery(trpc.admin.groups.list.queryOptions());
  return (
    <>
      <PageHeader title={t("policyConfig.group.title")} description={t("policyConfig.group.description")} />
      <QueryView query={groups} isEmpty={(rows) => rows.length === 0} empty={<EmptyState icon={Layers} title={t("policyConfig.group.noGroups")} />}>
        {(rows) => {
          const chosen = rows.find((g) => g.name === group);
          const global = group === GLOBAL;
          return (
            <div className="flex flex-col gap-6">
              <div className="max-w-sm">
                <FormField id="group-setup-group" label={t("app.group")}>
                  {(field) => (
                    <NativeSelect {...field} value={global ? GLOBAL : (chosen?.name ?? "")} onChange={(e) => onGroupChange(e.target.value || undefined)}>
                      <option value="">{t("policyConfig.group.chooseGroup")}</option>
                      <option value={GLOBAL}>{t("policyConfig.group.globalDefaults")}</option>
                      {rows.map((g) => (
                        <option key={g.id} value={g.name}>
                          {g.displayName}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </FormField>
              </div>
              {chosen ? (
                <GroupBenefits key={chosen.id} groupId={chosen.id} group={chosen.name} />
              ) : global ? (
                <>
                  <p className="text-sm text-muted-foreground">{t("policyConfig.group.globalHint")}</p>
                  <GroupBenefits key="global" groupId={null} group={null} />
                </>
              ) : (
                <p className="text-sm text-muted-foreground">{t("policyConfig.group.chooseGroupHint")}</p>
              )}
            </div>
          );
        }}
      </QueryView>
    </>
  );
}

/** The benefit sets of one group (groupId null: the global defaults, without policies). */
function GroupBenefits({ groupId, group }: { groupId: number | null; group: string | null }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Filters>({ policyId: null, showInactive: false, kind: "ALL", service: null });
  const policies = useQuery({ ...trpc.policy.policies.search.queryOptions({ group: group ?? "" }), enabled: group !== null });
  const services = useQuery(trpc.policy.catalogue.services.queryOptions());
  const service = filters.service ?? services.data?.[0]?.key ?? null;
  const benefits = useQuery({
    ...trpc.policy.benefits.list.queryOptions({
      ...(groupId !== null ? { groupId } : {}),
      ...(filters.policyId != null ? { policyId: filters.policyId } : {}),
      filterInactive: !filters.showInactive,
      ...(service ? { serviceType: service } : {}),
    }),
    enabled: service !== null,
    placeholderData: keepPreviousData,
  });
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardContent className="grid gap-4 pt-6 tablet:grid-cols-2 desktop:grid-cols-4">
{group !== null ? (
          <FormField id="group-setup-policy" label={t("policyConfig.group.policy")} hint={t("policyConfig.group.policyHint")}>
            {(field) => (
              <NativeSelect {...field} value={filters.policyId ?? ""} disabled={policies.isPending} onChange={(e) => set({ policyId: e.target.value ? Number(e.target.value) : null })}>
                <option value="">{t("policyConfig.group.noPolicy")}</option>
                {(policies.data?.policies ?? []).map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          ) : null}
          <FormField id="group-setup-inactive" label={t("policyConfig.group.inactiveBenefits")}>
            {(field) => (
              <NativeSelect {...field} value={filters.showInactive ? "show" : "hide"} onChange={(e) => set({ showInactive: e.target.value === "show" })}>
                <option value="hide">{t("policyConfig.group.hideInactive")}</option>
                <option value="show">{t("policyConfig.group.showInactive")}</option>
              </NativeSelect>
            )}
          </FormField>
          <FormField id="group-setup-kind" label={t("policyConfig.group.kind")}>
            {(field) => (
              <NativeSelect {...field} value={filters.kind} onChange={(e) => set({ kind: e.target.value as Kind })}>
                <option value="ALL">{t("policyConfig.group.kindAll")}</option>
                <option value="REGULAR">{t("policyConfig.group.optionType.REGULAR")}</option>
                <option value="CASH">{t("policyConfig.group.optionType.CASH")}</option>
              </NativeSelect>
            )}
          </FormField>
          <FormField id="group-setup-service" label={t("policyConfig.group.service")}>
            {(field) => (
              <NativeSelect {...field} value={service ?? ""} disabled={services.isPending} onChange={(e) => set({ service: e.target.value })}>
                <option value="">{t("policyConfig.group.allServices")}</option>
                {(services.data ?? []).map((s) => (
                  <option key={s.key} value={s.key}>
                    {s.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        </CardContent>
      </Card>

      {benefits.isPending ? (
        <LoadingRows rows={4} rowClassName="h-24" />
      ) : benefits.isError ? (
        <PolicyLoadFailure error={benefits.error} onRetry={() => void benefits.refetch()} />
      ) : (
        <ServiceTables data={benefits.data} groupId={groupId} group={group} filters={{ ...filters, service: service ?? "" }} />
      )}
    </div>
  );
}

function ServiceTables({ data, groupId, group, filters }: { data: TGetServiceBenefitsResponse; groupId: number | null; group: string | null; filters: Filters }) {
  const { t } = useTranslation();
  const services = data.services
    .map((s) => ({ ...s, benefits: s.benefits.filter((b) => filters.kind === "ALL" || b.optionType === filters.kind) }))
    .filter((s) => filters.service !== "" || s.benefits.length > 0);
  if (services.length === 0) {
    return (
      <Card>
        <EmptyState icon={Layers} title={t("policyConfig.group.noSets")} description={t("policyConfig.group.noSetsHint")} />
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-6" aria-busy={undefined}>
      {services.map((service) => {
        const scope: SetupScope = { groupId, policyId: filters.policyId, serviceType: service.id, readOnly: data.readOnly, hidesInactive: !filters.showInactive };
        return (
          <Card key={service.id} data-testid={`service-benefits-${service.id}`} data-service-card="">
            <CardHeader>
              <CardTitle tabIndex={-1} data-focus-fallback="">
                {service.name}
              </CardTitle>
              <CardDescription>{t("policyConfig.group.setCount", { count: service.benefits.length })}</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              {service.benefits.map((set) => (
                <BenefitSetTable key={set.id} set={set} scope={scope} />
              ))}
              {!data.readOnly && groupId !== null && filters.policyId == null && filters.kind !== "CASH" ? <AddBenefitSetForm groupId={groupId} serviceType={service.id} /> : null}
              {groupId !== null && group !== null ? (
                <ServiceEmployees group={group} groupId={groupId} policyId={filters.policyId} serviceType={service.id} serviceName={service.name} initiallyOpen={filters.service !== ""} />
              ) : null}
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}

/** A new benefit set of the service with its first option (part 2 §5: a name and at least one option). */
function AddBenefitSetForm({ groupId, serviceType }: { groupId: number; serviceType: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState("");
  const [option, setOption] = useState("");
  const [errors, setErrors] = useState<{ name?: string; option?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (name.trim() === "") next.name = t("policyConfig.msg.groupNameRequired");
    if (option.trim() === "") next.option = t("policyConfig.msg.groupNeedsOption");
    setErrors(next);
    if (next.name || next.option) return;
    setBusy(true);
    try {
      await trpcClient.policy.benefits.addOption.mutate({ groupId, description: name.trim(), optionName: option.trim(), serviceType });
      setName("");
      setOption("");
      await refreshBenefits();
    } catch (e) {
      const fields = (e as { data?: { fields?: Record<string, string> | null } }).data?.fields ?? {};
      setErrors({
        name: fields["description"] ?? fields["name"],
        option: fields["optionName"],
        form: fields["description"] || fields["optionName"] ? undefined : errorText(e, policyMessages.optionAddFailed),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-3 rounded-lg border border-dashed border-border p-4">
      <p className="text-sm font-semibold">{t("policyConfig.group.newSet")}</p>
      <div className="grid gap-3 tablet:grid-cols-[1fr_1fr_auto] tablet:items-start">
        <FormField id={`${id}-name`} label={t("policyConfig.group.setName")} error={errors.name}>
          {(field) => <Input {...field} value={name} onChange={(e) => setName(e.target.value)} />}
        </FormField>
        <FormField id={`${id}-option`} label={t("policyConfig.group.firstOption")} error={errors.option}>
          {(field) => <Input {...field} value={option} onChange={(e) => setOption(e.target.value)} />}
        </FormField>
        <Button type="submit" variant="outline" busy={busy} className="tablet:mt-6">
          <Plus aria-hidden="true" />
          {t("policyConfig.group.addSet")}
        </Button>
      </div>
      <div aria-live="polite">
        <FieldError id={`${id}-form-error`}>{errors.form}</FieldError>
      </div>
    </form>
  );
}
