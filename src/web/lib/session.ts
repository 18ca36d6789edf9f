import { useSuspenseQuery } from "@tanstack/react-query";
import type { TMeResponse } from "../../domain/identity/auth/schemas.ts";
import { trpc } from "./trpc.ts";

export type SignedInUser = NonNullable<TMeResponse>;

/** The signed-in user (or null), cached for the page's lifetime: sign-in and sign-out reload the page. */
export function meQueryOptions() {
  return trpc.auth.me.queryOptions(undefined, { staleTime: 5 * 60_000 });
}

/** The signed-in user inside the app layout, whose route guard has already loaded it. */
export function useSignedInUser(): SignedInUser {
  const { data } = useSuspenseQuery(meQueryOptions());
  if (!data) throw new Error("useSignedInUser outside the signed-in layout");
  return data;
}

export function fullName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName}`.trim();
}
