/**
 * Malformed-input fuzzing of every endpoint the Hono app answers (src/test/fuzz.test.ts).
 *
 *   const endpoints = [...trpcEndpoints(), ...legacyEndpoints(app)];    // discovered, no list to keep
 *   for (const e of endpoints) for (const r of casesFor(e, seed)) await send(app, r, identity);
 *   const writes = await installWriteLog(db);                            // counts committed row writes
 *
 * Endpoints come from the router and the app themselves: every tRPC procedure of
 * `appRouter._def.procedures` (queries as GET ?input=, mutations as POST) and every legacy path of
 * the OpenAPI document (`buildOpenApi()`, with its path and query parameters and form fields),
 * plus any route the app mounts that the document does not describe. A new procedure or path is
 * fuzzed by existing.
 *
 * Money fields are known by the shared money schema's mark (`"x-money"` in the JSON schema, wherever
 * the field sits: top level, nested object or array item): each gets amounts around 2^31 and 2^63
 * minor units and at the one money bound, written for 0-, 2- and 3-decimal currencies (JPY, USD, BHD,
 * with the field's currency set to match where the endpoint has one) and as JSON numbers
 * (`moneyCases`); those past the bound must be refused (4xx), none may answer 5xx.
 *
 * Cases are of two kinds: fixed known-bad requests every endpoint gets (ids past the int4 range,
 * hex and NaN text, malformed multipart and JSON, wrong content types, bad percent-encoding in
 * path parameters and query, NUL, 1 MB text, arrays for objects …) and fast-check samples drawn
 * from a fixed seed (per endpoint: the run seed mixed with a hash of the endpoint's name, so a new
 * endpoint does not change the cases of the others).
 */
import fc from "fast-check";
import { sql } from "kysely";
import { z } from "zod";
import type { DB, Dialect } from "../db/index.ts";
import { MONEY_MAX_MINOR } from "../domain/money/money.ts";
import { appRouter } from "../routers/_app.ts";
import { buildOpenApi } from "../server/openapi.ts";
import type { TestApp } from "./app.ts";

// ── endpoints ───────────────────────────────────────────────────────────────────────────────

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  minLength?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  required?: string[];
  /** The shared money schema's mark (src/domain/money/schemas.ts): an amount of money; "minor" when in minor units. */
  "x-money"?: boolean;
  "x-money-unit"?: string;
};

/** A field the endpoint reads, with the JSON schema of its input side ({} when unknown). */
export type Field = { name: string; schema: JsonSchema; required?: boolean };

export type Endpoint = {
  /** "trpc query policy.policies.get", "legacy POST /login" … (also the seed's salt) */
  name: string;
  kind: "trpc" | "legacy";
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** tRPC: the procedure path; legacy: the path template with {param} placeholders. */
  path: string;
  pathParams: string[];
  /** Body fields (tRPC input keys, legacy form fields) or query fields (legacy GET). */
  fields: Field[];
  /** Where a legacy endpoint reads its fields. */
  fieldsIn: "body" | "query";
};

type ProcedureDef = { type: "query" | "mutation" | "subscription"; inputs: unknown[] };

function inputSchemaOf(parsers: unknown[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const parser of parsers) {
    if (!(parser instanceof z.ZodType)) continue;
    try {
      const js = z.toJSONSchema(parser, { io: "input", unrepresentable: "any" }) as JsonSchema;
      Object.assign(properties, js.properties ?? {});
      required.push(...(js.required ?? []));
    } catch {
      // A schema zod cannot describe (recursive, custom): fuzz it without field names.
    }
  }
  return { type: "object", properties, required };
}

/** Every tRPC procedure of the app router. */
export function trpcEndpoints(): Endpoint[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>;
  return Object.entries(procedures)
    .filter(([, p]) => p._def.type !== "subscription")
    .map(([path, p]) => {
      const schema = inputSchemaOf(p._def.inputs);
      const query = p._def.type === "query";
      return {
        name: `trpc ${p._def.type} ${path}`,
        kind: "trpc" as const,
        method: query ? ("GET" as const) : ("POST" as const),
        path,
        pathParams: [],
        fields: Object.entries(schema.properties ?? {}).map(([name, s]) => ({ name, schema: s, required: schema.required?.includes(name) })),
        fieldsIn: "body" as const,
      };
    });
}

