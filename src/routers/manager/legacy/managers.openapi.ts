import { z } from "zod";
import {
  ZActivateResponse,
  ZDeleteGeoRequest,
  ZGeoRulesResponse,
  ZGeoTreeResponse,
  ZOkResponse,
  ZSaveGeoRequest,
  ZUpdateCreationRequest,
  ZUpdateDashboardRequest,
  ZUpdateExternalSpendRequest,
  ZUpdateNameRequest,
  ZUpdateReportingRequest,
  ZUpdateViewRequest,
  ZUserIdRequest,
  ZUsersForGroupResponse,
} from "../../../domain/manager/managers/schemas.ts";
import type { Operation } from "../../../server/openapi-types.ts";

const SPEC = "part 1 §7 Admin, §4, §5";
const update = (path: string, request: z.ZodType, what: string): Operation => ({
  method: "post",
  path: `/admin/managers/${path}`,
  summary: `${what} (ADMIN); answers "OK"; an unsupported value is refused (400 "Unsupported mode."); audited`,
  spec: SPEC,
  request,
  requestType: "form",
  response: ZOkResponse,
  auth: "session",
});

/** OpenAPI descriptions of the legacy paths in ./managers.ts (served in /api/openapi.json). */
export const managerOperations: Operation[] = [
  { method: "get", path: "/admin/managers/loadGeoRestrictionsForDisplay/{userId}", summary: "The manager's geographic rules (ADMIN): id, originGeoType, originGeoId, originName, destinationGeoType, destinationGeoId, destinationName", spec: SPEC, response: ZGeoRulesResponse, auth: "session" },
  { method: "get", path: "/admin/managers/getUsersForGroup/{group}", summary: "The group's managers (ADMIN): id, fullName", spec: "part 1 §7; part 2 §7", response: ZUsersForGroupResponse, auth: "session" },
  { method: "get", path: "/admin/managers/getGeoRestrictionData/{userId}/FROM", summary: "Origin tree nodes (ADMIN), one level at a time: without ?parent the countries, ?parent=COUNTRY:GB its states and its cities without a state, ?parent=STATE:12 the state's cities (up to 5000); each node id, type (COUNTRY | STATE | CITY), text, hasChildren", spec: SPEC, request: z.object({ parent: z.string().optional() }), requestType: "query", response: ZGeoTreeResponse, auth: "session" },
  { method: "get", path: "/admin/managers/getGeoRestrictionData/{userId}/TO", summary: "Destination tree nodes (ADMIN), as …/FROM", spec: SPEC, request: z.object({ parent: z.string().optional() }), requestType: "query", response: ZGeoTreeResponse, auth: "session" },
  { method: "post", path: "/admin/managers/saveGeoRestrictionChanges/{userId}", summary: "Adds one route (ADMIN): form geoString, JSON {originGeoType, originGeoId, destinationGeoType, destinationGeoId} (COUNTRY: ISO code; STATE, CITY: states.id, cities.id); both ends required (\"Please select an origin.\" / \"Please select a destination.\"); a route the manager has: 409 \"The selected route already is in the list.\" (unique index: parallel saves make one rule); answers \"OK\"; audited", spec: SPEC, request: ZSaveGeoRequest.omit({ userId: true }), requestType: "form", response: ZOkResponse, auth: "session" },
  { method: "post", path: "/admin/managers/deleteGeoRestriction", summary: "Deletes one rule (ADMIN): form restrictionId; answers \"OK\" (404 when it is gone); audited", spec: SPEC, request: ZDeleteGeoRequest, requestType: "form", response: ZOkResponse, auth: "session" },
  update("updateViewRestrictions", ZUpdateViewRequest, "Sets the manager's view restriction: userId, viewRestriction ALL | OWN | NONE"),
  update("updateCreationRestrictions", ZUpdateCreationRequest, "Sets the manager's creation restriction: userId, readOnlyRestriction VIEW | CREATE"),
  update("updateReportingRestrictions", ZUpdateReportingRequest, "Sets the manager's reporting restriction: userId, reportingRestriction ON | OFF"),
  update("updateDashboardRestrictions", ZUpdateDashboardRequest, "Sets the manager's dashboard restriction: userId, dashboardRestriction ON | OFF"),
  update("updateManagersName", ZUpdateNameRequest, "Renames the manager: userId, firstName, lastName"),
  update("updateExternalSpendForUser", ZUpdateExternalSpendRequest, "Turns external spend on or off: userId, turnExternalSpend true | false"),
  { method: "post", path: "/admin/managers/activateManager", summary: "Sends a PENDING manager a new activation link (ADMIN; identity's invitations, one mail a minute): form userId; answers true (a failure answers {success:false, error} with its status: 409 when the manager is not PENDING)", spec: SPEC, request: ZUserIdRequest, requestType: "form", response: ZActivateResponse, auth: "session" },
];
