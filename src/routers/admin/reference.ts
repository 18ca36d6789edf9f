import { z } from "zod";
import { ZCitiesRequest, ZCity, ZCountry, ZCurrency, ZState } from "../../domain/admin/reference/schemas.ts";
import { findCities, findCountries, findCurrencies, findStates } from "../../db/queries/admin/reference.ts";
import { authedProcedure, router, sync } from "../../trpc.ts";

const coord = (v: string | null) => (v === null || v === "" ? null : Number(v));

/** Countries, states, cities and currencies: shared reference data for every signed-in user. */
export const referenceRouter = router({
  countries: authedProcedure.output(sync(z.array(ZCountry))).query(async ({ ctx }) =>
    (await findCountries(ctx.db)).map((c) => ({ code: c.code, name: c.name, currencyCode: c.currency_code })),
  ),
  states: authedProcedure
    .input(sync(z.object({ countryCode: z.string().trim().length(2).toUpperCase() })))
    .output(sync(z.array(ZState)))
    .query(({ ctx, input }) => findStates(ctx.db, input.countryCode)),
  cities: authedProcedure
    .input(sync(ZCitiesRequest))
    .output(sync(z.array(ZCity)))
    .query(async ({ ctx, input }) =>
      (await findCities(ctx.db, input)).map((c) => ({
        id: c.id,
        countryCode: c.country_code,
        state: c.state_code,
        name: c.name,
        latitude: coord(c.latitude),
        longitude: coord(c.longitude),
      })),
    ),
  currencies: authedProcedure.output(sync(z.array(ZCurrency))).query(async ({ ctx }) =>
    (await findCurrencies(ctx.db)).map((c) => ({ code: c.code, name: c.name, minorUnits: c.minor_units })),
  ),
});
