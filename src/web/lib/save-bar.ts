/**
 * The save bar rule (part 1 §9 "Save bar sticks after 240 px scroll", part 2 §9 "Save bar sticks
 * after scrolling 240 px"): once the page is scrolled more than `SAVE_BAR_STICK_AFTER_PX`, the
 * page's save bar (src/web/components/save-bar.tsx) stays in view at the bottom of the window.
 */
import { useSyncExternalStore } from "react";

/** How far the page scrolls before the save bar sticks (the one place this number lives). */
export const SAVE_BAR_STICK_AFTER_PX = 240;

/** True when a page scrolled `scrollY` px down shows its save bar stuck in view. */
export function saveBarStuck(scrollY: number, threshold = SAVE_BAR_STICK_AFTER_PX): boolean {
  return scrollY > threshold;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener("scroll", onChange, { passive: true });
  window.addEventListener("resize", onChange);
  return () => {
    window.removeEventListener("scroll", onChange);
    window.removeEventListener("resize", onChange);
  };
}

/** Whether the save bar is stuck now; re-renders only when that changes. */
export function useSaveBarStuck(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => saveBarStuck(window.scrollY),
    () => false,
  );
}
