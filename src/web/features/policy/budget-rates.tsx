import { Download, Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { policyMessages } from "../../../domain/policy/messages.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Label } from "../../components/ui/label.tsx";
import { refreshDetails } from "./details-context.tsx";

/** The documented rates path of one budget group (part 2 §7): GET downloads, POST (multipart) uploads. */
export function ratesPath(budgetGroupRowId: number): string {
  return `/api/v1/policy/configuration/rates/budget-groups/${budgetGroupRowId}`;
}

type Outcome = { ok: boolean; text: string };

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
        setOutcome({ ok: true, text: [policyMessages.fileUploadSuccess, json.message].filter(Boolean).join(" ") });
        setFile(null);
        if (input.current) input.current.value = "";
        await refreshDetails();
      } else {
        const rows = (json.errors ?? []).map((e) => t("policyConfig.rates.rowError", { row: e.row, message: e.message }));
        setOutcome({ ok: false, text: [policyMessages.fileUploadFailure, json.errorMessage ?? json.message, ...rows].filter(Boolean).join(" ") });
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
        <Button variant="outline" size="sm" asChild>
          <a href={ratesPath(budgetGroupRowId)} target="_blank" rel="noopener">
            <Download aria-hidden="true" />
            {t("policyConfig.rates.download")}
          </a>
        </Button>
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
