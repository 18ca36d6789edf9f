/**
 * How many error reports one browser (its session, or its address when signed out) may store:
 * a fixed window of `max` reports per `windowMs`. Past it, reports are answered as usual and
 * dropped, so an error loop in one browser cannot flood the table. Pure: the service keeps the
 * windows (per process; each instance behind a load balancer counts its own).
 */
export type ReportWindow = { startedAt: number; count: number };
export type ReportRule = { max: number; windowMs: number };

export const REPORT_RULE: ReportRule = { max: 30, windowMs: 60_000 };

/** The window after one more report at `now`, and whether that report may be stored. */
export function countReport(window: ReportWindow | undefined, now: number, rule: ReportRule = REPORT_RULE): { window: ReportWindow; allowed: boolean } {
  if (!window || now - window.startedAt >= rule.windowMs || now < window.startedAt) {
    return { window: { startedAt: now, count: 1 }, allowed: rule.max >= 1 };
  }
  const count = window.count + 1;
  return { window: { startedAt: window.startedAt, count }, allowed: count <= rule.max };
}
