/**
 * The group a legacy wizard call names (`group` field or path), checked as the tRPC
 * wizardGroupProcedure checks it: HR of that group or ADMIN; an unknown group is NOT_FOUND.
 */
import type { DB } from "../../../db/index.ts";
import { findGroupByName } from "../../../db/queries/admin/groups.ts";
import type { GroupRef } from "../../../db/schema.ts";
import { AppError } from "../../../domain/errors.ts";
import { messages } from "../../../domain/messages.ts";
import { canActInGroup } from "../../../domain/roles.ts";
import type { SessionUser } from "../../identity/auth.ts";
import { WIZARD_ROLES } from "./access.ts";

/** HR or ADMIN, else FORBIDDEN. */
export function assertWizardRole(user: SessionUser): void {
  if (!WIZARD_ROLES.includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
}

export async function wizardGroupFor(db: DB, user: SessionUser, groupName: string): Promise<GroupRef> {
  assertWizardRole(user);
  const group = await findGroupByName(db, groupName);
  if (!group) throw new AppError("NOT_FOUND", messages.notFound);
  if (!canActInGroup(user, group.id)) throw new AppError("FORBIDDEN", messages.otherGroup);
  return group;
}