type OpenApiOperation = {
  parameters?: { name: string; in: "path" | "query"; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const templateOf = (honoPath: string) => honoPath.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}").replace(/(.)\/$/, "$1");
const paramsOf = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/**
 * Every legacy path of the OpenAPI document, then every route the app mounts that the document
 * leaves out (their fields unknown, so only their path parameters and raw bodies are fuzzed).
 */
export function legacyEndpoints(app: TestApp): Endpoint[] {
  const doc = buildOpenApi() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const out: Endpoint[] = [];
  const seen = new Set<string>();
  for (const [template, operations] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(operations)) {
      const method = m.toUpperCase() as Endpoint["method"];
      const query = (op.parameters ?? []).filter((p) => p.in === "query").map((p) => ({ name: p.name, schema: p.schema ?? {} }));
      const bodySchema = Object.values(op.requestBody?.content ?? {})[0]?.schema;
      const body = Object.entries(bodySchema?.properties ?? {}).map(([name, schema]) => ({ name, schema, required: bodySchema?.required?.includes(name) }));
      seen.add(`${method} ${templateOf(template)}`);
      out.push({
        name: `legacy ${method} ${template}`,
        kind: "legacy",
        method,
        path: template,
        pathParams: paramsOf(template),
        fields: method === "GET" ? query : [...body, ...query],
        fieldsIn: method === "GET" ? "query" : "body",
      });
    }
  }
  for (const route of app.routes) {
    const method = route.method as Endpoint["method"];
    if (!METHODS.includes(method)) continue;
    if (route.path.includes("*")) {
      // The catch-all (static assets, then page loads): fuzzed one and two segments deep.
      if (route.path !== "*" && route.path !== "/*") continue;
      for (const template of ["/{segment}", "/assets/{file}", "/acme/{page}"]) {
        out.push({ name: `catch-all ${method} ${template}`, kind: "legacy", method, path: template, pathParams: paramsOf(template), fields: [], fieldsIn: "query" });
      }
      continue;
    }
    const template = templateOf(route.path);
    if (template.startsWith("/trpc") || seen.has(`${method} ${template}`)) continue;
    seen.add(`${method} ${template}`);
    out.push({
      name: `legacy ${method} ${template} (mounted, undocumented)`,
      kind: "legacy",
      method,
      path: template,
      pathParams: paramsOf(template),
      fields: [],
      fieldsIn: method === "GET" ? "query" : "body",
    });
  }
  return out;
}

// ── values ──────────────────────────────────────────────────────────────────────────────────

const MB = "A".repeat(1024 * 1024);
const deep = (depth: number, leaf: unknown): unknown => (depth === 0 ? leaf : { a: [deep(depth - 1, leaf)] });

/** Numbers that break integer columns or coerce oddly: int4 edge and past it, 2^53, negatives, 1e308. */
export const BAD_NUMBERS = [2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53, 2 ** 53 + 2, -1, 0, 1.5, 1e308, -1e308, 5e-324, 999_999];
/** Number-like text: the same, plus hex/octal/binary, NaN, Infinity, separators, non-ASCII digits, padding. */
export const BAD_NUMBER_TEXTS = [
  "2147483648", "2147483647", "9007199254740993", "-1", "0", "1e308", "1e3", "NaN", "Infinity", "-Infinity",
  "0x10", "0b11", "0o7", "1_000", " 7 ", "+5", "١٢", "12abc", "", "   ", "1.0", "-0",
];
/** Text that upsets parsers, databases and decoders. */
export const BAD_TEXTS = [
  MB, "a\u0000b", "\uD800", "\uFFFF", "👩‍👩‍👧‍👦", "\u202Eevil", "\u200B", "%", "%zz", "%E0%A4%A", "../../etc/passwd",
  "'; DROP TABLE users; --", "<script>alert(1)</script>", "null", "undefined", "true", "__proto__", "\r\n", "x".repeat(10_000),
  "😀".repeat(5_000), "acme", "ACME ", "9999-99-99", "2024-02-30", "not-an-email@", "a@b",
];
/** Values of the wrong shape for any field. */
export const BAD_SHAPES: unknown[] = [
  null, true, false, [], [1, 2, 3], {}, { a: 1 }, JSON.parse('{"__proto__":{"polluted":1}}'), deep(30, "a\u0000"),
  { "k\u0000": 1 }, Array.from({ length: 2000 }, (_, i) => i), [{ id: 2 ** 31 }], [MB],
];

const badValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...BAD_NUMBERS) },
  { weight: 3, arbitrary: fc.constantFrom(...BAD_NUMBER_TEXTS) },
  { weight: 3, arbitrary: fc.constantFrom(...BAD_TEXTS) },
  { weight: 3, arbitrary: fc.constantFrom(...BAD_SHAPES) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/**
 * Values the seeded demo database knows, by field name (any endpoint's field of that name): with
 * them a request gets past "unknown service" or "unknown currency" to the field under attack.
 */
const KNOWN_VALUES: [RegExp, unknown][] = [
  [/^(group|groupName|customer|prefix)$/, "acme"],
  [/^service(Type|Key|Code|Name)?$/, "TEMPACCOMMODATION"],
  [/currency$/i, "USD"],
  [/countryCode$/i, "GB"],
  [/^(lang|language)$/, "en"],
  [/email$/i, "nobody@example.test"],
  [/uuid$/i, "00000000-0000-4000-8000-000000000000"],
  [/date$/i, "2030-01-15"],
];
const knownValue = (name: string) => KNOWN_VALUES.find(([pattern]) => pattern.test(name))?.[1];

/** A value that passes the field's schema as far as its JSON schema says, so the bad field next to it is reached. */
function plausible(field: Field, depth = 0): unknown {
  const s = field.schema;
  const known = knownValue(field.name);
  if (known !== undefined && s.enum === undefined && s.const === undefined) return known;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const alt = s.anyOf ?? s.oneOf ?? s.allOf;
  if (alt?.length) return plausible({ name: field.name, schema: alt.find((a) => a.type !== "null") ?? alt[0]! }, depth);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  switch (type) {
    case "integer":
    case "number":
      return s.minimum !== undefined && s.minimum > 1 ? s.minimum : 1;
    case "boolean":
      return false;
    case "array":
      return [];
    case "object":
      if (depth > 2) return {};
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([name, schema]) => [name, plausible({ name, schema }, depth + 1)]));
    case "string":
      if (s.format === "email") return "nobody@example.test";
      if (s.format === "uuid") return "00000000-0000-4000-8000-000000000000";
      if (s.format === "date") return "2030-01-01";
      return "x".repeat(Math.max(1, s.minLength ?? 1));
    default:
      return /id$/i.test(field.name) ? 1 : "1";
  }
}

// ── requests ────────────────────────────────────────────────────────────────────────────────

/** One request to send: the method, the path with its query, and a raw body. */
export type FuzzRequest = { method: string; path: string; body?: string | Uint8Array<ArrayBuffer>; contentType?: string; label: string };

/** Path parameter values: in range but unknown, past int4, hex, and text that is not valid percent-encoding. */
export const BAD_PATH_SEGMENTS = [
  "2147483648", "9007199254740993", "-1", "0", "0x10", "1e308", "NaN", "%", "%zz", "%E0%A4%A", "%C0%AF", "..%2F..%2Fetc",
  "%F0%9F%98%80", "%20", "a".repeat(5000), "999999",
];

/** Raw bodies no handler can read as fields. */
export const BAD_BODIES: { label: string; body: string | Uint8Array<ArrayBuffer>; contentType?: string }[] = [
  { label: "malformed multipart", body: "--x\r\nfoo", contentType: "multipart/form-data; boundary=x" },
  { label: "multipart without boundary", body: "--x\r\nfoo", contentType: "multipart/form-data" },
  { label: "truncated multipart", body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1', contentType: "multipart/form-data; boundary=x" },
  { label: "bad JSON", body: '{"a":', contentType: "application/json" },
  { label: "JSON array", body: "[1,2]", contentType: "application/json" },
  { label: "JSON string", body: '"x"', contentType: "application/json" },
  { label: "JSON null", body: "null", contentType: "application/json" },
  { label: "JSON with a form body", body: "a=1&b=2", contentType: "application/json" },
  { label: "form with bad percent-encoding", body: "a=%&b=%zz&c=%E0%A4%A", contentType: "application/x-www-form-urlencoded" },
  { label: "text/plain", body: "a=%&b=%zz", contentType: "text/plain" },
  { label: "xml", body: "<a><b/></a>", contentType: "application/xml" },
  { label: "binary", body: new Uint8Array([0, 255, 254, 0, 1, 2, 0xc0, 0xaf]), contentType: "application/octet-stream" },
  { label: "no content type", body: "{}" },
  { label: "utf-16 JSON", body: '{"a":1}', contentType: "application/json; charset=utf-16" },
];

const formValue = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : JSON.stringify(v) ?? "");
const formOf = (fields: Record<string, unknown>) => new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, formValue(v)])).toString();

