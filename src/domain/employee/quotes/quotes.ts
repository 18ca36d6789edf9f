/**
 * Supplier quotes and the comparison page (issue 14; part 2 §2 "comparison page (onshore, international
 * or all filter, map toggle, details dropdown, book button)"; part 2 §7 booking-estimate with quoteId).
 * HR (or an admin) enters suppliers' quotes for a service and move stage of a move of their group; the
 * employee compares the quotes of their own move and books one. Booking is a guarded write: only an
 * OPEN quote still valid on the server's date, at most one BOOKED quote per move, service and stage; the
 * other OPEN quotes of that service and stage become DECLINED in the same transaction. The booked row
 * keeps company, amount and currency for finance (issue 16 "vendor booking costs").
 */
import { z } from "zod";
import { ZId } from "../../numbers.ts";
import { ZMoveStage, ZServiceKey } from "../../policy/schemas.ts";
import { zMoneyText } from "../../money/schemas.ts";

export const QUOTE_SCOPES = ["ONSHORE", "INTERNATIONAL"] as const;
export const QUOTE_STATUSES = ["OPEN", "BOOKED", "DECLINED"] as const;
export type QuoteScope = (typeof QUOTE_SCOPES)[number];
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const quoteMessages = {
  notFound: "This quote was not found.",
  noMove: "There is no move to compare quotes for.",
  expired: "This quote has expired and can no longer be booked.",
  notOpen: "This quote is no longer open for booking.",
  alreadyBooked: "Another quote is already booked for this service and move stage.",
  booked: "Your booking is confirmed.",
  added: "The quote was added.",
  unknownService: "This service is not part of the move's policy for that move stage.",
  scope: "Choose onshore or international.",
  filter: "Choose onshore, international or all.",
  company: "Enter the supplier's name (up to 120 characters).",
  details: "Details are at most 2000 characters.",
  location: "A location is at most 120 characters.",
  validUntil: "Enter the last day the quote is valid (YYYY-MM-DD).",
  pastValidity: "The quote must be valid today or later.",
  coordinates: "Give both latitude (-90 to 90) and longitude (-180 to 180), or neither.",
  currency: "Please select a currency.",
  amount: "Enter the quote's amount.",
  amountPositive: "The quote's amount must be greater than zero.",
} as const;

/** A number written as people type it ("1,800.00", "-5", "0") that is zero or below. */
export function isNotPositiveAmountText(text: string): boolean {
  const cleaned = text.replaceAll(",", "").trim();
  return /^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(cleaned) && !(Number(cleaned) > 0);
}

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const isoDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

export const ZQuoteScope = z.enum(QUOTE_SCOPES, { error: quoteMessages.scope });
export const ZQuoteFilter = z.enum(["ALL", ...QUOTE_SCOPES], { error: quoteMessages.filter });
export type TQuoteFilter = z.infer<typeof ZQuoteFilter>;

export const ZQuotesListRequest = z
  .object({
    /** ONSHORE, INTERNATIONAL or ALL (the default). */
    scope: z.preprocess((v) => (typeof v === "string" ? blankToUndefined(v.toUpperCase()) : v), ZQuoteFilter.optional()),
    /** HR and admins: the move; employees see their own move's. */
    moveId: z.preprocess(blankToUndefined, ZId.optional()),
  })
  .default({});
export type TQuotesListRequest = z.infer<typeof ZQuotesListRequest>;

export const ZQuote = z.object({
  id: z.number().int(),
  moveId: z.number().int(),
  service: z.string(),
  serviceTitle: z.string(),
  moveStage: z.number().int(),
  moveStageName: z.string(),
  companyName: z.string(),
  scope: ZQuoteScope,
  /** Major units as decimal text ("1250.00"). */
  amount: z.string(),
  currency: z.string(),
  details: z.string(),
  location: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  validUntil: z.string(),
  status: z.enum(QUOTE_STATUSES),
  /** Past its validity on the server's date (an OPEN quote that can no longer be booked). */
  expired: z.boolean(),
  bookedAt: z.string().nullable(),
});
export type TQuote = z.infer<typeof ZQuote>;

/** A service of the move's policy a quote can be for (the add form's choices). */
export const ZQuoteService = z.object({ service: z.string(), title: z.string(), moveStage: z.number().int(), moveStageName: z.string() });
export const ZQuotesListResponse = z.object({ moveId: z.number().int().nullable(), services: z.array(ZQuoteService), quotes: z.array(ZQuote) });
export type TQuotesListResponse = z.infer<typeof ZQuotesListResponse>;

const ZCoordinate = (min: number, max: number) =>
  z.preprocess(blankToUndefined, z.coerce.number({ error: quoteMessages.coordinates }).finite(quoteMessages.coordinates).min(min, quoteMessages.coordinates).max(max, quoteMessages.coordinates).optional());

export const ZAddQuoteRequest = z
  .object({
    moveId: ZId,
    service: ZServiceKey,
    moveStage: ZMoveStage,
    companyName: z.string({ error: quoteMessages.company }).trim().min(1, quoteMessages.company).max(120, quoteMessages.company),
    scope: ZQuoteScope,
    currency: z.string({ error: quoteMessages.currency }).trim().toUpperCase().regex(/^[A-Z]{3}$/, quoteMessages.currency),
    amount: zMoneyText({ invalid: quoteMessages.amount, required: true }).refine((t) => !isNotPositiveAmountText(t), quoteMessages.amountPositive),
    details: z.preprocess((v) => v ?? "", z.string().trim().max(2000, quoteMessages.details)),
    location: z.preprocess(blankToUndefined, z.string().trim().max(120, quoteMessages.location).optional()),
    latitude: ZCoordinate(-90, 90),
    longitude: ZCoordinate(-180, 180),
    validUntil: z.string({ error: quoteMessages.validUntil }).trim().refine(isoDate, quoteMessages.validUntil),
  })
  .refine((q) => (q.latitude === undefined) === (q.longitude === undefined), { message: quoteMessages.coordinates, path: ["latitude"] });
export type TAddQuoteRequest = z.infer<typeof ZAddQuoteRequest>;

export const ZBookQuoteRequest = z.object({ quoteId: ZId });
export type TBookQuoteRequest = z.infer<typeof ZBookQuoteRequest>;

export const ZBookQuoteResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  quote: ZQuote,
  /** How many other open quotes of the service and stage were declined. */
  declined: z.number().int(),
});
export type TBookQuoteResponse = z.infer<typeof ZBookQuoteResponse>;

/** Is a quote valid until `validUntil` past its validity on `today` (both YYYY-MM-DD)? */
export function isQuoteExpired(validUntil: string, today: string): boolean {
  return validUntil < today;
}

/** Why a quote cannot be booked on `today`, or null when it can. */
export function bookingRefusal(q: { status: QuoteStatus; validUntil: string }, today: string): string | null {
  switch (q.status) {
    case "BOOKED":
    case "DECLINED":
      return quoteMessages.notOpen;
    case "OPEN":
      return isQuoteExpired(q.validUntil, today) ? quoteMessages.expired : null;
  }
}

/** Does a quote of `scope` pass the page's filter? */
export function matchesFilter(scope: QuoteScope, filter: TQuoteFilter): boolean {
  return filter === "ALL" || filter === scope;
}
