/**
 * Time zones as people read them (issue 24 §6: never a raw IANA name such as "Europe/Berlin" on
 * screen): the city and its UTC offset. Apart from format.ts so that only the pages with a time zone
 * picker load it.
 */
/** A zone's UTC offset at `at` ("UTC+01:00", "UTC−03:30", "UTC"), or null for a zone the browser does not know. */
export function utcOffsetText(timeZone: string, at: Date = new Date()): string | null {
  try {
    const part = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }).formatToParts(at).find((p) => p.type === "timeZoneName")?.value;
    if (!part) return null;
    const offset = part.replace(/^GMT/, "");
    return offset === "" ? "UTC" : `UTC${offset}`;
  } catch {
    return null;
  }
}

/** The city of an IANA zone ("America/Argentina/Buenos_Aires" → "Buenos Aires"). */
function zoneCity(timeZone: string): string {
  return (timeZone.split("/").pop() ?? timeZone).replaceAll("_", " ");
}

/**
 * A time zone as people read it: the city and its UTC offset now ("Berlin (UTC+01:00)"), never the
 * raw IANA name ("Europe/Berlin"); UTC itself reads "Coordinated Universal Time (UTC)".
 */
export function timeZoneLabel(timeZone: string, at: Date = new Date()): string {
  if (timeZone === "UTC" || timeZone === "Etc/UTC") return "Coordinated Universal Time (UTC)";
  const offset = utcOffsetText(timeZone, at);
  return offset ? `${zoneCity(timeZone)} (${offset})` : zoneCity(timeZone);
}

/** Minutes east of UTC of a zone at `at` (for ordering a picker by offset); 0 when unknown. */
export function utcOffsetMinutes(timeZone: string, at: Date = new Date()): number {
  const m = /^UTC([+-−])(\d{2}):(\d{2})$/.exec(utcOffsetText(timeZone, at) ?? "");
  if (!m) return 0;
  return (m[1] === "+" ? 1 : -1) * (Number(m[2]) * 60 + Number(m[3]));
}
