import { useLayoutEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSaveBarStuck } from "../lib/save-bar.ts";
import { cn } from "../lib/utils.ts";

/**
 * A page's save bar (its save, status and next-step actions), the same on every page that has one:
 * in its place while the page is near the top; once the page is scrolled more than 240 px
 * (`SAVE_BAR_STICK_AFTER_PX`, src/web/lib/save-bar.ts) it sticks to the bottom of the window, so
 * the actions and the save status stay in view. Its place keeps its height meanwhile, so the page
 * does not jump. A bar with nothing to show (`active` false) stays in its place.
 */
export function SaveBar({
  children,
  className,
  label,
  active = true,
}: {
  children: ReactNode;
  className?: string;
  label?: string;
  /** False while the bar has nothing to show (it then stays in its place, empty). */
  active?: boolean;
}) {
  const { t } = useTranslation();
  const stuck = useSaveBarStuck() && active;
  const bar = useRef<HTMLDivElement>(null);
  const height = useRef(0);
  // The bar's height in its place, kept for the placeholder while it is stuck.
  useLayoutEffect(() => {
    if (!stuck && bar.current) height.current = bar.current.offsetHeight;
  });
  // While stuck, the page gets room at its end, so the bar never hides the last of the content.
  useLayoutEffect(() => {
    if (!stuck || !bar.current) return;
    const body = document.body.style;
    const before = body.paddingBottom;
    body.paddingBottom = `${bar.current.offsetHeight}px`;
    return () => {
      body.paddingBottom = before;
    };
  }, [stuck]);
  return (
    <div data-testid="save-bar-slot" style={stuck ? { minHeight: height.current } : undefined}>
      <div
        ref={bar}
        role="region"
        aria-label={label ?? t("saveBar.label")}
        data-testid="save-bar"
        data-stuck={stuck ? "true" : "false"}
        className={cn(
          stuck
            ? "fixed inset-x-0 bottom-0 z-30 border-t border-border bg-surface/95 px-4 py-3 shadow-dialog backdrop-blur supports-[backdrop-filter]:bg-surface/85 tablet:px-6 desktop:px-8"
            : undefined,
        )}
      >
        <div className={cn(stuck && "mx-auto max-w-7xl", className)}>{children}</div>
      </div>
    </div>
  );
}
