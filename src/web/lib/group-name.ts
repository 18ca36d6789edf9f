import { useQuery } from "@tanstack/react-query";
import { useSignedInUser } from "./session.ts";
import { trpc } from "./trpc.ts";

/**
 * The name people read for a client group named by its URL name (`acme` → "Acme Corp"): the
 * signed-in user's own group from the session, another group from the staff list (platform staff
 * only; cached), the URL name only while that list loads.
 */
export function useGroupDisplayName(group: string): string {
  const user = useSignedInUser();
  const own = user.group?.name === group ? user.group.displayName : null;
  const staff = user.role === "ADMIN" || user.role === "FINANCE" || user.role === "CRM";
  const list = useQuery({ ...trpc.admin.groups.list.queryOptions(), enabled: own === null && staff, staleTime: 5 * 60_000 });
  return own ?? list.data?.find((g) => g.name === group)?.displayName ?? group;
}
