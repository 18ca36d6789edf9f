/**
 * Policy popup texts (part 2 §5 "popup"): HTML is stripped, placeholders are `{name}` and only
 * POPUP_VARIABLES are allowed, `{benefit}` must come last, and empty blurb/paragraph/header texts
 * fall back to placeholder defaults.
 */
import { POPUP_VARIABLES } from "./catalogue.ts";
import { policyMessages } from "./messages.ts";

const ALLOWED = new Set<string>(POPUP_VARIABLES);
const ENTITIES: Record<string, string> = { amp: "&", quot: '"', apos: "'", nbsp: " ", lt: "<", gt: ">" };

/** Removes tags (and the content of script/style elements) and decodes common entities. */
export function stripHtml(text: string): string {
  const withoutTags = (s: string) => {
    let prev: string;
    let out = s;
    do {
      prev = out;
      out = out.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, "").replace(/<\/?[A-Za-z!][^<>]*>/g, "");
    } while (out !== prev);
    return out;
  };
  const decoded = withoutTags(text).replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === "#") {
      const code = entity[1] === "x" || entity[1] === "X" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
  // Entities may have spelled out a tag ("&lt;b&gt;"); drop any that now appear.
  return withoutTags(decoded);
}

/**
 * Validates one popup text for `field` (the spec's "X" in "Invalid variable for X"): the text is
 * stripped of HTML; every `{...}` must be an allowed variable; `{benefit}` only at the very end.
 */
export function validatePopupText(field: string, text: string): { ok: true; text: string } | { ok: false; message: string } {
  const stripped = stripHtml(text);
  for (const m of stripped.matchAll(/\{[^{}]*\}/g)) {
    if (!ALLOWED.has(m[0])) return { ok: false, message: policyMessages.invalidVariable(field, m[0]) };
  }
  const trimmed = stripped.trimEnd();
  const lastBenefit = trimmed.lastIndexOf("{benefit}");
  if (lastBenefit !== -1) {
    const first = trimmed.indexOf("{benefit}");
    if (first !== lastBenefit || lastBenefit + "{benefit}".length !== trimmed.length) {
      return { ok: false, message: policyMessages.benefitPlaceholderLast };
    }
  }
  return { ok: true, text: stripped };
}

/** Texts shown when the popup's header, blurb or paragraphs are left empty. */
export const POPUP_DEFAULTS = {
  header: "Your relocation benefits",
  blurb: "Here is what {companyName} provides for your move to {cityName}.",
  paragraphTop: "Welcome! {companyName} has put together the following support for your move to {cityName}.",
  paragraphBottom: "Your consultant will contact you shortly to go through these benefits and answer any questions.",
} as const;

export type PopupTexts = { header: string; blurb: string; paragraphTop: string; paragraphBottom: string };

/** Fills empty (or whitespace-only) texts with POPUP_DEFAULTS; other keys pass through. */
export function withPopupDefaults<T extends Partial<Record<keyof PopupTexts, string | null>>>(
  texts: T,
): Omit<T, keyof PopupTexts> & PopupTexts {
  const pick = (k: keyof PopupTexts) => {
    const v = texts[k];
    return v == null || v.trim() === "" ? POPUP_DEFAULTS[k] : v;
  };
  return { ...texts, header: pick("header"), blurb: pick("blurb"), paragraphTop: pick("paragraphTop"), paragraphBottom: pick("paragraphBottom") };
}

export type PopupVariables = Partial<Record<"cityName" | "companyName" | "budget" | "benefit" | "blurb", string>>;

/** Replaces the allowed placeholders with their values (a missing value renders as empty); other braces stay as typed. */
export function renderPopupText(text: string, vars: PopupVariables): string {
  return text.replace(/\{(cityName|companyName|budget|benefit|blurb)\}/g, (_, name: keyof PopupVariables) =>
    Object.hasOwn(vars, name) ? (vars[name] ?? "") : "",
  );
}
