import { z } from "zod";

export const roles = ["EMPLOYEE", "MANAGER", "HR", "FINANCE", "CRM", "ADMIN", "SUPPLIER"] as const;
export const ZRole = z.enum(roles);
export type Role = z.infer<typeof ZRole>;

/** Roles that work inside one client group (everyone but platform staff). */
export const groupRoles = ["EMPLOYEE", "MANAGER", "HR", "SUPPLIER"] as const satisfies readonly Role[];
/** Platform staff: not bound to a client group. */
export const staffRoles = ["FINANCE", "CRM", "ADMIN"] as const satisfies readonly Role[];

export const groupStatuses = ["ACTIVE", "SUSPENDED"] as const;
export const ZGroupStatus = z.enum(groupStatuses);
export type GroupStatus = z.infer<typeof ZGroupStatus>;

export const activationStates = ["PENDING", "ACTIVE", "DISABLED"] as const;
export const ZActivationState = z.enum(activationStates);
export type ActivationState = z.infer<typeof ZActivationState>;

export function isGroupRole(role: Role): boolean {
  return (groupRoles as readonly Role[]).includes(role);
}

/** May this user act inside `groupId`? Platform admins may act in any group; HR and managers only in their own. */
export function canActInGroup(user: { role: Role; groupId: number | null }, groupId: number): boolean {
  if (user.role === "ADMIN") return true;
  return user.groupId === groupId;
}

/** Where a user lands after signing in. */
export function homePathFor(user: { role: Role; groupName: string | null }): string {
  switch (user.role) {
    case "HR":
    case "MANAGER":
      return user.groupName ? `/${user.groupName}/home` : "/";
    case "ADMIN":
      return "/admin";
    case "FINANCE":
      return "/finance";
    case "CRM":
      return "/crm";
    case "SUPPLIER":
      return "/supplier";
    case "EMPLOYEE":
      return "/";
  }
}
