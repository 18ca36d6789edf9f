import { describe, expect, test } from "bun:test";
import { bookingRefusal, isQuoteExpired, matchesFilter, quoteMessages, ZAddQuoteRequest, ZQuotesListRequest } from "./quotes.ts";

describe("quotes (pure)", () => {
  test("a quote is bookable while OPEN up to and including its last valid day", () => {
    expect(bookingRefusal({ status: "OPEN", validUntil: "2026-11-26" }, "2026-11-26")).toBeNull();
    expect(bookingRefusal({ status: "OPEN", validUntil: "2026-11-25" }, "2026-11-26")).toBe(quoteMessages.expired);
    expect(bookingRefusal({ status: "BOOKED", validUntil: "2027-01-01" }, "2026-11-26")).toBe(quoteMessages.notOpen);
    expect(bookingRefusal({ status: "DECLINED", validUntil: "2027-01-01" }, "2026-11-26")).toBe(quoteMessages.notOpen);
    expect(isQuoteExpired("2026-11-25", "2026-11-26")).toBe(true);
  });
  test("the filter: all, onshore, international", () => {
    expect(matchesFilter("ONSHORE", "ALL")).toBe(true);
    expect(matchesFilter("ONSHORE", "INTERNATIONAL")).toBe(false);
    expect(matchesFilter("INTERNATIONAL", "INTERNATIONAL")).toBe(true);
    expect(ZQuotesListRequest.parse({ scope: "onshore" })).toEqual({ scope: "ONSHORE" });
    expect(ZQuotesListRequest.parse(undefined)).toEqual({});
    expect(ZQuotesListRequest.safeParse({ scope: "LOCAL" }).success).toBe(false);
  });
  test("add: both coordinates or neither, a real date, bounded texts", () => {
    const ok = { moveId: 1, service: "flatsearch", moveStage: 1, companyName: " Acme ", scope: "ONSHORE", currency: "usd", amount: "10", validUntil: "2026-12-01" };
    expect(ZAddQuoteRequest.parse(ok)).toMatchObject({ service: "FLATSEARCH", companyName: "Acme", currency: "USD", details: "" });
    expect(ZAddQuoteRequest.safeParse({ ...ok, latitude: 10 }).success).toBe(false);
    expect(ZAddQuoteRequest.parse({ ...ok, latitude: "10.5", longitude: -3 })).toMatchObject({ latitude: 10.5, longitude: -3 });
    expect(ZAddQuoteRequest.safeParse({ ...ok, latitude: 91, longitude: 0 }).success).toBe(false);
    expect(ZAddQuoteRequest.safeParse({ ...ok, validUntil: "2026-02-30" }).success).toBe(false);
    expect(ZAddQuoteRequest.safeParse({ ...ok, companyName: "" }).success).toBe(false);
    expect(ZAddQuoteRequest.safeParse({ ...ok, scope: "LOCAL" }).success).toBe(false);
  });
});
