/**
 * A budget group's name for people (issue 24 §6: never "Budget group 1" where the group has
 * services): the titles of the services that share it ("Temporary Accommodation", "Home Sale and
 * Home Purchase", "Flat Search, Removals and Storage"). The number is the policy's own reference; it
 * names the group only when it has no service.
 */
export function budgetGroupName(serviceTitles: readonly string[], groupNumber: number): string {
  const titles = [...new Set(serviceTitles.map((t) => t.trim()).filter((t) => t !== ""))];
  if (titles.length === 0) return `Budget group ${groupNumber}`;
  if (titles.length === 1) return titles[0]!;
  return `${titles.slice(0, -1).join(", ")} and ${titles[titles.length - 1]}`;
}
