import { z } from "zod";

export const ZCountry = z.object({ code: z.string(), name: z.string(), currencyCode: z.string().nullable() });
export const ZState = z.object({ code: z.string(), name: z.string() });
/** part 1 §3 City: id 0 means Other (free text). */
export const ZCity = z.object({
  id: z.number().int(),
  countryCode: z.string(),
  state: z.string().nullable(),
  name: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export const ZCitiesRequest = z.object({
  countryCode: z.string().trim().length(2).toUpperCase(),
  stateCode: z.string().trim().max(10).optional(),
  search: z.string().trim().max(100).optional(),
  limit: z.number().int().min(1).max(200).default(50),
});
export const ZCurrency = z.object({ code: z.string(), name: z.string(), minorUnits: z.number().int() });
