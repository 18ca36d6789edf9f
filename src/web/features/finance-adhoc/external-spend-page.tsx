/**
 * /finance/external-spend/new — external spend creation (spec part 2 §2 "External spend creation"): money
 * paid outside Meridian recorded against a service of a move (approved at once; it counts as actual
 * spend). HR and managers (with the external-spend switch) of a group work in their own group; finance
 * and admins pick one. The server checks the role, the group, the switch and the move.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ADHOC_TEXT_MAX } from "../../../domain/finance/amounts.ts";
import { financeMessages as FM } from "../../../domain/finance/messages.ts";
import type { TAdhocItem } from "../../../domain/finance/schemas-adhoc.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { formatMajorMoney } from "../../lib/format.ts";
import { useSignedInUser } from "../../lib/session.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { CURRENCIES, fieldsOf, GroupMovePicker, newKey, todayIso } from "./shared.tsx";
import { currencyLabel } from "../../lib/format.ts";

export function ExternalSpendPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const [group, setGroup] = useState(user.group?.name ?? "");
  const [moveId, setMoveId] = useState<number | null>(null);
  const [service, setService] = useState("");
  const [vendorName, setVendorName] = useState("");
  const [description, setDescription] = useState("");
  const [currency, setCurrency] = useState("EUR");
  const [gross, setGross] = useState("");
  const [net, setNet] = useState("");
  const [tax, setTax] = useState("");
  const [spendDate, setSpendDate] = useState(todayIso());
  const [externalRef, setExternalRef] = useState("");
  const [notes, setNotes] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<TAdhocItem | null>(null);
  const [key, setKey] = useState(newKey);
  const options = useQuery({ ...trpc.finance.adhoc.moveOptions.queryOptions({ group, moveId: moveId ?? 0 }), enabled: group !== "" && moveId !== null });
  const create = useMutation(trpc.finance.adhoc.createExternalSpend.mutationOptions());
  const textError = (v: string) => (v.length > ADHOC_TEXT_MAX ? FM.adhocMax255 : undefined);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setCreated(null);
    const found: Record<string, string> = {};
    if (moveId === null) found.moveId = t("financeAdhoc.chooseMove", "Choose the employee's move");
    if (!service) found.serviceKey = t("financeAdhoc.chooseService", "Please select a service of the move");
    if (!gross.trim()) found.gross = FM.amountRequired;
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setFailure(Object.values(found)[0] ?? null);
      return;
    }
    const [stage, serviceKey] = service.split(":");
    setErrors({});
    setFailure(null);
    create.mutate(
      {
        group,
        moveId: moveId!,
        moveStage: Number(stage),
        serviceKey: serviceKey ?? "",
        vendorName,
        description,
        currency,
        gross,
        net: net || undefined,
        tax: tax || undefined,
        spendDate,
        externalRef,
        notes,
        idempotencyKey: key,
      },
      {
        onSuccess: ({ item }) => {
          setCreated(item);
          setKey(newKey());
          setGross("");
          setNet("");
          setTax("");
          setVendorName("");
          setDescription("");
          setExternalRef("");
          setNotes("");
          void queryClient.invalidateQueries({ queryKey: trpc.finance.adhoc.list.queryKey() });
        },
        onError: (error) => {
          setErrors(fieldsOf(error));
          setFailure(serverMessage(error) ?? FM.productTeamError);
        },
      },
    );
  };

  return (
    <div data-testid="external-spend-page">
      <PageHeader title={t("financeAdhoc.externalTitle", "New external spend")} description={t("financeAdhoc.externalIntro", "Record money paid outside Meridian against a service of an employee's move. It counts as actual spend at once.")} />
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle>{t("financeAdhoc.whoTitle", "Employee")}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <GroupMovePicker user={user} group={group} onGroup={setGroup} moveId={moveId} onMove={(id) => (setMoveId(id), setService(""))} moveError={errors.moveId} />
            <FormField label={t("financeAdhoc.service", "Service")} required error={errors.serviceKey}>
              {(field) => (
                <NativeSelect {...field} value={service} onChange={(e) => setService(e.target.value)} disabled={moveId === null} data-testid="service-select">
                  <option value="">{options.isFetching ? t("financeAdhoc.loading", "Loading…") : t("financeAdhoc.chooseService", "Please select a service of the move")}</option>
                  {(options.data?.services ?? []).map((s) => (
                    <option key={`${s.moveStage}:${s.serviceKey}`} value={`${s.moveStage}:${s.serviceKey}`}>
                      {t("financeAdhoc.stageN", { n: s.moveStage, defaultValue: "Stage {{n}}" })} · {s.title}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("financeAdhoc.spendDetails", "What was paid")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 tablet:grid-cols-2">
            <FormField label={t("financeAdhoc.vendor", "Paid to")} error={errors.vendorName ?? textError(vendorName)}>
              {(field) => <Input {...field} value={vendorName} onChange={(e) => setVendorName(e.target.value)} data-testid="vendor" />}
            </FormField>
            <FormField label={t("financeAdhoc.spendDate", "Date paid")} required error={errors.spendDate}>
              {(field) => <Input {...field} type="date" value={spendDate} onChange={(e) => setSpendDate(e.target.value)} data-testid="spend-date" />}
            </FormField>
            <FormField label={t("financeAdhoc.gross", "Gross amount")} required error={errors.gross}>
              {(field) => <Input {...field} inputMode="decimal" className="text-right tabular-nums" value={gross} onChange={(e) => setGross(e.target.value)} data-testid="gross" />}
            </FormField>
            <FormField label={t("financeAdhoc.currency", "Currency")} required>
              {(field) => (
                <NativeSelect {...field} value={currency} onChange={(e) => setCurrency(e.target.value)}>
                  {CURRENCIES.map((c) => (
                    <option key={c} value={c}>
                      {currencyLabel(c)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label={t("financeAdhoc.net", "Net amount (optional)")} error={errors.net}>
              {(field) => <Input {...field} inputMode="decimal" className="text-right tabular-nums" value={net} onChange={(e) => setNet(e.target.value)} />}
            </FormField>
            <FormField label={t("financeAdhoc.tax", "Tax amount (optional)")} error={errors.tax}>
              {(field) => <Input {...field} inputMode="decimal" className="text-right tabular-nums" value={tax} onChange={(e) => setTax(e.target.value)} />}
            </FormField>
            <FormField label={t("financeAdhoc.description", "Description")} error={errors.description ?? textError(description)}>
              {(field) => <Input {...field} value={description} onChange={(e) => setDescription(e.target.value)} />}
            </FormField>
            <FormField label={t("financeAdhoc.externalRef", "External reference")} error={errors.externalRef ?? textError(externalRef)}>
              {(field) => <Input {...field} value={externalRef} onChange={(e) => setExternalRef(e.target.value)} />}
            </FormField>
            <FormField label={t("financeAdhoc.notes", "Notes")} error={errors.notes ?? textError(notes)} className="tablet:col-span-2">
              {(field) => <Textarea {...field} rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} />}
            </FormField>
          </CardContent>
        </Card>
        {failure ? <Alert variant="destructive">{failure}</Alert> : null}
        {created ? (
          <Alert variant="success" data-testid="spend-created">
            {t("financeAdhoc.spendCreated", { id: created.id, amount: formatMajorMoney(created.gross, created.currency), defaultValue: "External spend #{{id}} of {{amount}} recorded." })}
          </Alert>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" busy={create.isPending} data-testid="submit-spend">
            {t("financeAdhoc.submitSpend", "Record external spend")}
          </Button>
        </div>
      </form>
      <RecentSpends group={group} />
    </div>
  );
}

/** The newest external spends of the group, so a recorded one is seen at once. */
function RecentSpends({ group }: { group: string }) {
  const { t } = useTranslation();
  const list = useQuery({ ...trpc.finance.adhoc.list.queryOptions({ group, kind: "externalSpend", limit: 10 }), enabled: group !== "" });
  if (group === "" || !list.data || list.data.items.length === 0) return null;
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>{t("financeAdhoc.recentSpends", "Recent external spends")}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y text-sm" data-testid="recent-spends">
          {list.data.items.map((i) => (
            <li key={i.id} className="flex items-start justify-between gap-3 py-2">
              <span className="min-w-0">
                <span className="font-medium">{i.employeeName}</span> · {i.serviceKey} · {i.vendorName ?? "—"} · {i.date}
              </span>
              <span className="shrink-0 text-right tabular-nums">{formatMajorMoney(i.gross, i.currency)}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
