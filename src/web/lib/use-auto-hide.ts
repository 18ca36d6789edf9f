import { useCallback, useEffect, useState } from "react";
import { FORM_ERROR_HIDE_MS } from "./timeouts.ts";

/**
 * A message that clears itself `ms` after it was last set (part 2 §9 "Form error helper hides after
 * 10 s": `FORM_ERROR_HIDE_MS` by default). Setting a new text restarts the wait; `null` hides at once.
 */
export function useAutoHide(ms: number = FORM_ERROR_HIDE_MS): [string | null, (text: string | null) => void] {
  const [state, setState] = useState<{ text: string | null; n: number }>({ text: null, n: 0 });
  const set = useCallback((text: string | null) => setState((s) => ({ text, n: s.n + 1 })), []);
  useEffect(() => {
    if (state.text === null) return;
    const timer = setTimeout(() => setState((s) => (s.n === state.n ? { text: null, n: s.n } : s)), ms);
    return () => clearTimeout(timer);
  }, [state, ms]);
  return [state.text, set];
}
