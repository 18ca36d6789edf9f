import { useBlocker } from "@tanstack/react-router";
import { useRef } from "react";
import { ConfirmDialog } from "./ui/alert-dialog.tsx";

/** The texts of the "leave this page?" dialog, already translated by the caller. */
export type LeaveGuardTexts = { title: string; description: string; leave: string; stay: string };

/**
 * Unsaved-change warning shared by the pages that have one (policy setup part 2 §4, wizard stage 2
 * part 1 §4, form builder part 2 §8, policy details): while `dirty` (a value, or a function read at
 * the moment of leaving), leaving the page (a link, Back, the browser's back, closing the tab) asks
 * first. `allowNextNavigation()` lets the page's own navigation after a successful save through.
 */
export function useLeaveGuard(dirty: boolean | (() => boolean), texts: LeaveGuardTexts) {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const isDirty = () => (typeof dirtyRef.current === "function" ? dirtyRef.current() : dirtyRef.current);
  const bypass = useRef(false);
  const blocker = useBlocker({
    shouldBlockFn: () => {
      if (bypass.current) {
        bypass.current = false;
        return false;
      }
      return isDirty();
    },
    enableBeforeUnload: () => isDirty() && !bypass.current,
    withResolver: true,
  });
  const dialog = (
    <ConfirmDialog
      open={blocker.status === "blocked"}
      onOpenChange={(open) => {
        if (!open && blocker.status === "blocked") blocker.reset();
      }}
      title={texts.title}
      description={texts.description}
      confirmLabel={texts.leave}
      cancelLabel={texts.stay}
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
