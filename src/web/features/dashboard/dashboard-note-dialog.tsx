/**
 * The manager dashboard's note dialog, opened from a row's edit button in the table (dashboard-table.tsx); on
 * close, focus goes back to that button.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TDashboardRow } from "../../../domain/manager/dashboard/schemas.ts";
import { HR_NOTES_MAX } from "../../../domain/moves/employee-file/schemas.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { errorText } from "../../lib/errors.ts";
import { useSignedInUser } from "../../lib/session.ts";
import { trpc } from "../../lib/trpc.ts";
import { cn } from "../../lib/utils.ts";
import { nameOf } from "./dashboard-table.tsx";

/**
 * The note of one row (part 1 §7 addEmployeeNote: uid, mid, notes): a textarea of up to HR_NOTES_MAX characters,
 * saved through dashboard.addNote with Saving… / Saved / the failure and Retry; the table reloads after a save.
 */
export function NoteDialog({ group, row, opener, onClose }: { group: string; row: TDashboardRow; opener: HTMLElement; onClose: () => void }) {
  const { t } = useTranslation();
  const role = useSignedInUser().role;
  const id = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState(row.note ?? "");
  const save = useMutation(
    trpc.dashboard.addNote.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.dashboard.rows.pathKey() }),
    }),
  );
  const tooLong = text.length > HR_NOTES_MAX;
  const submit = () => {
    if (tooLong || save.isPending) return;
    save.mutate({ group, uid: row.id, mid: row.moveId, notes: text });
  };
  const savedText = save.isSuccess && save.data.note === text;
  return (
    <Dialog open onOpenChange={(open) => (!open ? onClose() : undefined)}>
      <DialogContent
        closeLabel={t("dashboard.close")}
        aria-describedby={`${id}-description`}
        onCloseAutoFocus={(e) => {
          // Back to the row's edit button (the dialog has no trigger of its own); it stays in the DOM across the reload of the rows.
          e.preventDefault();
          if (opener.isConnected) opener.focus();
        }}
      >
        <DialogTitle>{t("dashboard.noteTitle", { name: nameOf(row) })}</DialogTitle>
        <DialogDescription id={`${id}-description`}>{t(role === "MANAGER" ? "dashboard.noteDescriptionManager" : "dashboard.noteDescription")}</DialogDescription>
        <form
          className="flex flex-col gap-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Label htmlFor={`${id}-note`}>{t("dashboard.noteLabel")}</Label>
          <Textarea
            id={`${id}-note`}
            rows={6}
            value={text}
            maxLength={HR_NOTES_MAX}
            aria-invalid={tooLong || undefined}
            aria-describedby={`${id}-count`}
            onChange={(e) => setText(e.target.value)}
            data-testid="dashboard-note-text"
          />
          <p id={`${id}-count`} className={cn("text-[13px]", tooLong ? "text-destructive" : "text-muted-foreground")}>
            {tooLong ? t("dashboard.noteTooLong") : t("dashboard.noteCount", { count: text.length, max: HR_NOTES_MAX })}
          </p>
          <div aria-live="polite" className="flex min-h-5 flex-wrap items-center gap-2 text-[13px]" data-testid="dashboard-note-status" data-status={save.status}>
            {save.isPending ? (
              <span className="inline-flex items-center gap-1.5 text-muted-foreground">
                <Spinner className="size-3.5" />
                {t("autosave.saving")}
              </span>
            ) : savedText ? (
              <span className="font-medium text-success-foreground">{t("autosave.saved")}</span>
            ) : null}
          </div>
          <div role="alert" className="empty:hidden">
            {save.isError ? (
              <Alert variant="destructive" className="flex flex-wrap items-center justify-between gap-2">
                <span>{errorText(save.error, t("dashboard.saveFailed"))}</span>
                <Button type="button" variant="outline" size="sm" onClick={submit}>
                  {t("autosave.retry")}
                </Button>
              </Alert>
            ) : null}
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="ghost" onClick={onClose}>
              {savedText ? t("dashboard.close") : t("dashboard.cancel")}
            </Button>
            <Button type="submit" busy={save.isPending} disabled={save.isPending || tooLong}>
              {t("dashboard.saveNote")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
