import type { FastifyInstance, FastifyRequest } from "fastify";
import { FORBIDDEN_CHARACTER_MESSAGE, hasForbiddenCharacter } from "../../common/contracts/text";
import { AppError } from "../errors";
import { matchedRoute } from "./routed-path";

/** No body of ours nests this deep; a deeper one is refused before it is walked. */
const MAX_DEPTH = 32;
const TOO_DEEP = "Too deeply nested";
/** The provider signs these bytes; they must reach the signature check as sent. */
const SIGNED_ROUTES = new Set(["/api/billing/webhook"]);
/** better-auth's mount answers errors in its own `{ code, message }` shape, which its client reads. */
const AUTH_ROUTE = "/api/auth/*";

interface Refusal {
  field: string;
  message: string;
}

/**
 * One check in front of every route: a query parameter, a path parameter or a string anywhere in a
 * JSON or form body (better-auth's raw bodies included) that holds a forbidden character gets 400
 * naming the field, before any guard, handler or database sees it.
 */
export function registerInputCharacterCheck(app: FastifyInstance): void {
  app.addHook("preValidation", async (request, reply) => {
    if (SIGNED_ROUTES.has(matchedRoute(request) ?? "")) return;
    const refusal = findRefusal(request.query, "", 0) ?? findRefusal(request.params, "", 0) ?? findRefusal(readBody(request), "", 0);
    if (!refusal) return;
    const message = refusal.field ? `${refusal.field}: ${refusal.message}` : refusal.message;
    const fields = { [refusal.field || "body"]: refusal.message };
    if (matchedRoute(request) === AUTH_ROUTE) return reply.code(400).send({ code: "VALIDATION_FAILED", message, fields });
    throw new AppError("VALIDATION_FAILED", message, fields);
  });
}

function findRefusal(value: unknown, path: string, depth: number): Refusal | null {
  if (typeof value === "string") return hasForbiddenCharacter(value) ? { field: path, message: FORBIDDEN_CHARACTER_MESSAGE } : null;
  if (typeof value !== "object" || value === null) return null;
  if (depth >= MAX_DEPTH) return { field: path, message: TOO_DEEP };
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (hasForbiddenCharacter(key)) return { field: childPath, message: FORBIDDEN_CHARACTER_MESSAGE };
    const found = findRefusal(child, childPath, depth + 1);
    if (found) return found;
  }
  return null;
}

/** The body as values: parsed already on our routes, raw bytes on mounts that parse for themselves. */
function readBody(request: FastifyRequest): unknown {
  const body = request.body;
  if (!(body instanceof Buffer)) return body;
  const type = request.headers["content-type"] ?? "";
  const text = body.toString("utf8");
  if (type.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
  if (!type.includes("json")) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined; // the mount answers malformed JSON itself
  }
}