function multipartOf(fields: Record<string, unknown>): { body: string; contentType: string } {
  const boundary = "fuzzboundary7MA4YWxk";
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/"/g, "")}"\r\n\r\n${formValue(v)}\r\n`,
  );
  return { body: `${parts.join("")}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

type Encoding = "json" | "form" | "multipart" | "query";

/** Field values for a request: plausible for every field but at least one bad (or extra) one. */
function fieldsArb(endpoint: Endpoint): fc.Arbitrary<Record<string, unknown>> {
  const base = Object.fromEntries(endpoint.fields.map((f) => [f.name, plausible(f)]));
  const names = endpoint.fields.map((f) => f.name);
  const overrides = names.length
    ? fc.dictionary(fc.constantFrom(...names), badValue, { minKeys: 1, maxKeys: Math.min(3, names.length) })
    : fc.dictionary(fc.string({ maxLength: 8 }), badValue, { maxKeys: 3 });
  return fc.tuple(overrides, fc.boolean()).map(([bad, dropOthers]) => ({ ...(dropOthers ? {} : base), ...bad }));
}

function pathWith(endpoint: Endpoint, params: Record<string, string>): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? "1");
}

const plausibleParams = (endpoint: Endpoint) =>
  Object.fromEntries(endpoint.pathParams.map((p) => [p, p === "group" || p === "prefix" ? "acme" : p === "type" ? "employee" : "1"]));

function legacyRequest(endpoint: Endpoint, params: Record<string, string>, fields: Record<string, unknown>, encoding: Encoding, label: string): FuzzRequest {
  const path = pathWith(endpoint, params);
  if (endpoint.method === "GET" || encoding === "query") {
    const query = formOf(fields);
    return { method: endpoint.method, path: query ? `${path}?${query}` : path, label };
  }
  if (encoding === "json") return { method: endpoint.method, path, body: JSON.stringify(fields), contentType: "application/json", label };
  if (encoding === "multipart") return { method: endpoint.method, path, ...multipartOf(fields), label };
  return { method: endpoint.method, path, body: formOf(fields), contentType: "application/x-www-form-urlencoded", label };
}

function trpcRequest(endpoint: Endpoint, input: unknown, label: string): FuzzRequest {
  const json = JSON.stringify(input);
  if (endpoint.method === "GET") {
    return { method: "GET", path: `/trpc/${endpoint.path}${json === undefined ? "" : `?input=${encodeURIComponent(json)}`}`, label };
  }
  return { method: "POST", path: `/trpc/${endpoint.path}`, body: json, contentType: "application/json", label };
}

