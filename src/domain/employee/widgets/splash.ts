/**
 * Splash viewed (issue 14; part 2 §7 "Splash: PUT /splash/{id}/viewed"; §3 splash: id, navigation type,
 * category, subcategory). The response shape is not in the spec; this is Meridian's: the first time the
 * user saw it (a repeated call answers the same time).
 */
import { z } from "zod";
import { ZId } from "../../numbers.ts";

export const ZSplashViewedRequest = z.object({ id: ZId });
export type TSplashViewedRequest = z.infer<typeof ZSplashViewedRequest>;

export const ZSplashViewedResponse = z.object({ success: z.literal(true), splashId: z.number().int(), viewedAt: z.string() });
export type TSplashViewedResponse = z.infer<typeof ZSplashViewedResponse>;
