import { describe, expect, test } from "bun:test";
import { airShipmentKg, distanceKm, householdVolumeM3 } from "./quantities.ts";

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
