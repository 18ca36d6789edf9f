import type { Role } from "../../roles.ts";

/** The four activation paths: /{type}/activate. */
export const activationPathTypes = ["employee", "group", "adminuser", "supplier"] as const;
export type ActivationPathType = (typeof activationPathTypes)[number];

/** The activation form's `userType`. */
export type ActivationUserType = "employee" | "manager" | "admin" | "supplier";

export const TERMS_PATH = "/user/terms-and-conditions";
/** The version of the terms a user accepts (stored with the acceptance time). */
export const TERMS_VERSION = "1";

/** The roles that can be invited, and which of them only an administrator may invite. */
export const invitableRoles = ["EMPLOYEE", "MANAGER", "HR", "SUPPLIER"] as const satisfies readonly Role[];
export type InvitableRole = (typeof invitableRoles)[number];

export function canInviteRole(inviter: Role, role: Role): boolean {
  if (!(invitableRoles as readonly Role[]).includes(role)) return false;
  if (inviter === "ADMIN") return true;
  return inviter === "HR" && role !== "SUPPLIER";
}

/**
 * An activation e-mail goes to a person at most once a minute (an invitation repeated by a double
 * click or by parallel requests sends one mail; a later re-invite or Send Activation sends again).
 */
export const ACTIVATION_RESEND_SECONDS = 60;

/** Was an activation code issued at `lastIssuedAt` (ISO text) too recently to send another at `now`? */
export function activationJustSent(lastIssuedAt: string | null, now: Date, seconds = ACTIVATION_RESEND_SECONDS): boolean {
  if (lastIssuedAt === null) return false;
  return now.getTime() - new Date(lastIssuedAt).getTime() < seconds * 1000;
}

/** Which activation path a role's link uses: EMPLOYEE→employee, MANAGER and HR→group, ADMIN→adminuser, SUPPLIER→supplier. */
export function activationPathFor(role: Role): ActivationPathType | null {
  switch (role) {
    case "EMPLOYEE":
      return "employee";
    case "MANAGER":
    case "HR":
      return "group";
    case "ADMIN":
      return "adminuser";
    case "SUPPLIER":
      return "supplier";
    case "FINANCE":
    case "CRM":
      return null;
  }
}

/** Does an activation code of a user with `role` belong on the `/{type}/activate` path? */
export function pathTypeMatchesRole(type: ActivationPathType, role: Role): boolean {
  return activationPathFor(role) === type;
}

export function userTypeFor(role: Role): ActivationUserType {
  switch (role) {
    case "EMPLOYEE":
      return "employee";
    case "ADMIN":
      return "admin";
    case "SUPPLIER":
      return "supplier";
    case "MANAGER":
    case "HR":
    case "FINANCE":
    case "CRM":
      return "manager";
  }
}

/** part 2 §6: managers cannot use social login at activation; everyone else may choose. */
export function socialLoginFor(userType: ActivationUserType): { allowSocialLogin: boolean; loginType: "all" | "direct" | "social" } {
  return userType === "manager" ? { allowSocialLogin: false, loginType: "direct" } : { allowSocialLogin: true, loginType: "all" };
}

export function activationLink(baseUrl: string, role: Role, token: string): string {
  const type = activationPathFor(role) ?? "employee";
  return `${baseUrl}/${type}/activate?ac=${encodeURIComponent(token)}`;
}

/** part 2 §9: moveDate is dd/MM/yyyy at activation; stored as YYYY-MM-DD. Null when it is not a real date. */
export function parseMoveDate(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || year < 1900 || year > 2199) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return null;
  return `${m[3]}-${m[2]}-${m[1]}`;
}

/** YYYY-MM-DD → dd/MM/yyyy (the activation form's format). */
export function formatMoveDate(iso: string | null): string | null {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : null;
}

/** "true", "on", "1", "yes" and true are a ticked checkbox. */
export function isTicked(value: unknown): boolean {
  if (typeof value === "boolean") return value;
  return typeof value === "string" && ["true", "on", "1", "yes"].includes(value.trim().toLowerCase());
}