/** The fixed known-bad requests every endpoint gets, whatever the seed. */
export function fixedCases(endpoint: Endpoint): FuzzRequest[] {
  const out: FuzzRequest[] = [];
  const base = Object.fromEntries(endpoint.fields.map((f) => [f.name, plausible(f)]));
  // The required fields and the optional ones with a known value, so an optional one with a made-up
  // value (an unknown policy) does not stop the request before the attacked field counts.
  const required = Object.fromEntries(
    endpoint.fields.filter((f) => f.required || knownValue(f.name) !== undefined).map((f) => [f.name, plausible(f)]),
  );
  // Every field past the int4 range, as hex text, negative, and in range but naming no row (a
  // foreign key or lookup must refuse it, not the database).
  const fieldAttacks = endpoint.fields.flatMap((f) =>
    [2 ** 31, "0x10", -1, 2 ** 31 - 1].map((bad) => ({ label: `${f.name}=${JSON.stringify(bad)}`, fields: { ...required, [f.name]: bad } })),
  );

  if (endpoint.kind === "trpc") {
    const p = `/trpc/${endpoint.path}`;
    for (const input of [undefined, null, [], "x", 2 ** 31, { ...base }]) out.push(trpcRequest(endpoint, input, `input ${JSON.stringify(input)}`));
    for (const a of fieldAttacks) out.push(trpcRequest(endpoint, a.fields, a.label));
    if (endpoint.method === "GET") {
      out.push({ method: "GET", path: `${p}?input=%7B`, label: "bad JSON input" });
      out.push({ method: "GET", path: `${p}?input=%`, label: "bad percent-encoding in input" });
      out.push({ method: "GET", path: `${p}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { ...base, x: 2 ** 31 } }))}`, label: "batch" });
      out.push({ method: "POST", path: p, body: "{}", contentType: "application/json", label: "query as POST" });
    } else {
      for (const b of BAD_BODIES) out.push({ method: "POST", path: p, body: b.body, contentType: b.contentType, label: b.label });
      out.push({ method: "POST", path: `${p}?batch=1`, body: JSON.stringify({ 0: { ...base, x: 2 ** 31 } }), contentType: "application/json", label: "batch" });
      out.push({ method: "GET", path: `${p}?input=%7B%7D`, label: "mutation as GET" });
    }
    return out;
  }

  const params = plausibleParams(endpoint);
  for (const name of endpoint.pathParams) {
    for (const segment of BAD_PATH_SEGMENTS) {
      out.push(legacyRequest(endpoint, { ...params, [name]: segment }, base, "form", `path ${name}=${segment.slice(0, 20)}`));
    }
  }
  const path = pathWith(endpoint, params);
  out.push({ method: endpoint.method, path: `${path}?a=%&b=%zz&c=%E0%A4%A`, label: "bad percent-encoding in query" });
  out.push({ method: endpoint.method, path: `${path}%`, label: "bad percent-encoding at the end of the path" });
  if (endpoint.method !== "GET") {
    for (const b of BAD_BODIES) out.push({ method: endpoint.method, path, body: b.body, contentType: b.contentType, label: b.label });
  }
  for (const a of fieldAttacks) {
    out.push(legacyRequest(endpoint, params, a.fields, "form", `${a.label} (form)`));
    if (endpoint.method !== "GET") out.push(legacyRequest(endpoint, params, a.fields, "json", `${a.label} (json)`));
  }
  return out;
}

// ── money ───────────────────────────────────────────────────────────────────────────────────

/** A money field of an endpoint: where it sits (array items as "0"), its unit, and the currency field beside it. */
export type MoneyField = { path: string[]; minor: boolean; currencyPath: string[] | null };

const alternatives = (s: JsonSchema) => [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])];

/** The currency field that goes with a money field among its siblings: `fooCurrency` for `fooAmount`, else `currency`. */
function currencyBeside(name: string, siblings: string[]): string | null {
  const named = name.replace(/Amount$/, "Currency");
  if (named !== name && siblings.includes(named)) return named;
  return siblings.includes("currency") ? "currency" : null;
}

/** Every money field of the endpoint, found by the shared money schema's mark. */
export function moneyFields(endpoint: Endpoint): MoneyField[] {
  const out: MoneyField[] = [];
  const walk = (schema: JsonSchema, path: string[], siblings: string[], depth: number) => {
    if (depth > 8) return;
    if (schema["x-money"]) {
      const currency = currencyBeside(path.at(-1)!, siblings);
      out.push({ path, minor: schema["x-money-unit"] === "minor", currencyPath: currency === null ? null : [...path.slice(0, -1), currency] });
      return;
    }
    for (const alt of alternatives(schema)) walk(alt, path, siblings, depth + 1);
    const props = schema.properties ?? {};
    for (const [name, s] of Object.entries(props)) walk(s, [...path, name], Object.keys(props), depth + 1);
    if (schema.items) walk(schema.items, [...path, "0"], [], depth + 1);
  };
  const top = endpoint.fields.map((f) => f.name);
  for (const f of endpoint.fields) walk(f.schema, [f.name], top, 0);
  return out;
}

