/**
 * A move's name for people (issue 24 §6: never "Move 12"): the employee and the route, "Evan Actual:
 * New York City → Austin"; the employee alone when the route is not known yet.
 */
export function moveDisplayName(m: { firstName: string | null; lastName: string | null; origin: string | null; destination: string | null }): string {
  const person = [m.firstName, m.lastName].map((s) => s?.trim() ?? "").filter((s) => s !== "").join(" ") || "Unnamed employee";
  const origin = m.origin?.trim() || null;
  const destination = m.destination?.trim() || null;
  if (!origin && !destination) return person;
  return `${person}: ${origin ?? "?"} → ${destination ?? "?"}`;
}
