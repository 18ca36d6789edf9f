import { z } from "zod";

export const ZMessagesRequest = z.object({
  lang: z.string().trim().min(2).max(10).default("en"),
  group: z.string().trim().max(64).optional(),
});
export const ZMessagesResponse = z.object({ lang: z.string(), messages: z.record(z.string(), z.string()) });
