/**
 * Manager restrictions (issue 15; part 1 §3 "Manager: … viewRestriction (ALL, OWN, NONE), readOnlyRestriction
 * (VIEW or CREATE), reportingRestriction (ON or OFF), dashboardRestriction (ON or OFF)"; §5 "Manager
 * restrictions must be ALL, OWN or NONE; creation VIEW or CREATE; dashboard ON or OFF; otherwise an
 * unsupported-mode error"; §1 "A rule limits which origin-to-destination moves a manager may view").
 *
 * The pure rule a move's visibility follows; `restrictMoves` (src/db/queries/restrictions.ts) is the same rule
 * in SQL, and the property test checks that both agree.
 * - NONE: no move. OWN: moves the manager created (`moves.created_by`) or initiated (`moves.initiated_by`).
 *   ALL: every move of the group.
 * - Geographic rules: with none, no geographic limit; otherwise a move is visible when ANY rule matches both
 *   its origin and its destination (COUNTRY: the country code; STATE: country code and state code; CITY: the
 *   city id).
 */
import { z } from "zod";

export const viewRestrictions = ["ALL", "OWN", "NONE"] as const;
export const creationRestrictions = ["VIEW", "CREATE"] as const;
export const onOff = ["ON", "OFF"] as const;
export const geoTypes = ["COUNTRY", "STATE", "CITY"] as const;

export type ViewRestriction = (typeof viewRestrictions)[number];
export type CreationRestriction = (typeof creationRestrictions)[number];
export type OnOff = (typeof onOff)[number];
export type GeoType = (typeof geoTypes)[number];

/** The spec's unsupported-mode text (part 1 §5). */
export const UNSUPPORTED_MODE = "Unsupported mode.";

const modeOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: () => UNSUPPORTED_MODE });

export const ZViewRestriction = modeOf(viewRestrictions);
export const ZCreationRestriction = modeOf(creationRestrictions);
export const ZOnOff = modeOf(onOff);
export const ZGeoType = modeOf(geoTypes);

export const MANAGER_DEFAULTS = {
  viewRestriction: "ALL" as ViewRestriction,
  readOnlyRestriction: "VIEW" as CreationRestriction,
  reportingRestriction: "OFF" as OnOff,
  dashboardRestriction: "OFF" as OnOff,
  turnExternalSpend: false,
};

/** One end of a rule, as stored: the country always, the state code for STATE, the city id for CITY. */
export type GeoEnd = { type: GeoType; countryCode: string; stateCode: string | null; cityId: number | null };
export type GeoRule = { origin: GeoEnd; destination: GeoEnd };

/** One end of a move. */
export type Place = { countryCode: string | null; stateCode: string | null; cityId: number | null };
export type RestrictableMove = { origin: Place; destination: Place; createdBy: number | null; initiatedBy: number | null };

export function endMatches(end: GeoEnd, place: Place): boolean {
  switch (end.type) {
    case "COUNTRY":
      return place.countryCode === end.countryCode;
    case "STATE":
      return place.countryCode === end.countryCode && place.stateCode !== null && place.stateCode === end.stateCode;
    case "CITY":
      return place.cityId !== null && place.cityId === end.cityId;
  }
}

export function ruleMatches(rule: GeoRule, move: Pick<RestrictableMove, "origin" | "destination">): boolean {
  return endMatches(rule.origin, move.origin) && endMatches(rule.destination, move.destination);
}

/** Whether a manager with these settings may see the move (the in-memory twin of `restrictMoves`). */
export function managerSeesMove(managerId: number, view: ViewRestriction, rules: GeoRule[], move: RestrictableMove): boolean {
  if (view === "NONE") return false;
  if (view === "OWN" && move.createdBy !== managerId && move.initiatedBy !== managerId) return false;
  return rules.length === 0 || rules.some((r) => ruleMatches(r, move));
}
