import { useBlocker } from "@tanstack/react-router";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";

/**
 * "Unsaved policy changes trigger a leave-page warning" (part 2 §4): while `dirty`, leaving the page
 * (a link, back, closing the tab) asks first. `allowNextNavigation()` lets the page's own navigation
 * through (after a successful save that moves on).
 */
export function usePolicyLeaveGuard(dirty: boolean) {
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
    enableBeforeUnload: () => dirtyRef.current,
    withResolver: true,
  });
  const dialog = (
    <ConfirmDialog
      open={blocker.status === "blocked"}
      onOpenChange={(open) => {
        if (!open && blocker.status === "blocked") blocker.reset();
      }}
      title={t("policy.leaveTitle")}
      description={t("policy.leaveWarning")}
      confirmLabel={t("policy.leave")}
      cancelLabel={t("policy.stay")}
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
