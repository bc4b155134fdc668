/*
 * The parts of the OpenAPI document (server/openapi/openapi-document.ts) the reference page shows,
 * read into flat lists: an endpoint's fields with their types and limits, its answers in order.
 */

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  description?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
};

type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema };
type Response = { $ref?: string; description?: string; content?: Record<string, unknown> };
type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  "x-access"?: Access;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, Response>;
};

export type OpenApiDocument = {
  openapi: string;
  info: { title: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema>; responses?: Record<string, Response> };
};

export type Access = "public" | "member" | "admin";

export type Field = { name: string; type: string; required: boolean; rules: string[]; description?: string };

export type Endpoint = {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  tag: string;
  access: Access;
  pathFields: Field[];
  queryFields: Field[];
  /** One list per accepted body shape (members' and admins' differ on some routes). */
  bodies: Field[][];
  responses: { status: string; description: string }[];
};

const METHOD_ORDER = ["get", "post", "put", "patch", "delete"];

function resolveRef<T>(document: OpenApiDocument, ref: string | undefined): T | undefined {
  if (!ref?.startsWith("#/")) return undefined;
  let node: unknown = document;
  for (const key of ref.slice(2).split("/")) node = node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined;
  return node as T | undefined;
}

function schemaOf(document: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema {
  if (!schema) return {};
  return schema.$ref ? (resolveRef<JsonSchema>(document, schema.$ref) ?? {}) : schema;
}

/** The alternatives of a union, a nullable field's null left out (it shows as a rule). */
function variants(schema: JsonSchema): JsonSchema[] {
  return schema.anyOf ?? schema.oneOf ?? [schema];
}

function typeName(document: OpenApiDocument, raw: JsonSchema): string {
  const schema = schemaOf(document, raw);
  const options = variants(schema).filter((option) => option.type !== "null");
  if (options.length > 1) return options.map((option) => typeName(document, option)).join(" or ");
  const only = options[0] ?? schema;
  if (only !== schema) return typeName(document, only);
  if (schema.enum) return "one of";
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const type = Array.isArray(schema.type) ? schema.type.filter((entry) => entry !== "null").join(" or ") : schema.type;
  if (type === "array") return `array of ${typeName(document, schema.items ?? {})}`;
  if (type === "string" && schema.format) return `string (${schema.format})`;
  return type ?? "any";
}

const plural = (count: number, word: string) => `${count.toLocaleString("en-US")} ${word}${count === 1 ? "" : "s"}`;

/** Limits and choices in words: "1 to 5,000 characters", "one of: general, funding". */
function rulesOf(document: OpenApiDocument, raw: JsonSchema): string[] {
  const schema = schemaOf(document, raw);
  const options = variants(schema);
  const rules = options.length > 1 && options.some((option) => option.type === "null") ? ["may be null"] : [];
  for (const option of options.filter((entry) => entry.type !== "null")) {
    const field = schemaOf(document, option);
    if (field.enum) rules.push(`one of: ${field.enum.map((value) => String(value)).join(", ")}`);
    if (field.minLength !== undefined && field.maxLength !== undefined) rules.push(`${field.minLength.toLocaleString("en-US")} to ${plural(field.maxLength, "character")}`);
    else if (field.maxLength !== undefined) rules.push(`at most ${plural(field.maxLength, "character")}`);
    else if (field.minLength !== undefined && field.minLength > 0) rules.push(`at least ${plural(field.minLength, "character")}`);
    const minimum = field.minimum ?? field.exclusiveMinimum;
    const maximum = field.maximum ?? field.exclusiveMaximum;
    if (minimum !== undefined && maximum !== undefined) rules.push(`${minimum.toLocaleString("en-US")} to ${maximum.toLocaleString("en-US")}`);
    else if (minimum !== undefined) rules.push(`at least ${minimum.toLocaleString("en-US")}`);
    else if (maximum !== undefined) rules.push(`at most ${maximum.toLocaleString("en-US")}`);
    if (field.maxItems !== undefined) rules.push(`at most ${plural(field.maxItems, "item")}`);
    if (field.minItems !== undefined && field.minItems > 0) rules.push(`at least ${plural(field.minItems, "item")}`);
    if (field.pattern) rules.push(`matches ${field.pattern}`);
    if (field.items) rules.push(...rulesOf(document, field.items).map((rule) => `each: ${rule}`));
  }
  if (schema.default !== undefined) rules.push(`default ${JSON.stringify(schema.default)}`);
  return rules;
}

/** An object's fields, nested objects as `parent.child`, two levels deep. */
function fieldsOf(document: OpenApiDocument, raw: JsonSchema | undefined, prefix = "", depth = 0): Field[] {
  const schema = schemaOf(document, raw);
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const resolved = schemaOf(document, property);
    const field: Field = { name: `${prefix}${name}`, type: typeName(document, resolved), required: required.has(name), rules: rulesOf(document, resolved), description: resolved.description };
    const nested = resolved.properties && depth < 2 ? fieldsOf(document, resolved, `${prefix}${name}.`, depth + 1) : [];
    return [field, ...nested];
  });
}

function parameterFields(document: OpenApiDocument, parameters: Parameter[], location: string): Field[] {
  return parameters
    .filter((parameter) => parameter.in === location)
    .map((parameter) => ({ name: parameter.name, type: typeName(document, parameter.schema ?? {}), required: parameter.required ?? false, rules: rulesOf(document, parameter.schema ?? {}), description: parameter.description }));
}

/** Success first, then the refusals in status order. */
function responsesOf(document: OpenApiDocument, responses: Record<string, Response>): Endpoint["responses"] {
  return Object.entries(responses)
    .map(([status, response]) => ({ status, description: (response.$ref ? resolveRef<Response>(document, response.$ref) : response)?.description ?? "" }))
    .sort((a, b) => (a.status.startsWith("2") === b.status.startsWith("2") ? a.status.localeCompare(b.status) : a.status.startsWith("2") ? -1 : 1));
}

export function endpointsOf(document: OpenApiDocument): Endpoint[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .sort(([a], [b]) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b))
      .map(([method, operation]) => {
        const parameters = operation.parameters ?? [];
        const body = operation.requestBody?.content?.["application/json"]?.schema;
        return {
          id: `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, "-"),
          method: method.toUpperCase(),
          path,
          summary: operation.summary ?? "",
          description: operation.description ?? "",
          tag: operation.tags?.[0] ?? "Other",
          access: operation["x-access"] ?? "public",
          pathFields: parameterFields(document, parameters, "path"),
          queryFields: parameterFields(document, parameters, "query"),
          bodies: body ? variants(body).map((variant) => fieldsOf(document, variant)) : [],
          responses: responsesOf(document, operation.responses ?? {}),
        };
      }),
  );
}

/** Endpoints whose path, summary or method holds every word of the search, grouped by feature in name order. */
export function groupedEndpoints(endpoints: Endpoint[], search: string): { tag: string; endpoints: Endpoint[] }[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const matching = endpoints.filter((endpoint) => {
    const text = `${endpoint.method} ${endpoint.path} ${endpoint.summary}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
  const groups = new Map<string, Endpoint[]>();
  for (const endpoint of matching) groups.set(endpoint.tag, [...(groups.get(endpoint.tag) ?? []), endpoint]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([tag, list]) => ({ tag, endpoints: list }));
}
