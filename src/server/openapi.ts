import { z } from "zod";
import { identityPaths } from "../routers/identity/openapi.ts";
import { movesPaths } from "../routers/moves/openapi.ts";
import { estimatePaths } from "../routers/estimate/openapi.ts";
import { policyPaths } from "../routers/policy/openapi.ts";
import { employeePaths } from "../routers/employee/openapi.ts";
import { managerPaths } from "../routers/manager/openapi.ts";
import { financePaths } from "../routers/finance/openapi.ts";
import { adminPaths } from "../routers/admin/openapi.ts";
import { reportingPaths } from "../routers/reporting/openapi.ts";
import { crmPaths } from "../routers/crm/openapi.ts";
import type { Operation } from "./openapi-types.ts";
export type { Operation } from "./openapi-types.ts";

/**
 * The documented legacy HTTP paths, described from the same zod schemas the handlers parse with: each
 * room lists its own in src/routers/<room>/openapi.ts. Served at /api/openapi.json.
 */
export const allLegacyOperations = (): Operation[] => [
  ...identityPaths,
  ...movesPaths,
  ...estimatePaths,
  ...policyPaths,
  ...employeePaths,
  ...managerPaths,
  ...financePaths,
  ...adminPaths,
  ...reportingPaths,
  ...crmPaths,
];

function jsonSchema(schema: z.ZodType) {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
}

type JsonSchemaObject = { properties?: Record<string, unknown>; required?: string[] };

/** The path's `{name}` parameters (text, required) and, for a query request, its fields as query parameters. */
function parametersOf(op: Operation) {
  const inPath = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1]!, in: "path", required: true, schema: { type: "string" } }));
  const query = op.request && op.requestType === "query" ? (jsonSchema(op.request) as JsonSchemaObject) : null;
  const inQuery = Object.entries(query?.properties ?? {})
    .filter(([name]) => !inPath.some((p) => p.name === name))
    .map(([name, schema]) => ({ name, in: "query", required: query?.required?.includes(name) ?? false, schema }));
  return [...inPath, ...inQuery];
}

export function buildOpenApi() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of allLegacyOperations()) {
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
    const parameters = parametersOf(op);
    paths[op.path] = {
      ...(paths[op.path] ?? {}),
      [op.method]: {
        summary: op.summary,
        description: `Specification: ${op.spec}.`,
        ...(op.changesState ? { "x-changes-state": true } : {}),
        ...(op.auth === "session" ? { security: [{ session: [] }] } : {}),
        ...(parameters.length > 0 ? { parameters } : {}),
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
