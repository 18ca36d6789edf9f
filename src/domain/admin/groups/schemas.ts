import { z } from "zod";
import { ZId } from "../../numbers.ts";
import { ZActivationState, ZGroupStatus, ZRole } from "../../roles.ts";

/** A group's URL name: lower-case letters, digits and hyphens. */
export const ZGroupName = z
  .string()
  .trim()
  .min(2)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9-]*$/, "Group names use lower-case letters, digits and hyphens.");

export const ZGroupSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  status: ZGroupStatus,
});
export type TGroupSummary = z.infer<typeof ZGroupSummary>;

export const ZGroupHomeResponse = z.object({
  group: ZGroupSummary,
  counts: z.array(z.object({ role: ZRole, count: z.number().int() })),
  totalPeople: z.number().int(),
  /**
   * What the caller may open from the home (issue 15), so nothing is advertised to those who cannot use it:
   * `dashboard` the manager dashboard (HR, ADMIN, a MANAGER whose dashboard restriction is ON);
   * `assignmentActions` extend / end assignments (HR, ADMIN, a MANAGER whose creation restriction is CREATE).
   */
  access: z.object({ dashboard: z.boolean(), assignmentActions: z.boolean() }),
});
export type TGroupHomeResponse = z.infer<typeof ZGroupHomeResponse>;

export const PEOPLE_PAGE_SIZE = 25;

export const ZPeopleRequest = z.object({
  role: ZRole.optional(),
  search: z.string().trim().max(100).optional(),
  page: z.number().int().min(0).max(100_000).default(0),
  pageSize: z.number().int().min(1).max(100).default(PEOPLE_PAGE_SIZE),
});
export type TPeopleRequest = z.infer<typeof ZPeopleRequest>;

export const ZPerson = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: ZRole,
  activationState: ZActivationState,
  lastLoginAt: z.string().nullable(),
  /** A PENDING person whose activation link is out and still usable (part 1 §4 "Activation Sent"). */
  activationSent: z.boolean(),
});
export type TPerson = z.infer<typeof ZPerson>;

export const ZPeopleResponse = z.object({
  rows: z.array(ZPerson),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type TPeopleResponse = z.infer<typeof ZPeopleResponse>;

export const ZAdminGroupRow = ZGroupSummary.extend({ userCount: z.number().int(), createdAt: z.string() });
export const ZAdminGroupsResponse = z.array(ZAdminGroupRow);

export const ZSetGroupStatusRequest = z.object({ groupId: ZId, status: ZGroupStatus });
export const ZSetGroupStatusResponse = z.object({
  success: z.boolean(),
  newStatus: ZGroupStatus.nullable(),
  error: z.string().nullable(),
});
export type TSetGroupStatusResponse = z.infer<typeof ZSetGroupStatusResponse>;
