/** Test input of a supplier quote (quotes.add), shared by the quotes, audit and half-way tests. */

/** Today plus `n` days, as YYYY-MM-DD. */
export const plusDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** A valid acme quote for temporary accommodation on the move's stage 1; `o` overrides any field. */
export const quoteInput = (moveId: number, o: Record<string, unknown> = {}) => ({
  group: "acme",
  moveId,
  service: "TEMPACCOMMODATION",
  moveStage: 1,
  companyName: "Harbour Suites",
  scope: "ONSHORE" as const,
  currency: "USD",
  amount: "2450.50",
  details: "30 nights, serviced apartment",
  location: "Battery Park",
  latitude: 40.7033,
  longitude: -74.017,
  validUntil: plusDays(10),
  ...o,
});
