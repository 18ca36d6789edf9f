import { useQuery } from "@tanstack/react-query";
import { Download, Table2, Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { policyMessages } from "../../../domain/policy/messages.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "../../components/ui/dialog.tsx";
import { Label } from "../../components/ui/label.tsx";
import { ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { errorText } from "../../lib/errors.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { refreshDetails } from "./details-context.tsx";
import { moneyText, rateFrequencyLabel } from "./policy-format.ts";

/** The documented rates path of one budget group (part 2 §7): GET downloads, POST (multipart) uploads. */
export function ratesPath(budgetGroupRowId: number): string {
  return `/api/v1/policy/configuration/rates/budget-groups/${budgetGroupRowId}`;
}

type Outcome = { ok: boolean; text: string };

/** "File upload: success." / "File upload: failure." followed by the server's text (which may carry the prefix already). */
function withPrefix(prefix: string, text: string | undefined): string {
  if (!text) return prefix;
  return text.startsWith(prefix) ? text : `${prefix} ${text}`;
}

/**
 * Rates of a budget group: download the current rates (a spreadsheet, opened in a new window) and
 * upload a changed file. The upload button is enabled only once a file is chosen (part 2 §5).
 */
export function BudgetRates({ policyId, budgetGroupRowId, readOnly }: { policyId: number; budgetGroupRowId: number; readOnly: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setOutcome(null);
    try {
      const body = new FormData();
      body.set("policyId", String(policyId));
      body.set("file", file);
      const response = await fetch(ratesPath(budgetGroupRowId), { method: "POST", body, credentials: "same-origin" });
      const json = (await response.json().catch(() => null)) as { success?: boolean; message?: string; errorMessage?: string; errors?: { row: number; message: string }[] } | null;
      if (!json) {
        setOutcome({ ok: false, text: policyMessages.errorUploadingRates });
      } else if (json.success) {
        setOutcome({ ok: true, text: withPrefix(policyMessages.fileUploadSuccess, json.message) });
        setFile(null);
        if (input.current) input.current.value = "";
        await Promise.all([refreshDetails(), queryClient.invalidateQueries(trpc.policy.services.rates.queryFilter({ budgetGroupId: budgetGroupRowId }))]);
      } else {
        const rows = (json.errors ?? []).map((e) => e.message);
        setOutcome({ ok: false, text: [withPrefix(policyMessages.fileUploadFailure, json.message ?? json.errorMessage), ...rows].join(" ") });
      }
    } catch {
      setOutcome({ ok: false, text: policyMessages.errorUploadingRates });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-3 rounded-lg border border-border bg-muted/40 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-medium">{t("policyConfig.rates.title")}</p>
        <div className="flex flex-wrap gap-2">
          <RatesDialog budgetGroupRowId={budgetGroupRowId} />
          <Button variant="outline" size="sm" asChild>
            <a href={ratesPath(budgetGroupRowId)} target="_blank" rel="noopener">
              <Download aria-hidden="true" />
              {t("policyConfig.rates.download")}
            </a>
          </Button>
        </div>
      </div>
      {readOnly ? null : (
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-file`}>{t("policyConfig.rates.file")}</Label>
            <input
              ref={input}
              id={`${id}-file`}
              type="file"
              accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
              className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-surface file:px-3 file:py-1.5 file:text-sm file:font-medium"
              onChange={(e) => {
                setOutcome(null);
                setFile(e.target.files?.[0] ?? null);
              }}
            />
          </div>
          <Button size="sm" disabled={!file} busy={busy} onClick={() => void upload()}>
            <Upload aria-hidden="true" />
            {t("policyConfig.rates.upload")}
          </Button>
        </div>
      )}
      <div aria-live="polite" className="empty:hidden">
        {outcome ? (
          <Alert variant={outcome.ok ? "success" : "destructive"} role={outcome.ok ? "status" : "alert"}>
            {outcome.text}
          </Alert>
        ) : null}
      </div>
    </div>
  );
}

/** The budget group's rates in a dialog (part 2 §7 "rates/budget-groups/popup/{id}"). */
function RatesDialog({ budgetGroupRowId }: { budgetGroupRowId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Table2 aria-hidden="true" />
          {t("policyConfig.rates.view")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t("app.close")} className="max-w-3xl">
        <DialogTitle>{t("policyConfig.rates.title")}</DialogTitle>
        <DialogDescription>{t("policyConfig.rates.viewDescription")}</DialogDescription>
        {open ? <RatesTable budgetGroupRowId={budgetGroupRowId} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RatesTable({ budgetGroupRowId }: { budgetGroupRowId: number }) {
  const { t } = useTranslation();
  const rates = useQuery(trpc.policy.services.rates.queryOptions({ budgetGroupId: budgetGroupRowId }));
  if (rates.isPending) return <LoadingRows rows={3} className="p-0" />;
  if (rates.isError) {
    return <ErrorState message={errorText(rates.error, policyMessages.cannotLoadBudgetData)} retryLabel={t("app.retry")} onRetry={() => void rates.refetch()} className="py-6" />;
  }
  if (rates.data.rows.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{t("policyConfig.rates.none")}</p>;
  return (
    <div className="max-h-[60vh] overflow-y-auto rounded-lg border border-border">
      <Table>
        <caption className="sr-only">{t("policyConfig.rates.title")}</caption>
        <TableHeader>
          <TableRow>
            <TableHead>{t("policyConfig.rates.country")}</TableHead>
            <TableHead>{t("policyConfig.rates.city")}</TableHead>
            <TableHead>{t("policyConfig.rates.description")}</TableHead>
            <TableHead className="text-right">{t("policyConfig.budget.amount")}</TableHead>
            <TableHead>{t("policyConfig.rates.frequency")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rates.data.rows.map((r) => (
            <TableRow key={r.id}>
              <TableCell>{r.countryCode}</TableCell>
              <TableCell>{r.city}</TableCell>
              <TableCell>{r.description}</TableCell>
              <TableCell className="text-right tabular-nums">{moneyText(r.currency, r.amountText)}</TableCell>
              <TableCell>{rateFrequencyLabel(t, r.frequency)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
