import type { RouteOptions } from "fastify";
import { z, type ZodType } from "zod";
import { accessOf, apiDocOf, type ApiAccess, type ApiDoc } from "./api-doc";

/** One method of one path as the document shows it. */
export interface DescribedEndpoint {
  method: string;
  /** Fastify's pattern: `/api/community/posts/:id`. */
  path: string;
  access: ApiAccess;
  doc: ApiDoc;
}

type JsonSchema = Record<string, unknown>;

/** Features by the first segment of their path (after `/api/` and `admin/`); a new feature shows under its segment until named here. */
const TAGS: Record<string, string> = {
  auth: "Sign-in and sessions",
  me: "Account",
  account: "Account",
  profile: "Account",
  config: "System",
  health: "System",
  ready: "System",
  "openapi.json": "System",
  settings: "Settings",
  billing: "Billing",
  coupons: "Billing",
  community: "Community",
  moderation: "Community",
  "message-reports": "Messages",
  messages: "Messages",
  masterminds: "Mastermind sessions",
  sessions: "Mastermind sessions",
  members: "Mastermind sessions",
  university: "University",
  courses: "University",
  "course-modules": "University",
  "course-lessons": "University",
  resources: "Resources",
  videos: "Videos",
  media: "Media library",
  people: "Member directory",
  search: "Search",
  notifications: "Notifications",
  email: "Email",
  outbox: "Email",
  users: "Users",
  "member-imports": "Users",
  "audit-log": "Users",
  stats: "Users",
  invitations: "Invitations",
  "call-requests": "Call requests",
  news: "News",
};

export function tagOf(path: string): string {
  const segments = path.split("/").filter((segment) => segment !== "" && segment !== "api" && segment !== "admin");
  const first = segments[0] ?? "api";
  return TAGS[first] ?? first.charAt(0).toUpperCase() + first.slice(1).replace(/-/g, " ");
}

/** Every route of the table that describes itself, one entry per method (HEAD is GET's). */
export function describedRoutes(routes: readonly RouteOptions[]): DescribedEndpoint[] {
  return routes.flatMap((route) => {
    const doc = apiDocOf(route);
    if (!doc) return [];
    const methods = [route.method].flat().filter((method) => method !== "HEAD");
    return methods.map((method) => ({ method, path: route.url, access: accessOf(route), doc }));
  });
}

const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, "{$1}");

/** `POST /api/community/posts/:id/replies` → `postCommunityPostsByIdReplies`. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split("/")
    .filter((segment) => segment !== "" && segment !== "api")
    .flatMap((segment) => (segment.startsWith(":") ? ["by", segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/)));
  return [method.toLowerCase(), ...words.filter(Boolean).map((word) => word.charAt(0).toUpperCase() + word.slice(1))].join("");
}

const pascal = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Request bodies become named components; a contract several routes share is one component. */
class ComponentSchemas {
  private readonly registry = z.registry<{ id: string }>();

  name(schema: ZodType, wanted: string): string {
    const existing = this.registry.get(schema)?.id;
    if (existing) return existing;
    this.registry.add(schema, { id: wanted });
    return wanted;
  }

  toJson(): Record<string, JsonSchema> {
    const { schemas } = z.toJSONSchema(this.registry, { uri: (id) => `#/components/schemas/${id}`, io: "input", unrepresentable: "any" });
    const components: Record<string, JsonSchema> = {};
    for (const [id, schema] of Object.entries(schemas)) {
      const { $schema: _dialect, $id: _id, ...rest } = schema as JsonSchema;
      components[id] = rest;
    }
    return components;
  }
}

function inlineSchema(schema: ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return rest;
}

/** A query or params contract (an object) as OpenAPI parameters, one per field. */
function parametersOf(schema: ZodType | undefined, location: "query" | "path", path: string): JsonSchema[] {
  const json = schema ? inlineSchema(schema) : { type: "object", properties: {} };
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  const names = location === "path" ? [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] ?? "") : Object.keys(properties);
  return names.map((name) => {
    const { description, ...fieldSchema } = properties[name] ?? { type: "string" };
    return {
      name,
      in: location,
      required: location === "path" || required.has(name),
      ...(typeof description === "string" ? { description } : {}),
      schema: fieldSchema,
    };
  });
}

const ERROR_SCHEMA: JsonSchema = {
  type: "object",
  description: "Every refusal has this shape. `fields` names each invalid field with a sentence a person can act on.",
  properties: {
    error: {
      type: "object",
      properties: {
        code: { type: "string", examples: ["VALIDATION_FAILED", "UNAUTHENTICATED", "FORBIDDEN", "NOT_FOUND", "RATE_LIMITED"] },
        message: { type: "string" },
        fields: { type: "object", additionalProperties: { type: "string" } },
      },
      required: ["code", "message"],
    },
  },
  required: ["error"],
};

const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } });

