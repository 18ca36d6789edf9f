/**
 * The overview page's documented paths (issue 14; part 1 §7): GET /json/getProperty?id,
 * GET /json/searchProperty?neighbourhoodId&bedrooms&radius&minPrice&maxPrice (answers success, errorMessage, properties,
 * apartmentTypes), POST /json/storeNeighbourhoodFavourites {neighbourhoodId, favourite},
 * POST /json/storeEmployeeOfficePreference {address}, POST /json/click {externalId, provider, url} and
 * POST /statistics/serviceVisit {service}. Each handler parses with the tRPC procedure's schema and calls
 * the same service function (src/services/employee/overview/overview.ts). Failures answer `{ success: false,
 * errorMessage }` with the error table's status.
 */
import type { Hono } from "hono";
import {
  overviewMessages,
  ZClickRequest,
  ZGetPropertyRequest,
  ZSearchPropertyRequest,
  ZServiceVisitRequest,
  ZStoreFavouriteRequest,
  ZStoreOfficeRequest,
} from "../../../domain/employee/widgets/overview.ts";
import { failureText, legacyRoute, legacyUser, parseFields, readFields } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import {
  getProperty,
  recordPropertyClick,
  recordServiceVisit,
  searchProperty,
  storeNeighbourhoodFavourite,
  storeOfficePreference,
} from "../../../services/employee/overview/overview.ts";

export function mountLegacyOverview(app: Hono<AppEnv>, deps: AppDeps) {
  const { db, config } = deps;
  const failure = (fallback: string) => (error: unknown) => ({ success: false, errorMessage: failureText(error, fallback) });

  legacyRoute(app, "GET", "/json/getProperty", async (c) => getProperty(db, config, legacyUser(c), parseFields(ZGetPropertyRequest, c.req.query())), failure(overviewMessages.unavailable.properties));

  legacyRoute(app, "GET", "/json/searchProperty", async (c) => searchProperty(db, config, legacyUser(c), parseFields(ZSearchPropertyRequest, c.req.query())), failure(overviewMessages.unavailable.properties));

  legacyRoute(app, "POST", "/json/storeNeighbourhoodFavourites", async (c) => {
    const user = legacyUser(c);
    return storeNeighbourhoodFavourite(db, user, parseFields(ZStoreFavouriteRequest, await readFields(c)));
  }, failure(overviewMessages.unavailable.neighbourhoods));

  legacyRoute(app, "POST", "/json/storeEmployeeOfficePreference", async (c) => {
    const user = legacyUser(c);
    return storeOfficePreference(db, config, user, parseFields(ZStoreOfficeRequest, await readFields(c)));
  }, failure(overviewMessages.unavailable.geocoder));

  legacyRoute(app, "POST", "/json/click", async (c) => {
    const user = legacyUser(c);
    return recordPropertyClick(db, user, parseFields(ZClickRequest, await readFields(c)));
  }, failure(overviewMessages.unavailable.properties));

  legacyRoute(app, "POST", "/statistics/serviceVisit", async (c) => {
    const user = legacyUser(c);
    return recordServiceVisit(db, user, parseFields(ZServiceVisitRequest, await readFields(c)));
  }, failure(overviewMessages.visitFailed));
}
