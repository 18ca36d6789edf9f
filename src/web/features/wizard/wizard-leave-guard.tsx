import { useBlocker } from "@tanstack/react-router";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";

/**
 * part 1 §4 "Stage 2 with unsaved changes warns": while `dirty`, leaving the stage (Back, the
 * breadcrumb, a link, the browser's back, closing the tab) asks first. `allowNextNavigation()`
 * lets the stage's own navigation after a successful save through.
 */
export function useWizardLeaveGuard(dirty: boolean) {
  const { t } = useTranslation();
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const bypass = useRef(false);
  const blocker = useBlocker({
    shouldBlockFn: () => {
      if (bypass.current) {
        bypass.current = false;
        return false;
      }
      return dirtyRef.current;
    },
    enableBeforeUnload: () => dirtyRef.current && !bypass.current,
    withResolver: true,
  });
  const dialog = (
    <ConfirmDialog
      open={blocker.status === "blocked"}
      onOpenChange={(open) => {
        if (!open && blocker.status === "blocked") blocker.reset();
      }}
      title={t("wizard.leaveTitle")}
      description={t("wizard.unsavedChanges")}
      confirmLabel={t("wizard.leave")}
      cancelLabel={t("wizard.stay")}
      destructive
      onConfirm={() => blocker.status === "blocked" && blocker.proceed()}
    />
  );
  return {
    dialog,
    allowNextNavigation: () => {
      bypass.current = true;
    },
  };
}