const STANDARD_ERRORS = {
  ValidationFailed: errorResponse("The body, query or path did not pass the contract (`VALIDATION_FAILED` with `fields`)."),
  Unauthenticated: errorResponse("No valid session cookie (`UNAUTHENTICATED`)."),
  Forbidden: errorResponse("Signed in, but the account is deactivated (`ACCOUNT_INACTIVE`), not allowed (`FORBIDDEN`), or an admin without a required second factor (`TWO_FACTOR_REQUIRED`)."),
  NotFound: errorResponse("Nothing with that id the caller may see (`NOT_FOUND`)."),
};

const ACCESS_NOTES: Record<ApiAccess, string> = {
  public: "Anyone; no session needed.",
  member: "Signed-in members with an active account (session cookie).",
  admin: "Admins only (session cookie of an active admin; with REQUIRE_ADMIN_2FA, one who has two-factor sign-in).",
};

function operationOf(endpoint: DescribedEndpoint, components: ComponentSchemas): JsonSchema {
  const { method, path, access, doc } = endpoint;
  const operationId = operationIdOf(method, path);
  const bodies = doc.body === undefined ? [] : [doc.body].flat();
  const bodyRefs = bodies.map((schema, index) => ({ $ref: `#/components/schemas/${components.name(schema, `${pascal(operationId)}Body${bodies.length > 1 ? index + 1 : ""}`)}` }));
  const parameters = [...parametersOf(doc.params, "path", path), ...parametersOf(doc.query, "query", path)];
  const success = doc.success ?? { status: 200 };
  const successKey = doc.success ? String(success.status) : "2XX";
  const contentType = success.contentType ?? "application/json";
  const successResponse: JsonSchema =
    success.status === 204 || success.status === 302
      ? { description: success.description ?? (success.status === 204 ? "Done; no body." : "Redirects.") }
      : { description: success.description ?? "Success.", content: { [contentType]: { schema: success.schema ? inlineSchema(success.schema) : contentType === "application/json" ? { type: "object" } : { type: "string", format: "binary" } } } };
  const responses: Record<string, unknown> = { [successKey]: successResponse };
  if (bodies.length > 0 || doc.query || doc.params) responses["400"] = { $ref: "#/components/responses/ValidationFailed" };
  if (access !== "public") responses["401"] = { $ref: "#/components/responses/Unauthenticated" };
  if (access !== "public") responses["403"] = { $ref: "#/components/responses/Forbidden" };
  if (path.includes("/:")) responses["404"] = { $ref: "#/components/responses/NotFound" };
  for (const [status, description] of Object.entries(doc.errors ?? {})) responses[status] = errorResponse(description);
  return {
    operationId,
    summary: doc.summary,
    description: [ACCESS_NOTES[access], doc.description].filter(Boolean).join("\n\n"),
    tags: [tagOf(path)],
    "x-access": access,
    ...(access === "public" ? { security: [] } : { security: [{ sessionCookie: [] }] }),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(bodyRefs.length > 0
      ? { requestBody: { required: true, content: { "application/json": { schema: bodyRefs.length === 1 ? bodyRefs[0] : { anyOf: bodyRefs } } } } }
      : {}),
    responses,
  };
}

export interface OpenApiOptions {
  endpoints: readonly DescribedEndpoint[];
  sessionCookieName: string;
  serverUrl: string;
}

/** The OpenAPI 3.1 document of the described endpoints; JSON Schemas by zod 4 (draft 2020-12, as 3.1 uses). */
export function buildOpenApiDocument({ endpoints, sessionCookieName, serverUrl }: OpenApiOptions): JsonSchema {
  const components = new ComponentSchemas();
  const paths: Record<string, Record<string, unknown>> = {};
  const sorted = [...endpoints].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  for (const endpoint of sorted) {
    const item = (paths[openApiPath(endpoint.path)] ??= {});
    item[endpoint.method.toLowerCase()] = operationOf(endpoint, components);
  }
  return {
    openapi: "3.1.1",
    info: {
      title: "Inventors Community API",
      version: "1.0.0",
      description: [
        "The JSON API the web app itself uses. Sign in with `POST /api/auth/sign-in/email`; the answer sets the session cookie, which every member and admin endpoint reads.",
        "Writes (POST, PUT, PATCH, DELETE) must send an `Origin` header naming this site (the CSRF check): a request without it, or from another origin, is refused with 403.",
        "Limits in the schemas (lengths, counts, ranges) are the ones the server enforces. Refusals share one shape (`Error`).",
      ].join("\n\n"),
    },
    servers: [{ url: serverUrl }],
    tags: [...new Set(sorted.map((endpoint) => tagOf(endpoint.path)))].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: ERROR_SCHEMA, ...components.toJson() },
      responses: STANDARD_ERRORS,
      securitySchemes: {
        sessionCookie: { type: "apiKey", in: "cookie", name: sessionCookieName, description: "Set by the sign-in and sign-up endpoints." },
      },
    },
  };
}
