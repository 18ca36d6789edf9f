/**
 * Incidents (issue 15; part 1 §6 "Administrators: … incident counts", §7 "GET
 * /api/admin/incidents/open-incidents-count (openIncidents, openEscalatedIncidents)"; part 2 §3 chart
 * contents Escalation and Exception, which later issues chart from the same table).
 *
 * An incident is a problem raised on a move of a group: its kind (ESCALATION | EXCEPTION | SERVICE_ISSUE),
 * a title and a description, OPEN until closed; an OPEN incident may be escalated once. The spec names
 * the count call and its two fields only; the texts below are Meridian's own.
 */
import { z } from "zod";
import { ZId } from "../../numbers.ts";

export const INCIDENT_KINDS = ["ESCALATION", "EXCEPTION", "SERVICE_ISSUE"] as const;
export const ZIncidentKind = z.enum(INCIDENT_KINDS);
export type TIncidentKind = z.infer<typeof ZIncidentKind>;
export const INCIDENT_STATUSES = ["OPEN", "CLOSED"] as const;
export const ZIncidentStatus = z.enum(INCIDENT_STATUSES);
export type TIncidentStatus = z.infer<typeof ZIncidentStatus>;

export const TITLE_MAX = 255;
export const DESCRIPTION_MAX = 2000;

export const incidentMessages = {
  titleRequired: "Please enter a title.",
  titleTooLong: `The title can have at most ${TITLE_MAX} characters.`,
  descriptionTooLong: `The description can have at most ${DESCRIPTION_MAX} characters.`,
  kindRequired: "Please choose the kind of incident.",
  notFound: "This incident does not exist.",
  moveNotFound: "This move does not exist.",
  groupNotFound: "This group does not exist.",
  alreadyEscalated: "This incident is already escalated.",
  alreadyClosed: "This incident is already closed.",
  closedNotEscalated: "A closed incident cannot be escalated.",
  /** Legacy fallback when the count cannot be read. */
  countFailed: "The incident counts could not be loaded.",
  writeFailed: "The incident could not be saved.",
} as const;

/** Kind labels people read (the chart contents of part 2 §3 for the first two). */
export const INCIDENT_KIND_LABELS: Record<TIncidentKind, string> = {
  ESCALATION: "Escalation",
  EXCEPTION: "Exception",
  SERVICE_ISSUE: "Service issue",
};

/** May this incident be escalated (OPEN and not yet escalated)? The SQL condition of the escalate update says the same. */
export function canEscalate(i: { status: TIncidentStatus; escalated: boolean }): boolean {
  return i.status === "OPEN" && !i.escalated;
}

/** May this incident be closed (OPEN)? */
export function canClose(i: { status: TIncidentStatus }): boolean {
  return i.status === "OPEN";
}

/** Why an escalation was refused, from the row as it is now (null: it may be escalated). */
export function escalateRefusal(i: { status: TIncidentStatus; escalated: boolean }): string | null {
  if (i.status !== "OPEN") return incidentMessages.closedNotEscalated;
  if (i.escalated) return incidentMessages.alreadyEscalated;
  return null;
}

const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

/** GET /api/admin/incidents/open-incidents-count?groupName= (absent: every group for ADMIN, the own group for HR). */
export const ZCountRequest = z.object({ groupName: z.preprocess(blankToUndefined, z.string().trim().min(1).max(64).optional()) });
export type TCountRequest = z.infer<typeof ZCountRequest>;
export const ZCountResponse = z.object({ openIncidents: z.number().int().nonnegative(), openEscalatedIncidents: z.number().int().nonnegative() });
export type TCountResponse = z.infer<typeof ZCountResponse>;

export const ZListForMoveRequest = z.object({ moveId: ZId });
export const ZRaiseRequest = z.object({
  moveId: ZId,
  // Required (a missing key, blank or unknown value: one text); not `.optional()`, or a missing key would pass.
  kind: z.preprocess(blankToUndefined, z.enum(INCIDENT_KINDS, { error: incidentMessages.kindRequired })),
  title: z
    .string(incidentMessages.titleRequired)
    .trim()
    .min(1, incidentMessages.titleRequired)
    .max(TITLE_MAX, incidentMessages.titleTooLong),
  description: z
    .string()
    .trim()
    .max(DESCRIPTION_MAX, incidentMessages.descriptionTooLong)
    .default(""),
});
export type TRaiseRequest = z.infer<typeof ZRaiseRequest>;
export const ZIncidentIdRequest = z.object({ incidentId: ZId });

export const ZIncident = z.object({
  id: z.number().int(),
  moveId: z.number().int().nullable(),
  employeeId: z.number().int().nullable(),
  kind: ZIncidentKind,
  title: z.string(),
  description: z.string(),
  status: ZIncidentStatus,
  escalated: z.boolean(),
  escalatedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  raisedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type TIncident = z.infer<typeof ZIncident>;

export const ZIncidentListResponse = z.object({ incidents: z.array(ZIncident), canWrite: z.boolean() });
export type TIncidentListResponse = z.infer<typeof ZIncidentListResponse>;
export const ZIncidentResponse = z.object({ incident: ZIncident });
