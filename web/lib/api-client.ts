import type { ErrorBody } from "../../common/errors";

/** A non-2xx answer of our API, carrying the server's code, message and per-field messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/**
 * Reads `{ error: { code, message, fields? } }` (common/errors.ts) by hand: zod stays out of the
 * home page's first script.
 */
function readErrorBody(json: unknown): ErrorBody["error"] | null {
  if (!isRecord(json) || !isRecord(json.error)) return null;
  const { code, message, fields } = json.error;
  if (typeof code !== "string" || typeof message !== "string") return null;
  const stringFields: Record<string, string> = {};
  if (isRecord(fields)) {
    for (const [key, value] of Object.entries(fields)) if (typeof value === "string") stringFields[key] = value;
  }
  return { code, message, fields: isRecord(fields) ? stringFields : undefined };
}

/**
 * Sends a same-origin JSON request; the answer is typed by the caller's contract type
 * (the server validates what it sends against the same contracts).
 * Throws ApiError for non-2xx answers (except `acceptStatuses`), with the server's code and message when it sent them.
 * `headers` adds request headers (an Idempotency-Key, lib/idempotency-keys.ts).
 */
export async function requestJson<T>(method: Method, path: string, body?: unknown, acceptStatuses: readonly number[] = [], headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: "same-origin",
    // A JSON content type only with a body: the server refuses an empty body that claims to be JSON.
    headers: body === undefined ? { Accept: "application/json", ...headers } : { Accept: "application/json", "Content-Type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await readJson(response);
  if (!response.ok && !acceptStatuses.includes(response.status)) {
    const error = readErrorBody(json);
    throw new ApiError(response.status, error?.code ?? "HTTP_ERROR", error?.message ?? "", error?.fields);
  }
  return json as T;
}

/** GET a JSON resource of type T. */
export function getJson<T>(path: string): Promise<T> {
  return requestJson<T>("GET", path);
}

/** GET where some error statuses carry a contract answer too (e.g. 403 with why it is locked). */
export function getJsonAccepting<T>(path: string, statuses: readonly number[]): Promise<T> {
  return requestJson<T>("GET", path, undefined, statuses);
}

/** PATCH a JSON body, answering T. */
export function patchJson<T>(path: string, body: unknown): Promise<T> {
  return requestJson<T>("PATCH", path, body);
}

/** True for answers that retrying will not change (4xx). */
export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}
