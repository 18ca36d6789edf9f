import { useEffect, useState } from "react";

/**
 * The text of a search box whose search lives in the URL: typing sends the trimmed text (empty →
 * undefined) to `onChange` after `ms`; a new URL value (back, a link) replaces the text.
 */
export function useUrlSearchText(value: string | undefined, onChange: (q: string | undefined) => void, ms: number): [string, (text: string) => void] {
  const [text, setText] = useState(value ?? "");
  useEffect(() => {
    const next = text.trim();
    if (next === (value ?? "")) return;
    const timer = setTimeout(() => onChange(next || undefined), ms);
    return () => clearTimeout(timer);
  }, [text, value, onChange, ms]);
  useEffect(() => {
    setText((current) => (current.trim() === (value ?? "") ? current : (value ?? "")));
  }, [value]);
  return [text, setText];
}
