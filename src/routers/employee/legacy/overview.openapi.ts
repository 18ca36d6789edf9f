import {
  ZClickRequest,
  ZGetPropertyRequest,
  ZGetPropertyResponse,
  ZRecordedResponse,
  ZSearchPropertyRequest,
  ZSearchPropertyResponse,
  ZServiceVisitRequest,
  ZStoreFavouriteRequest,
  ZStoreFavouriteResponse,
  ZStoreOfficeRequest,
  ZStoreOfficeResponse,
} from "../../../domain/employee/widgets/overview.ts";
import type { Operation } from "../../../server/openapi-types.ts";

/** OpenAPI descriptions of the legacy paths in ./overview.ts (served in /api/openapi.json). */
export const overviewOperations: Operation[] = [
  { method: "get", path: "/json/getProperty", summary: "One rental listing of the property provider (RentCast, PROPERTY_API_URL) by its id: success, status (OK, NOT_CONFIGURED, NO_MOVE, NOT_FOUND, UNAVAILABLE), errorMessage and property (externalId, provider, title, overview, price in minor units with its currency, address, beds, images, url, lat, long); employees with a move only", spec: "part 1 §7, §3", request: ZGetPropertyRequest, requestType: "query", response: ZGetPropertyResponse, auth: "session" },
  { method: "get", path: "/json/searchProperty", summary: "Active rental listings around a neighbourhood (neighbourhoodId) or the destination city of the employee's move: bedrooms (0-10, optional), radius in km (default 100, sent to the provider in miles: km / 1.609344), minPrice and maxPrice (whole units a month, 0-10,000,000; listings outside them are left out; maxPrice below minPrice is refused: \"The maximum price must be at least the minimum price.\"); answers success, errorMessage, properties (up to 50) and apartmentTypes (numberOfBedrooms, currency, currencySymbol, amountMinRange, amountMaxRange: the min and max price of the results per bedroom count)", spec: "part 1 §7, §3, §8, §9", request: ZSearchPropertyRequest, requestType: "query", response: ZSearchPropertyResponse, auth: "session" },
  { method: "post", path: "/json/storeNeighbourhoodFavourites", summary: "Sets (favourite=true) or clears the signed-in employee's favourite flag of a neighbourhood near their destination (an id from the overview's neighbourhood list); idempotent", spec: "part 1 §7, §3", request: ZStoreFavouriteRequest, requestType: "form", response: ZStoreFavouriteResponse, auth: "session" },
  { method: "post", path: "/json/storeEmployeeOfficePreference", summary: "Geocodes the typed office address (Nominatim, GEOCODER_API_URL) and stores the first place found as the signed-in employee's office (label, lat, long); success false with a plain message when the geocoder is not configured or does not answer; 400 when no place is found", spec: "part 1 §7", request: ZStoreOfficeRequest, requestType: "form", response: ZStoreOfficeResponse, auth: "session" },
  { method: "post", path: "/json/click", summary: "Records the signed-in employee's click on a property (externalId, provider, url optional http(s))", spec: "part 1 §7", request: ZClickRequest, requestType: "form", response: ZRecordedResponse, auth: "session" },
  { method: "post", path: "/statistics/serviceVisit", summary: "Records a visit of the signed-in user to a service or page (service: 1-60 letters, digits, dashes, dots or underscores)", spec: "part 1 §7", request: ZServiceVisitRequest, requestType: "form", response: ZRecordedResponse, auth: "session" },
];
