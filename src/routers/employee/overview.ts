import {
  ZAboutResponse,
  ZAmenitiesResponse,
  ZClickRequest,
  ZCommuteResponse,
  ZGetPropertyRequest,
  ZGetPropertyResponse,
  ZNeighbourhoodRequest,
  ZOverviewPrepareResponse,
  ZRecordedResponse,
  ZSearchPropertyRequest,
  ZSearchPropertyResponse,
  ZServiceVisitRequest,
  ZStoreFavouriteRequest,
  ZStoreFavouriteResponse,
  ZStoreOfficeRequest,
  ZStoreOfficeResponse,
} from "../../domain/employee/widgets/overview.ts";
import {
  getProperty,
  neighbourhoodAbout,
  neighbourhoodAmenities,
  neighbourhoodCommute,
  prepareOverview,
  recordPropertyClick,
  recordServiceVisit,
  sampleProperties,
  searchProperty,
  storeNeighbourhoodFavourite,
  storeOfficePreference,
} from "../../services/employee/overview/overview.ts";
import { authedProcedure, roleProcedure, router, sync } from "../../trpc.ts";

const employee = roleProcedure("EMPLOYEE");

/**
 * The employee's overview page (issue 14; part 1 §2, §3, §7, §8, §9; src/domain/employee/widgets/overview.ts). Each
 * procedure calls the same service as its documented path (src/routers/employee/legacy/overview.ts). Queries only
 * read; `prepare` (a mutation) fetches the neighbourhoods and caches them with stable ids.
 */
export const overviewRouter = router({
  /** The destination, the neighbourhoods near it (cached by (provider, external id)) with the caller's favourite flags, the office and the map. */
  prepare: employee.output(sync(ZOverviewPrepareResponse)).mutation(({ ctx }) => prepareOverview(ctx.db, ctx.config, ctx.user)),

  /** The about tab: the Wikipedia summary of the neighbourhood. */
  about: employee.input(sync(ZNeighbourhoodRequest)).output(sync(ZAboutResponse)).query(({ ctx, input }) => neighbourhoodAbout(ctx.db, ctx.config, ctx.user, input)),

  /** The amenities tab: counts per category within 1 km. */
  amenities: employee.input(sync(ZNeighbourhoodRequest)).output(sync(ZAmenitiesResponse)).query(({ ctx, input }) => neighbourhoodAmenities(ctx.db, ctx.config, ctx.user, input)),

  /** The commute tab: driving distance and time to the caller's office. */
  commute: employee.input(sync(ZNeighbourhoodRequest)).output(sync(ZCommuteResponse)).query(({ ctx, input }) => neighbourhoodCommute(ctx.db, ctx.config, ctx.user, input)),

  /** The sample properties tab: a few rentals near the neighbourhood with their apartment types. */
  sampleProperties: employee.input(sync(ZNeighbourhoodRequest)).output(sync(ZSearchPropertyResponse)).query(({ ctx, input }) => sampleProperties(ctx.db, ctx.config, ctx.user, input)),

  /** GET /json/searchProperty?neighbourhoodId&bedrooms&radius&minPrice&maxPrice. */
  searchProperty: employee.input(sync(ZSearchPropertyRequest)).output(sync(ZSearchPropertyResponse)).query(({ ctx, input }) => searchProperty(ctx.db, ctx.config, ctx.user, input)),

  /** GET /json/getProperty?id. */
  getProperty: employee.input(sync(ZGetPropertyRequest)).output(sync(ZGetPropertyResponse)).query(({ ctx, input }) => getProperty(ctx.db, ctx.config, ctx.user, input)),

  /** POST /json/storeNeighbourhoodFavourites {neighbourhoodId, favourite}. */
  storeNeighbourhoodFavourites: employee
    .input(sync(ZStoreFavouriteRequest))
    .output(sync(ZStoreFavouriteResponse))
    .mutation(({ ctx, input }) => storeNeighbourhoodFavourite(ctx.db, ctx.user, input)),

  /** POST /json/storeEmployeeOfficePreference {address}. */
  storeEmployeeOfficePreference: employee
    .input(sync(ZStoreOfficeRequest))
    .output(sync(ZStoreOfficeResponse))
    .mutation(({ ctx, input }) => storeOfficePreference(ctx.db, ctx.config, ctx.user, input)),

  /** POST /json/click {externalId, provider, url}. */
  click: employee.input(sync(ZClickRequest)).output(sync(ZRecordedResponse)).mutation(({ ctx, input }) => recordPropertyClick(ctx.db, ctx.user, input)),

  /** POST /statistics/serviceVisit {service}: any signed-in user's visit. */
  serviceVisit: authedProcedure.input(sync(ZServiceVisitRequest)).output(sync(ZRecordedResponse)).mutation(({ ctx, input }) => recordServiceVisit(ctx.db, ctx.user, input)),
});
