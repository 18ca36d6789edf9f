import { z } from "zod";
import { ZCheckUserRequest, ZCheckUserResponse, ZLoginRequest, ZLoginResponse, ZLogoutResponse } from "../domain/auth/schemas.ts";
import { ZSetGroupStatusRequest, ZSetGroupStatusResponse } from "../domain/groups/schemas.ts";

/**
 * The documented legacy HTTP paths, described from the same zod schemas the handlers parse with.
 * Served at /api/openapi.json. Add each new legacy route here in the same commit.
 */
type Operation = {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  summary: string;
  spec: string;
  request?: z.ZodType;
  requestType?: "form" | "query";
  response: z.ZodType;
  auth: "none" | "session";
};

export const legacyOperations: Operation[] = [
  { method: "post", path: "/check-user", summary: "Which login step follows for an email address", spec: "part 2 §7 Login", request: ZCheckUserRequest, requestType: "form", response: ZCheckUserResponse, auth: "none" },
  { method: "post", path: "/login", summary: "Password sign-in; sets the session cookie", spec: "part 2 §7 Login", request: ZLoginRequest, requestType: "form", response: ZLoginResponse, auth: "none" },
  { method: "post", path: "/logout", summary: "Ends the session", spec: "part 2 §2 Login", response: ZLogoutResponse, auth: "session" },
  { method: "post", path: "/admin/groups/setGroupStatus", summary: "Suspend or activate a client group (ADMIN)", spec: "part 2 §7 Translation, settings and admin", request: ZSetGroupStatusRequest, requestType: "form", response: ZSetGroupStatusResponse, auth: "session" },
];

function jsonSchema(schema: z.ZodType) {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
}

export function buildOpenApi() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of legacyOperations) {
    const body = op.request && op.requestType === "form"
      ? {
          requestBody: {
            required: true,
            content: {
              "application/x-www-form-urlencoded": { schema: jsonSchema(op.request) },
              "application/json": { schema: jsonSchema(op.request) },
            },
          },
        }
      : {};
    paths[op.path] = {
      ...(paths[op.path] ?? {}),
      [op.method]: {
        summary: op.summary,
        description: `Specification: ${op.spec}.`,
        ...(op.auth === "session" ? { security: [{ session: [] }] } : {}),
        ...body,
        responses: {
          "200": { description: "Success", content: { "application/json": { schema: jsonSchema(op.response) } } },
          "4XX": { description: "Refused; the body has the same shape with the failure text" },
        },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Meridian legacy HTTP paths",
      version: "1",
      description: "The product's documented paths. Typed clients should prefer the tRPC API at /trpc (src/sdk).",
    },
    components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: "meridian_session" } } },
    paths,
  };
}
