/**
 * How the stage-5 summary reads for people (issue 13 item 5): the server keeps dates ISO
 * (YYYY-MM-DD); the browser writes them as a date in the reader's locale ("1 March 2027" in
 * en-GB, "March 1, 2027" in en-US).
 */

/** The reader's locale for the app's language: the browser's own variant of it (en-GB for en) when it has one. */
export function readerLocale(language: string, browser: readonly string[] = typeof navigator === "undefined" ? [] : navigator.languages): string {
  const base = language.split("-")[0]!.toLowerCase();
  return browser.find((l) => l.split("-")[0]!.toLowerCase() === base) ?? language;
}

/** A calendar date written out ("1 March 2027"); anything that is not an ISO date is shown as it is. */
export function formatCalendarDate(iso: string | null | undefined, locale: string): string {
  if (!iso) return "";
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso;
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(date);
  } catch {
    return new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(date);
  }
}
