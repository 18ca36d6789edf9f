import { Check, CircleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { errorText } from "../lib/errors.ts";
import type { Autosave } from "../lib/use-autosave.ts";
import { cn } from "../lib/utils.ts";
import { Button } from "./ui/button.tsx";
import { Spinner } from "./ui/spinner.tsx";

/**
 * The state of a record's autosave, the same everywhere: "Saving…", "Saved", or the failure with
 * a Retry button. A polite live region (always present, so changes are announced).
 */
export function AutosaveStatus({ autosave, failureText, className }: { autosave: Autosave<never>; failureText: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <div aria-live="polite" data-testid="autosave-status" data-status={autosave.status} className={cn("flex min-h-5 flex-wrap items-center gap-2 text-[13px]", className)}>
      {autosave.status === "saving" ? (
        <span className="inline-flex items-center gap-1.5 text-muted-foreground">
          <Spinner className="size-3.5" />
          {t("autosave.saving")}
        </span>
      ) : autosave.status === "saved" ? (
        <span className="inline-flex items-center gap-1.5 text-success-foreground">
          <Check aria-hidden="true" className="size-3.5" />
          {t("autosave.saved")}
        </span>
      ) : autosave.status === "error" ? (
        <>
          <span className="inline-flex items-center gap-1.5 font-medium text-destructive" data-testid="autosave-error">
            <CircleAlert aria-hidden="true" className="size-3.5 shrink-0" />
            {errorText(autosave.error, failureText)}
          </span>
          <Button type="button" variant="outline" size="sm" onClick={autosave.retry}>
            {t("autosave.retry")}
          </Button>
        </>
      ) : null}
    </div>
  );
}
