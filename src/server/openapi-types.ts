/**
 * The shape of one documented path's OpenAPI description. Each room's `openapi.ts` lists its
 * operations with it; src/server/openapi.ts gathers them. Imports neither, so no import circle.
 */
import type { z } from "zod";

export type Operation = {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  summary: string;
  spec: string;
  request?: z.ZodType;
  requestType?: "form" | "query";
  response: z.ZodType;
  auth: "none" | "session";
  /**
   * A documented GET that changes state (the spec has a few): it must refuse cross-site requests
   * (`assertSameSite`). Every other GET, like every tRPC query, must write nothing;
   * src/test/read-only.test.ts holds both to it.
   */
  changesState?: true;
};
