/**
 * Opens one expense of the list when the URL names it (`/expenses?expense=12`, a notification's link,
 * issue 24 §3): once its row has rendered it is scrolled into view, outlined and given focus, so the
 * employee lands on the expense the notification is about (its state, dates and reason).
 */
import { useEffect } from "react";

const WAIT_MS = 15_000;
const MARK = ["ring-2", "ring-primary", "rounded-md"];

export function FocusExpense({ id }: { id: number | undefined }) {
  useEffect(() => {
    if (id === undefined) return;
    let done = false;
    const tryFocus = () => {
      if (done) return;
      const row = document.querySelector<HTMLElement>(`[data-expense-id="${id}"]`);
      if (!row) return;
      done = true;
      row.classList.add(...MARK);
      row.setAttribute("data-focused", "true");
      if (!row.hasAttribute("tabindex")) row.setAttribute("tabindex", "-1");
      row.scrollIntoView({ block: "center" });
      row.focus({ preventScroll: true });
    };
    const observer = new MutationObserver(tryFocus);
    observer.observe(document.body, { childList: true, subtree: true });
    tryFocus();
    const stop = setTimeout(() => observer.disconnect(), WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(stop);
    };
  }, [id]);
  return null;
}
