import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLeaveGuard } from "../../components/leave-guard.tsx";

/**
 * Unsaved-changes tracking for the policy details and popup editor (part 2 §4 "Unsaved policy
 * changes trigger a leave-page warning"). Fields save on blur; while a field holds typed text that
 * is not saved yet it marks itself dirty, and leaving the page (a link, back, closing the tab) asks
 * first.
 */
type UnsavedApi = { setDirty: (key: string, dirty: boolean) => void };

const UnsavedContext = createContext<UnsavedApi>({ setDirty: () => undefined });

export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const dirtyKeys = useRef(new Set<string>());
  const [dirtyCount, setDirtyCount] = useState(0);
  const setDirty = useCallback((key: string, dirty: boolean) => {
    const had = dirtyKeys.current.has(key);
    if (dirty && !had) dirtyKeys.current.add(key);
    else if (!dirty && had) dirtyKeys.current.delete(key);
    else return;
    setDirtyCount(dirtyKeys.current.size);
  }, []);
  const guard = useLeaveGuard(() => dirtyKeys.current.size > 0, {
    title: t("policyConfig.unsaved.title"),
    description: t("policyConfig.unsaved.description"),
    leave: t("policyConfig.unsaved.leave"),
    stay: t("policyConfig.unsaved.stay"),
  });
  const api = useMemo(() => ({ setDirty }), [setDirty]);
  return (
    <UnsavedContext.Provider value={api}>
      {children}
      <span hidden data-testid="unsaved-count">
        {dirtyCount}
      </span>
      {guard.dialog}
    </UnsavedContext.Provider>
  );
}

/** Marks `key` dirty while `dirty` is true (and clean again when the field unmounts). */
export function useUnsaved(key: string, dirty: boolean): void {
  const { setDirty } = useContext(UnsavedContext);
  useEffect(() => {
    setDirty(key, dirty);
  }, [key, dirty, setDirty]);
  useEffect(() => () => setDirty(key, false), [key, setDirty]);
}