/** The schema of the value at `key` inside `schema` (through anyOf/oneOf/allOf), or {}. */
function childSchema(schema: JsonSchema, key: string): JsonSchema {
  for (const s of [schema, ...alternatives(schema)]) {
    if (key === "0" && s.items) return s.items;
    if (s.properties?.[key]) return s.properties[key]!;
  }
  return {};
}

/** A copy of `input` with `value` at `path`, making plausible containers (objects, one-item arrays) on the way. */
function withValueAt(input: Record<string, unknown>, fields: Field[], path: string[], value: unknown): Record<string, unknown> {
  const root: Record<string, unknown> = structuredClone(input);
  let schema: JsonSchema = { type: "object", properties: Object.fromEntries(fields.map((f) => [f.name, f.schema])) };
  let node: Record<string, unknown> | unknown[] = root;
  path.forEach((key, i) => {
    const sub = childSchema(schema, key);
    const target = node as Record<string, unknown>;
    if (i === path.length - 1) target[key] = value;
    else {
      const wantArray = path[i + 1] === "0";
      let next = target[key];
      if (wantArray ? !Array.isArray(next) : next === null || typeof next !== "object" || Array.isArray(next)) {
        next = wantArray ? [] : plausible({ name: key, schema: sub });
        if (next === null || typeof next !== "object") next = {};
        target[key] = next;
      }
      if (wantArray && (next as unknown[]).length === 0) (next as unknown[]).push(plausible({ name: key, schema: childSchema(sub, "0") }));
      node = next as Record<string, unknown>;
    }
    schema = sub;
  });
  return root;
}

/** Minor units around 2^31 and 2^63 and at the one money bound (src/domain/money/money.ts MONEY_MAX_MINOR), with either sign. */
export const MONEY_BOUND_MINOR = BigInt(MONEY_MAX_MINOR);
export const MONEY_MINOR_VALUES = [2n ** 31n - 1n, 2n ** 31n, 2n ** 63n - 1n, -(2n ** 63n), MONEY_BOUND_MINOR, MONEY_BOUND_MINOR + 1n];
/** Currencies of 0, 2 and 3 decimal places (ISO 4217). */
export const MONEY_CURRENCIES = [["JPY", 0], ["USD", 2], ["BHD", 3]] as const;

/** `minor` minor units written in major units with `places` decimals ("21474836.48"). */
export function majorText(minor: bigint, places: number): string {
  const sign = minor < 0n ? "-" : "";
  const abs = minor < 0n ? -minor : minor;
  if (places === 0) return `${sign}${abs}`;
  const unit = 10n ** BigInt(places);
  return `${sign}${abs / unit}.${(abs % unit).toString().padStart(places, "0")}`;
}

/**
 * A money case: the field's value, the currency to set beside it, whether the app must refuse it
 * (past the bound), and `twin`: the key of the in-bound request (one minor unit, same currency and
 * fields) it is judged against: where that one is accepted, an amount past the bound must not be.
 */
type MoneyValue = { value: unknown; currency: string | null; pastBound: boolean; label: string; twin: string; isTwin?: boolean };

function moneyValues(field: MoneyField): MoneyValue[] {
  const past = (m: bigint) => m > MONEY_BOUND_MINOR || m < -MONEY_BOUND_MINOR;
  const key = `${field.path.join(".")}`;
  if (field.minor) {
    const currency = field.currencyPath ? "USD" : null;
    return [
      { value: 1, currency, pastBound: false, label: "1 minor (in bound)", twin: key, isTwin: true },
      ...MONEY_MINOR_VALUES.flatMap((m) => [
        { value: String(m), currency, pastBound: past(m), label: `${m} minor (text)`, twin: key },
        { value: Number(m), currency, pastBound: past(m), label: `${m} minor (number)`, twin: key },
      ]),
    ];
  }
  const out: MoneyValue[] = [];
  for (const [currency, places] of MONEY_CURRENCIES) {
    const twin = `${key} ${currency}`;
    out.push({ value: majorText(1n, places), currency, pastBound: false, label: `${majorText(1n, places)} ${currency} (in bound)`, twin, isTwin: true });
    for (const m of MONEY_MINOR_VALUES) out.push({ value: majorText(m, places), currency, pastBound: past(m), label: `${majorText(m, places)} ${currency}`, twin });
  }
  // JSON numbers: 2^31 cents exactly, and 2^63 (a double, past the bound).
  out.push({ value: Number(majorText(2n ** 31n, 2)), currency: "USD", pastBound: false, label: "21474836.48 USD (number)", twin: `${key} USD` });
  out.push({ value: 2 ** 63, currency: "USD", pastBound: true, label: "2^63 (number)", twin: `${key} USD` });
  return out;
}

