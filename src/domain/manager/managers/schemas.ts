/**
 * The managers admin's contract (issue 15; part 1 §4 "Manager detail page with restrictions, name, external
 * spend, tags and activation", §7 "/admin/managers/…", §3 "Manager", "Geo restriction rule"). The same schemas
 * parse the tRPC inputs (`managers.*`) and the legacy form or query fields.
 *
 * Field names the spec leaves open (decided here, documented in the OpenAPI entries):
 * - every update takes `userId` and the documented field: `viewRestriction`, `readOnlyRestriction`,
 *   `reportingRestriction`, `dashboardRestriction`, `firstName` + `lastName`, `turnExternalSpend`
 *   ("true"/"false");
 * - `geoString` is JSON `{"originGeoType","originGeoId","destinationGeoType","destinationGeoId"}`: a COUNTRY id
 *   is its ISO code, a STATE or CITY id the `states.id` / `cities.id`;
 * - tree nodes of getGeoRestrictionData are read one level at a time: no `parent` gives the countries,
 *   `parent=COUNTRY:GB` a country's states (and its cities without a state), `parent=STATE:12` a state's cities.
 */
import { z } from "zod";
import { ZId } from "../../numbers.ts";
import { ZCreationRestriction, ZGeoType, ZOnOff, ZViewRestriction } from "./restrictions.ts";

export const managerMessages = {
  duplicateRoute: "The selected route already is in the list.",
  originRequired: "Please select an origin.",
  destinationRequired: "Please select a destination.",
  saveFailed: "There has been an error saving the restriction.",
  loadFailed: "There has been an error loading the restrictions.",
  deleteFailed: "There has been an error deleting the restriction.",
  unknownPlace: "The selected place does not exist.",
  notManager: "This user is not a manager.",
  ruleNotFound: "The restriction does not exist.",
  updateFailed: "Failed to update the manager.",
  activationFailed: "Failed to send the activation.",
  nameRequired: "First and last name are required.",
} as const;

export const ZUserIdRequest = z.object({ userId: ZId });
export const ZGroupNameParam = z.object({ group: z.string().trim().min(1).max(64).regex(/^[a-z0-9][a-z0-9-]*$/) });

const ZBooleanText = z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean());

export const ZUpdateViewRequest = z.object({ userId: ZId, viewRestriction: ZViewRestriction });
export const ZUpdateCreationRequest = z.object({ userId: ZId, readOnlyRestriction: ZCreationRestriction });
export const ZUpdateReportingRequest = z.object({ userId: ZId, reportingRestriction: ZOnOff });
export const ZUpdateDashboardRequest = z.object({ userId: ZId, dashboardRestriction: ZOnOff });
export const ZUpdateNameRequest = z.object({
  userId: ZId,
  firstName: z.string().trim().min(1, managerMessages.nameRequired).max(100),
  lastName: z.string().trim().min(1, managerMessages.nameRequired).max(100),
});
export const ZUpdateExternalSpendRequest = z.object({ userId: ZId, turnExternalSpend: ZBooleanText });
export type TUpdateNameRequest = z.infer<typeof ZUpdateNameRequest>;

/** One end of a rule as the admin form sends it. */
const ZGeoId = z.string().trim().max(20).regex(/^[A-Za-z0-9]+$/);
export const ZGeoRoute = z.object({
  originGeoType: ZGeoType.optional(),
  originGeoId: ZGeoId.optional(),
  destinationGeoType: ZGeoType.optional(),
  destinationGeoId: ZGeoId.optional(),
});
export type TGeoRoute = z.infer<typeof ZGeoRoute>;

/** POST saveGeoRestrictionChanges/{userId}: the route as the JSON text `geoString`. */
export const ZSaveGeoRequest = z.object({
  userId: ZId,
  geoString: z
    .string()
    .max(1000)
    .transform((text, ctx) => {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: "custom", message: managerMessages.saveFailed });
        return z.NEVER;
      }
      const parsed = ZGeoRoute.safeParse(value);
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? managerMessages.saveFailed });
        return z.NEVER;
      }
      return parsed.data;
    }),
});
export type TSaveGeoRequest = z.infer<typeof ZSaveGeoRequest>;

export const ZDeleteGeoRequest = z.object({ restrictionId: ZId });

export const ZGeoRuleView = z.object({
  id: z.number().int(),
  originGeoType: ZGeoType,
  originGeoId: z.string(),
  originName: z.string(),
  destinationGeoType: ZGeoType,
  destinationGeoId: z.string(),
  destinationName: z.string(),
});
export type TGeoRuleView = z.infer<typeof ZGeoRuleView>;
export const ZGeoRulesResponse = z.array(ZGeoRuleView);

export const ZGeoTreeRequest = z.object({
  userId: ZId,
  direction: z.enum(["FROM", "TO"]),
  parent: z
    .string()
    .trim()
    .max(40)
    .regex(/^(COUNTRY:[A-Z]{2}|STATE:\d{1,9})$/)
    .optional(),
});
export type TGeoTreeRequest = z.infer<typeof ZGeoTreeRequest>;
export const ZGeoTreeNode = z.object({ id: z.string(), type: ZGeoType, text: z.string(), hasChildren: z.boolean() });
export const ZGeoTreeResponse = z.array(ZGeoTreeNode);
export type TGeoTreeNode = z.infer<typeof ZGeoTreeNode>;

export const ZUsersForGroupResponse = z.array(z.object({ id: z.number().int(), fullName: z.string() }));

export const ZManagerListRequest = z.object({
  groupName: z.string().trim().max(64).optional(),
  managersFilter: z.string().trim().max(100).optional(),
});
export type TManagerListRequest = z.infer<typeof ZManagerListRequest>;

export const ZManagerView = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  groupName: z.string(),
  groupDisplayName: z.string(),
  activationState: z.string(),
  activationSent: z.boolean(),
  viewRestriction: ZViewRestriction,
  readOnlyRestriction: ZCreationRestriction,
  reportingRestriction: ZOnOff,
  dashboardRestriction: ZOnOff,
  turnExternalSpend: z.boolean(),
});
export type TManagerView = z.infer<typeof ZManagerView>;
export const ZManagerListResponse = z.array(ZManagerView);

export const ZOkResponse = z.literal("OK");
export const ZActivateResponse = z.boolean();
