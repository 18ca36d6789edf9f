import { describe, expect, test } from "bun:test";
import { airShipmentKg, dailyRateFromMonthlyRent, distanceKm, hostDailyRateFrom, householdVolumeM3 } from "./quantities.ts";

describe("estimate quantities", () => {
  test("great-circle distance: London to New York is about 5,570 km, a city to itself 0", () => {
    const london = { latitude: 51.5074, longitude: -0.1278 };
    const newYork = { latitude: 40.7128, longitude: -74.006 };
    expect(distanceKm(london, newYork)).toBeGreaterThan(5560);
    expect(distanceKm(london, newYork)).toBeLessThan(5580);
    expect(distanceKm(newYork, london)).toBe(distanceKm(london, newYork));
    expect(distanceKm(london, london)).toBe(0);
  });

  test("volume and weight grow with the family", () => {
    expect(householdVolumeM3(1)).toBe(20);
    expect(householdVolumeM3(4)).toBe(50);
    expect(airShipmentKg(1)).toBe(100);
    expect(airShipmentKg(3)).toBe(200);
    expect(householdVolumeM3(0)).toBe(20);
  });
});

describe("host daily rate", () => {
  test("from a monthly rent: × 12 / 365 × 1.5, rounded once to the currency", () => {
    // 4,000.00 × 12 / 365 × 1.5 = 197.260273… → 197.26
    expect(dailyRateFromMonthlyRent({ amount: 400000, currency: "USD" })).toEqual({ amount: 19726, currency: "USD" });
    // JPY has no minor unit: 300,000 × 12 / 365 × 1.5 = 14,794.52… → 14,795
    expect(dailyRateFromMonthlyRent({ amount: 300000, currency: "JPY" })).toEqual({ amount: 14795, currency: "JPY" });
  });

  test("the host city's DAILY rate first, then the country's", () => {
    const rates = [
      { countryCode: "DE", city: "", currency: "EUR", amount: 15000, frequency: "DAILY" },
      { countryCode: "DE", city: "Berlin", currency: "EUR", amount: 18000, frequency: "DAILY" },
      { countryCode: "DE", city: "Berlin", currency: "EUR", amount: 300000, frequency: "MONTHLY" },
    ];
    expect(hostDailyRateFrom(rates, { countryCode: "DE", cityName: "berlin" })).toEqual({ amount: 18000, currency: "EUR" });
    expect(hostDailyRateFrom(rates, { countryCode: "DE", cityName: "Munich" })).toEqual({ amount: 15000, currency: "EUR" });
    expect(hostDailyRateFrom(rates, { countryCode: "FR", cityName: "Paris" })).toBeNull();
  });
});
