import { useMutation, useQuery } from "@tanstack/react-query";
import { ListChecks } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ATTRIBUTE_INPUT_TYPES, type AttributeInputType } from "../../../domain/policy/catalogue.ts";
import { policyMessages } from "../../../domain/policy/messages.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Card, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, QueryView } from "../../components/ui/states.tsx";
import { Switch } from "../../components/ui/switch.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { errorText } from "../../lib/errors.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";

/**
 * /admin/policy/service-attributes (ADMIN, part 2 §6 "service attribute visibility for HR"): the
 * attributes of each service with a switch for whether HR users see them.
 */
export function ServiceAttributesPage() {
  const { t } = useTranslation();
  const [service, setService] = useState("");
  const services = useQuery(trpc.policy.catalogue.services.queryOptions());
  const attributes = useQuery(trpc.policy.catalogue.serviceAttributes.queryOptions(service ? { serviceKey: service } : {}));
  const [error, setError] = useState<string | null>(null);
  const visibility = useMutation(
    trpc.policy.catalogue.setAttributeVisibility.mutationOptions({
      onSuccess: async () => {
        setError(null);
        await queryClient.invalidateQueries(trpc.policy.catalogue.serviceAttributes.pathFilter());
      },
      onError: (e) => setError(errorText(e, policyMessages.unableToToggleCheckbox)),
    }),
  );
  const nameOf = (key: string) => services.data?.find((s) => s.key === key)?.name ?? key;

  return (
    <>
      <PageHeader title={t("policyConfig.attributesPage.title")} description={t("policyConfig.attributesPage.description")} />
      <div className="mb-6 flex max-w-sm flex-col gap-2">
        <Label htmlFor="attributes-service">{t("policyConfig.group.service")}</Label>
        <NativeSelect id="attributes-service" value={service} onChange={(e) => setService(e.target.value)}>
          <option value="">{t("policyConfig.group.allServices")}</option>
          {(services.data ?? []).map((s) => (
            <option key={s.key} value={s.key}>
              {s.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div aria-live="polite" className="mb-4 empty:hidden">
        {error ? (
          <Alert variant="destructive" role="alert">
            {error}
          </Alert>
        ) : null}
      </div>
      <QueryView query={attributes} isEmpty={(rows) => rows.length === 0} empty={<EmptyState icon={ListChecks} title={t("policyConfig.attributes.none")} />}>
        {(rows) => {
          // Services in catalogue order.
          const order = new Map((services.data ?? []).map((x, i) => [x.key, i]));
          const byService = [...new Set(rows.map((r) => r.serviceKey))].sort((a, b) => (order.get(a) ?? 999) - (order.get(b) ?? 999));
          return (
            <div className="flex flex-col gap-6">
              {byService.map((key) => (
                <Card key={key}>
                  <CardHeader className="pb-4">
                    <CardTitle>{nameOf(key)}</CardTitle>
                  </CardHeader>
                  <Table className="table-fixed">
                    <caption className="sr-only">{t("policyConfig.attributesPage.caption", { service: nameOf(key) })}</caption>
                    <TableHeader>
                      <TableRow>
                        <TableHead className="w-[40%]">{t("policyConfig.attributesPage.attribute")}</TableHead>
                        <TableHead className="w-[18%]">{t("policyConfig.attributesPage.type")}</TableHead>
                        <TableHead className="w-[18%]">{t("policyConfig.attributesPage.required")}</TableHead>
                        <TableHead>{t("policyConfig.attributesPage.visibleToHr")}</TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {rows
                        .filter((r) => r.serviceKey === key)
                        .map((a) => {
                          const switchId = `attr-visible-${a.id}`;
                          return (
                            <TableRow key={a.id}>
                              <TableCell>
                                <span className="font-medium">{a.label}</span>
                                <span className="block text-xs text-muted-foreground">{a.key}</span>
                              </TableCell>
                              <TableCell>{ATTRIBUTE_INPUT_TYPES.includes(a.inputType as AttributeInputType) ? t(`policyConfig.attributesPage.inputType.${a.inputType as AttributeInputType}`) : a.inputType}</TableCell>
                              <TableCell>
                                {a.dataFillLevel > 0 ? (
                                  <Badge variant="warning">{t("policyConfig.attributesPage.level", { level: a.dataFillLevel })}</Badge>
                                ) : (
                                  <span className="text-muted-foreground">{t("policyConfig.attributesPage.optional")}</span>
                                )}
                              </TableCell>
                              <TableCell>
                                <div className="flex items-center gap-2">
                                  <Switch
                                    id={switchId}
                                    checked={a.visibleToHr}
                                    disabled={visibility.isPending && visibility.variables?.attributeId === a.id}
                                    onCheckedChange={(on) => visibility.mutate({ attributeId: a.id, visibleToHr: on })}
                                  />
                                  <Label htmlFor={switchId} className="font-normal">
                                    <span className="sr-only">{t("policyConfig.attributesPage.visibleFor", { attribute: a.label })} </span>
                                    {a.visibleToHr ? t("policyConfig.attributesPage.visible") : t("policyConfig.attributesPage.hidden")}
                                  </Label>
                                </div>
                              </TableCell>
                            </TableRow>
                          );
                        })}
                    </TableBody>
                  </Table>
                </Card>
              ))}
            </div>
          );
        }}
      </QueryView>
    </>
  );
}