/**
 * A request of the money cases: `pastBound` must be refused (4xx); `twin` names its in-bound request
 * (`isTwin` on that one), so a run can tell which money fields got as far as being accepted.
 */
export type MoneyRequest = FuzzRequest & { pastBound: boolean; twin: string; isTwin: boolean };

/** Every money field of the endpoint with amounts around 2^31 and 2^63 minor units and the bound, in 0/2/3-decimal currencies. */
export function moneyCases(endpoint: Endpoint): MoneyRequest[] {
  const base = Object.fromEntries(endpoint.fields.map((f) => [f.name, plausible(f)]));
  const out: MoneyRequest[] = [];
  for (const field of moneyFields(endpoint)) {
    for (const v of moneyValues(field)) {
      let input = withValueAt(base, endpoint.fields, field.path, v.value);
      if (field.currencyPath && v.currency) input = withValueAt(input, endpoint.fields, field.currencyPath, v.currency);
      const label = `money ${field.path.join(".")}=${v.label}`;
      const marks = { pastBound: v.pastBound, twin: `${endpoint.name} ${v.twin}`, isTwin: v.isTwin === true };
      if (endpoint.kind === "trpc") out.push({ ...trpcRequest(endpoint, input, label), ...marks });
      else {
        const params = plausibleParams(endpoint);
        const nested = field.path.length > 1;
        out.push({ ...legacyRequest(endpoint, params, input, endpoint.method === "GET" ? "query" : nested ? "json" : "form", label), ...marks });
      }
    }
  }
  return out;
}

/** 32-bit FNV-1a of a text: the per-endpoint salt of the seed. */
export function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** `count` fast-check samples for the endpoint, deterministic for (seed, endpoint name). */
export function generatedCases(endpoint: Endpoint, seed: number, count: number): FuzzRequest[] {
  const salted = (seed ^ hashOf(endpoint.name)) | 0;
  if (endpoint.kind === "trpc") {
    const input = fc.oneof({ weight: 4, arbitrary: fieldsArb(endpoint) as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: badValue });
    return fc.sample(input, { seed: salted, numRuns: count }).map((v, i) => trpcRequest(endpoint, v, `generated #${i}`));
  }
  const segment = fc.oneof(fc.constantFrom(...BAD_PATH_SEGMENTS), fc.string({ maxLength: 12 }).map(encodeURIComponent), fc.constant("1"));
  const params = fc.record(Object.fromEntries(endpoint.pathParams.map((p) => [p, segment])) as Record<string, fc.Arbitrary<string>>);
  const encoding = fc.constantFrom<Encoding>("form", "json", "multipart", "query");
  return fc
    .sample(fc.tuple(params, fieldsArb(endpoint), encoding), { seed: salted, numRuns: count })
    .map(([p, f, e], i) => legacyRequest(endpoint, { ...plausibleParams(endpoint), ...p }, f, e, `generated #${i} (${e})`));
}

/** Sends one fuzz request through the app, signed in with `cookie` (or signed out). */
export function sendFuzz(app: TestApp, r: FuzzRequest, cookie: string | null): Promise<Response> {
  const headers: Record<string, string> = {};
  if (r.contentType) headers["Content-Type"] = r.contentType;
  if (cookie) headers.Cookie = cookie;
  return Promise.resolve(app.request(r.path, { method: r.method, body: r.body, headers }, { ip: "203.0.113.9" }));
}

/** A one-line description of a request for a failure report (long bodies cut). */
export function describeRequest(r: FuzzRequest): string {
  const body = r.body === undefined ? "" : typeof r.body === "string" ? r.body : `<${r.body.length} bytes>`;
  const cut = (s: string) => (s.length > 160 ? `${s.slice(0, 160)}…(${s.length})` : s);
  return `${r.method} ${cut(r.path)} [${r.label}]${r.contentType ? ` ${r.contentType}` : ""}${body ? ` ${cut(body)}` : ""}`;
}

