/**
 * Quantities an estimate's formulas use that the move implies (FORMULA_INPUTS distanceKm,
 * volumeM3, weightKg): the great-circle distance between the origin and destination cities, and
 * a household-goods volume and air-shipment weight from the family size. Meridian's own planning
 * norms (the spec gives none); a formula's own quantity lines take precedence.
 */
import Decimal from "decimal.js";
import { toMinor, toMajorString, type Money } from "../money/money.ts";

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle (haversine) distance in kilometres, rounded to whole kilometres. */
export function distanceKm(from: { latitude: number; longitude: number }, to: { latitude: number; longitude: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(to.latitude - from.latitude);
  const dLon = rad(to.longitude - from.longitude);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(from.latitude)) * Math.cos(rad(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a))));
}

/** Household goods: 20 m³ for the employee, 10 m³ for each further family member (a 40ft container holds about 67 m³). */
export function householdVolumeM3(familySize: number): number {
  return 20 + 10 * Math.max(0, familySize - 1);
}

/** Air shipment: 100 kg for the employee, 50 kg for each further family member. */
export function airShipmentKg(familySize: number): number {
  return 100 + 50 * Math.max(0, familySize - 1);
}

/**
 * A daily accommodation rate at the host when the policy's destination rates give none: the city's
 * typical monthly family rent as a daily rate, times 1.5 for short-stay (serviced or hotel) premiums.
 */
export const SHORT_STAY_PREMIUM = "1.5";
export function dailyRateFromMonthlyRent(monthlyRent: Money): Money {
  return toMinor(new Decimal(toMajorString(monthlyRent)).times(12).dividedBy(365).times(SHORT_STAY_PREMIUM), monthlyRent.currency);
}

/** The first DAILY destination rate for the host country (the host city's own rate first), if any. */
export function hostDailyRateFrom(
  rates: readonly { countryCode: string; city: string; currency: string; amount: number; frequency: string }[],
  host: { countryCode: string | null; cityName: string | null },
): Money | null {
  const daily = rates.filter((r) => r.frequency === "DAILY" && r.countryCode === host.countryCode);
  const city = host.cityName?.trim().toLowerCase();
  const hit = daily.find((r) => city && r.city.trim().toLowerCase() === city) ?? daily.find((r) => r.city.trim() === "") ?? daily[0];
  return hit ? { amount: hit.amount, currency: hit.currency } : null;
}
