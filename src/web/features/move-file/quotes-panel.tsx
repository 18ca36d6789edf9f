/**
 * The Supplier quotes panel of the HR move page (issue 14 comparison page): the move's quotes with their
 * status, and the "Add quote" form (quotes.add: a service and stage of the move's policy, supplier,
 * onshore / international, amount and currency, valid until, details, optional location and
 * coordinates). The employee compares and books them on /comparison.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { QUOTE_SCOPES, ZAddQuoteRequest, type QuoteScope } from "../../../domain/employee/quotes/quotes.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { currencyLabel, formatDate, formatMajorMoney } from "../../lib/format.ts";
import { textsChunk } from "../../lib/i18n.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { payableCurrencyCodes } from "../../../domain/money/currencies.ts";

type Ref = { group: string; employeeId: number; moveId: number };

const quotesTexts = textsChunk(() => import("../../../domain/i18n/en-social.ts").then((m) => m.enSocial));

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const empty = { serviceRef: "", companyName: "", scope: "ONSHORE" as QuoteScope, amount: "", currency: "USD", validUntil: inDays(30), details: "", location: "", latitude: "", longitude: "" };

export function QuotesPanel(ref: Ref) {
  const { t } = useTranslation();
  const texts = useQuery({ queryKey: ["texts", "social"], queryFn: () => quotesTexts.preload().then(() => true), staleTime: Infinity });
  const query = useQuery({ ...trpc.quotes.list.queryOptions({ moveId: ref.moveId }), retry: false, refetchOnWindowFocus: false });
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const add = useMutation(
    trpc.quotes.add.mutationOptions({
      onSuccess: async () => {
        setForm({ ...empty, serviceRef: form.serviceRef, currency: form.currency });
        setDone(t("quotesPanel.added"));
        await queryClient.invalidateQueries({ queryKey: trpc.quotes.list.queryKey() });
      },
      onError: (e) => setErrors({ form: serverMessage(e) ?? t("comparison.bookFailed") }),
    }),
  );
  const set = (k: keyof typeof empty) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const [stage, service] = form.serviceRef ? [Number(form.serviceRef.split(":")[0]), form.serviceRef.split(":")[1]] : [undefined, undefined];
    const input = {
      group: ref.group, moveId: ref.moveId, service, moveStage: stage, companyName: form.companyName, scope: form.scope, amount: form.amount, currency: form.currency,
      validUntil: form.validUntil, details: form.details, location: form.location, latitude: form.latitude, longitude: form.longitude,
    };
    const parsed = ZAddQuoteRequest.safeParse(input);
    if (!parsed.success || !service) {
      const next: Record<string, string> = {};
      if (!service) next.service = t("quotesPanel.choose");
      for (const issue of parsed.success ? [] : parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    add.mutate({ ...parsed.data, group: ref.group });
  };

  return (
    <Card className="min-w-0 desktop:col-span-2" data-testid="quotes-panel">
      <section aria-labelledby="panel-quotes">
        <CardHeader>
          <CardTitle id="panel-quotes">{t("quotesPanel.title", "Supplier quotes")}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          {query.isPending || texts.isPending ? (
            <LoadingRows rows={2} />
          ) : query.isError ? (
            <ErrorState message={serverMessage(query.error) ?? t("comparison.loadFailed")} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />
          ) : (
            <>
              {query.data.quotes.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("quotesPanel.none")}</p>
              ) : (
                <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
                  {query.data.quotes.map((q) => (
                    <li key={q.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm" data-quote={q.companyName}>
                      <span className="min-w-0 break-words">
                        <span className="font-medium text-foreground">{q.companyName}</span> <span className="text-muted-foreground">· {q.serviceTitle} · {q.moveStageName} · {t(`comparison.scope.${q.scope}`)}</span>
                      </span>
                      <span className="flex flex-wrap items-center gap-2">
                        <span className="tabular-nums">{formatMajorMoney(q.amount, q.currency)}</span>
                        <Badge variant={q.status === "BOOKED" ? "success" : q.expired || q.status === "DECLINED" ? "neutral" : "info"}>
                          {q.expired ? t("comparison.expired", { date: formatDate(q.validUntil) }) : t(`comparison.status.${q.status}`)}
                        </Badge>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              <form onSubmit={onSubmit} noValidate className="grid gap-4 md:grid-cols-2" aria-label={t("quotesPanel.add")}>
                <FormField label={t("quotesPanel.service")} error={errors.service ?? errors.moveStage} required>
                  {(field) => (
                    <NativeSelect {...field} value={form.serviceRef} onChange={set("serviceRef")}>
                      <option value="">{t("quotesPanel.choose")}</option>
                      {query.data.services.map((s) => (
                        <option key={`${s.moveStage}:${s.service}`} value={`${s.moveStage}:${s.service}`}>
                          {s.title} · {s.moveStageName}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </FormField>
                <FormField label={t("quotesPanel.company")} error={errors.companyName} required>
                  {(field) => <Input {...field} value={form.companyName} onChange={set("companyName")} maxLength={120} />}
                </FormField>
                <FormField label={t("quotesPanel.scope")} error={errors.scope} required>
                  {(field) => (
                    <NativeSelect {...field} value={form.scope} onChange={set("scope")}>
                      {QUOTE_SCOPES.map((s) => (
                        <option key={s} value={s}>
                          {t(`comparison.scope.${s}`)}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </FormField>
                <div className="grid grid-cols-[1fr_6rem] gap-3">
                  <FormField label={t("quotesPanel.amount")} error={errors.amount} required>
                    {(field) => <Input {...field} value={form.amount} onChange={set("amount")} inputMode="decimal" />}
                  </FormField>
                  <FormField label={t("quotesPanel.currency")} error={errors.currency} required>
                    {(field) => (
                      <NativeSelect {...field} value={form.currency} onChange={set("currency")}>
                        <option value="">{t("quotesPanel.chooseCurrency", "Choose a currency")}</option>
                        {payableCurrencyCodes().map((c) => (
                          <option key={c} value={c}>
                            {currencyLabel(c)}
                          </option>
                        ))}
                      </NativeSelect>
                    )}
                  </FormField>
                </div>
                <FormField label={t("quotesPanel.validUntil")} error={errors.validUntil} required>
                  {(field) => <Input {...field} type="date" value={form.validUntil} onChange={set("validUntil")} />}
                </FormField>
                <FormField label={t("quotesPanel.location")} error={errors.location}>
                  {(field) => <Input {...field} value={form.location} onChange={set("location")} maxLength={120} />}
                </FormField>
                <div className="grid grid-cols-2 gap-3">
                  <FormField label={t("quotesPanel.latitude")} error={errors.latitude}>
                    {(field) => <Input {...field} value={form.latitude} onChange={set("latitude")} inputMode="decimal" />}
                  </FormField>
                  <FormField label={t("quotesPanel.longitude")} error={errors.longitude}>
                    {(field) => <Input {...field} value={form.longitude} onChange={set("longitude")} inputMode="decimal" />}
                  </FormField>
                </div>
                <FormField label={t("quotesPanel.details")} error={errors.details} className="md:col-span-2">
                  {(field) => <Textarea {...field} value={form.details} onChange={set("details")} maxLength={2000} rows={3} />}
                </FormField>
                <div className="flex flex-col gap-3 md:col-span-2">
                  {errors.form ? (
                    <Alert variant="destructive" role="alert">
                      {errors.form}
                    </Alert>
                  ) : null}
                  {done ? (
                    <Alert variant="success" role="status">
                      {done}
                    </Alert>
                  ) : null}
                  <div>
                    <Button type="submit" busy={add.isPending}>
                      {add.isPending ? t("quotesPanel.adding") : t("quotesPanel.add")}
                    </Button>
                  </div>
                </div>
              </form>
            </>
          )}
        </CardContent>
      </section>
    </Card>
  );
}