// ── writes ──────────────────────────────────────────────────────────────────────────────────

/**
 * Tables a refused request may legitimately write: `sessions` (the cookie's last-seen time, and
 * logout ends a session) and `login_throttle` (every failed sign-in counts, by design). Failed
 * sign-ins are also audited (`audit_log` rows with action login.failed): the audit trigger skips
 * those rows only, every other audit row counts.
 */
export const WRITE_LOG_EXCLUDED_TABLES = ["sessions", "login_throttle"];
const AUDIT_EXCEPT_ACTIONS = ["login.failed"];

export type WriteLog = {
  /** Rows written (committed) so far in the logged tables. */
  count(): Promise<number>;
  /** The tables and operations of the writes after `since`. */
  since(since: number): Promise<string[]>;
};

/**
 * Installs row triggers on every table of the database (but the excluded ones) that note each
 * committed insert, update and delete in `fuzz_writes`. A write rolled back (a refused
 * transaction) leaves no note, so only what a request really left behind counts.
 */
export async function installWriteLog(db: DB, dialect: Dialect): Promise<WriteLog> {
  // PostgreSQL lists every schema's tables: keep this database's (the test's private schema).
  const schema = dialect === "postgres" ? (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(db)).rows[0]?.s : undefined;
  const tables = (await db.introspection.getTables())
    .filter((t) => schema === undefined || t.schema === schema)
    .map((t) => t.name)
    .filter((name) => !name.startsWith("kysely_") && !WRITE_LOG_EXCLUDED_TABLES.includes(name));
  const actions = AUDIT_EXCEPT_ACTIONS.map((a) => `'${a}'`).join(", ");
  if (dialect === "postgres") {
    await sql`CREATE TABLE fuzz_writes (id serial PRIMARY KEY, tbl text NOT NULL, op text NOT NULL)`.execute(db);
    await sql`CREATE FUNCTION fuzz_note() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO fuzz_writes (tbl, op) VALUES (TG_TABLE_NAME, TG_OP); RETURN NULL; END $$`.execute(db);
    for (const t of tables) {
      if (t === "audit_log") {
        await sql.raw(`CREATE TRIGGER fuzz_w_i AFTER INSERT ON "${t}" FOR EACH ROW WHEN (NEW.action NOT IN (${actions})) EXECUTE FUNCTION fuzz_note()`).execute(db);
        await sql.raw(`CREATE TRIGGER fuzz_w_ud AFTER UPDATE OR DELETE ON "${t}" FOR EACH ROW EXECUTE FUNCTION fuzz_note()`).execute(db);
      } else {
        await sql.raw(`CREATE TRIGGER fuzz_w AFTER INSERT OR UPDATE OR DELETE ON "${t}" FOR EACH ROW EXECUTE FUNCTION fuzz_note()`).execute(db);
      }
    }
  } else {
    await sql`CREATE TABLE fuzz_writes (id INTEGER PRIMARY KEY AUTOINCREMENT, tbl TEXT NOT NULL, op TEXT NOT NULL)`.execute(db);
    for (const t of tables) {
      for (const op of ["INSERT", "UPDATE", "DELETE"]) {
        const when = t === "audit_log" && op === "INSERT" ? ` WHEN NEW.action NOT IN (${actions})` : "";
        await sql.raw(`CREATE TRIGGER "fuzz_w_${t}_${op}" AFTER ${op} ON "${t}"${when} BEGIN INSERT INTO fuzz_writes (tbl, op) VALUES ('${t}', '${op}'); END`).execute(db);
      }
    }
  }
  return {
    async count() {
      const row = await sql<{ n: number | string | null }>`SELECT max(id) AS n FROM fuzz_writes`.execute(db);
      return Number(row.rows[0]?.n ?? 0);
    },
    async since(since) {
      const rows = await sql<{ tbl: string; op: string }>`SELECT tbl, op FROM fuzz_writes WHERE id > ${since} ORDER BY id`.execute(db);
      return [...new Set(rows.rows.map((r) => `${r.op} ${r.tbl}`))];
    },
  };
}
