import { useMutation, useQuery } from "@tanstack/react-query";
import { useMemo, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { financeMessages as FM } from "../../../domain/finance/messages.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input } from "../../components/ui/input.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { errorText } from "../../lib/errors.ts";
import { formatDate } from "../../lib/format.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";

/**
 * /finance/lock-periods (part 2 §2 "Lock periods screen"; §3 periodName, lockDate; §5 "Please fill in
 * both period name and lock date"): the periods, the latest marked (it governs), and the add form.
 */
export function FinanceLockPeriodsPage() {
  const { t } = useTranslation();
  const options = trpc.finance.accounts.lockPeriods.queryOptions();
  const query = useQuery(options);
  const [form, setForm] = useState({ periodName: "", lockDate: "" });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const key = useMemo(() => crypto.randomUUID(), [form.periodName, form.lockDate]);
  const save = useMutation(
    trpc.finance.accounts.saveLockPeriod.mutationOptions({
      onSuccess: (r, vars) => {
        queryClient.setQueryData(options.queryKey, r);
        setNotice(t("financeAccounts.periodAdded", { name: vars.periodName }));
        setForm({ periodName: "", lockDate: "" });
      },
      onError: (e) => setError(errorText(e, FM.productTeamError)),
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    if (form.periodName.trim() === "" || form.lockDate === "") {
      setError(FM.lockPeriodFields);
      return;
    }
    setError(null);
    save.mutate({ periodName: form.periodName.trim(), lockDate: form.lockDate, idempotencyKey: key });
  };
  const latest = query.data?.lockPeriods.reduce<string | null>((m, p) => (m === null || p.lockDate > m ? p.lockDate : m), null) ?? null;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader eyebrow={t("financeAccounts.eyebrow")} title={t("financeAccounts.lockPeriodsTitle")} description={t("financeAccounts.lockPeriodsDescription")} />
      <Card>
        <CardHeader>
          <CardTitle>{t("financeAccounts.addPeriod")}</CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate className="flex flex-col gap-4 tablet:flex-row tablet:items-start">
            <FormField label={t("financeAccounts.periodName")} required className="tablet:w-64" error={error && form.periodName.trim() === "" ? error : null}>
              {(f) => <Input {...f} maxLength={50} value={form.periodName} onChange={(e) => setForm({ ...form, periodName: e.target.value })} />}
            </FormField>
            <FormField label={t("financeAccounts.lockDate")} required className="tablet:w-56" error={error && form.lockDate === "" && form.periodName.trim() !== "" ? error : null}>
              {(f) => <Input {...f} type="date" value={form.lockDate} onChange={(e) => setForm({ ...form, lockDate: e.target.value })} />}
            </FormField>
            <Button type="submit" busy={save.isPending} className="tablet:mt-7">
              {t("financeAccounts.addPeriod")}
            </Button>
          </form>
          <div role="status" aria-live="polite" className="mt-4 empty:hidden">
            {notice ? <Alert variant="success">{notice}</Alert> : null}
            {error && form.periodName.trim() !== "" && form.lockDate !== "" ? (
              <Alert variant="destructive" role="alert">
                {error}
              </Alert>
            ) : null}
          </div>
        </CardContent>
      </Card>
      <Card className="min-w-0 overflow-hidden">
        {query.isPending ? (
          <LoadingRows rows={3} />
        ) : query.isError || !query.data ? (
          <ErrorState message={errorText(query.error, t("error.generic"))} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />
        ) : query.data.lockPeriods.length === 0 ? (
          <EmptyState title={t("financeAccounts.noPeriods")} />
        ) : (
          <Table>
            <TableCaption>{t("financeAccounts.lockPeriodsTitle")}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>{t("financeAccounts.periodName")}</TableHead>
                <TableHead>{t("financeAccounts.lockDate")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {[...query.data.lockPeriods].reverse().map((p) => (
                <TableRow key={p.id}>
                  <TableCell className="font-medium">{p.periodName}</TableCell>
                  <TableCell>
                    <span className="flex flex-wrap items-center gap-2">
                      {formatDate(p.lockDate)}
                      {p.lockDate === latest ? <Badge variant="info">{t("financeAccounts.latest")}</Badge> : null}
                    </span>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Card>
    </div>
  );
}
