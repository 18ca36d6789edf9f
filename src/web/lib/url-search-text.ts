import { useRouter } from "@tanstack/react-router";
import { useEffect, useState } from "react";

/**
 * The text of a search box whose search lives in the URL: typing sends the trimmed text (empty →
 * undefined) to `onChange` after `ms`; a new URL value (back, a link) replaces the text.
 *
 * A link followed while the text is still settling wins: when the timer fires after the address has moved to
 * another page (a navigation under way, the route's code still loading), the search is dropped — applying it
 * would navigate back to the page being left.
 */
export function useUrlSearchText(value: string | undefined, onChange: (q: string | undefined) => void, ms: number): [string, (text: string) => void] {
  const router = useRouter();
  const [text, setText] = useState(value ?? "");
  useEffect(() => {
    const next = text.trim();
    if (next === (value ?? "")) return;
    const page = router.latestLocation.pathname;
    const timer = setTimeout(() => {
      if (router.latestLocation.pathname !== page) return;
      onChange(next || undefined);
    }, ms);
    return () => clearTimeout(timer);
  }, [text, value, onChange, ms, router]);
  useEffect(() => {
    setText((current) => (current.trim() === (value ?? "") ? current : (value ?? "")));
  }, [value]);
  return [text, setText];
}
