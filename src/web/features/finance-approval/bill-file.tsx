import { Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TBillDetail } from "../../../domain/finance/schemas-approval.ts";
import { MAX_FILE_BYTES } from "../../../domain/employee/files/limits.ts";
import { fileMessages } from "../../../domain/employee/files/messages.ts";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { Button } from "../../components/ui/button.tsx";

const BILL_FILE_PATH = "/accountmanagement/billapproval/uploadBillFile";
const BILL_FILE_DOWNLOAD_PATH = "/accountmanagement/billapproval/billFile";

/** The bill file: upload (≤ 20 971 520 bytes) through the files service; replacing one asks first (§5). */
export function BillFile({ detail, file, disabled, onUploaded }: { detail: TBillDetail; file: TBillDetail["file"]; disabled: boolean; onUploaded: (file: NonNullable<TBillDetail["file"]>) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const upload = async (chosen: File) => {
    setPending(null);
    if (chosen.size === 0) return setError(fileMessages.fileMandatory);
    if (chosen.size > MAX_FILE_BYTES) return setError(fileMessages.fileTooLarge);
    const body = new FormData();
    body.append("id", String(detail.id));
    body.append("type", detail.kind);
    body.append("file", chosen, chosen.name);
    setBusy(true);
    setError(null);
    setStatus(null);
    try {
      const res = await fetch(BILL_FILE_PATH, { method: "POST", body, credentials: "same-origin" });
      const answer = (await res.json().catch(() => null)) as { success?: boolean; id?: number | null; fileName?: string | null; errorMessage?: string | null } | null;
      if (!res.ok || !answer?.success || !answer.id) {
        setError(answer?.errorMessage || t("financeApproval.fileFailed"));
        return;
      }
      onUploaded({ id: answer.id, name: answer.fileName ?? chosen.name, size: chosen.size });
      setStatus(t("financeApproval.fileUploaded", { name: answer.fileName ?? chosen.name }));
    } catch {
      setError(t("financeApproval.fileFailed"));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium" id={`${id}-label`}>
        {t("financeApproval.billFile")}
      </span>
      <p className="flex flex-wrap gap-x-3 text-sm">
        <span data-testid="bill-file-name">{file ? t("financeApproval.fileCurrent", { name: file.name }) : t("financeApproval.noFile")}</span>
        {file ? (
          <a className="font-medium text-primary underline underline-offset-2" href={`${BILL_FILE_DOWNLOAD_PATH}?fileId=${file.id}`} data-testid="bill-file-download">
            {t("financeApproval.downloadFile", { name: file.name })}
          </a>
        ) : null}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={`${id}-input`}
          type="file"
          className="sr-only"
          aria-labelledby={`${id}-label`}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          disabled={disabled || busy}
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            if (!chosen) return;
            if (file) setPending(chosen);
            else void upload(chosen);
          }}
          data-testid="bill-file-input"
        />
        <Button type="button" variant="outline" size="sm" busy={busy} disabled={disabled} onClick={() => input.current?.click()}>
          <Upload aria-hidden className="size-4" />
          {file ? t("financeApproval.replaceFile") : t("financeApproval.uploadFile")}
        </Button>
        <span id={`${id}-hint`} className="text-[13px] text-muted-foreground">
          {t("financeApproval.fileHint")}
        </span>
      </div>
      <div role="status" aria-live="polite" className="empty:hidden text-[13px]">
        {status}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive" data-testid="bill-file-error">
          {error}
        </p>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) {
            setPending(null);
            if (input.current) input.current.value = "";
          }
        }}
        title={t("financeApproval.replaceTitle")}
        description={t("financeApproval.replaceDescription", { name: file?.name ?? "", next: pending?.name ?? "" })}
        confirmLabel={t("financeApproval.replaceFile")}
        cancelLabel={t("financeApproval.cancel")}
        onConfirm={() => pending && void upload(pending)}
      />
    </div>
  );
}
