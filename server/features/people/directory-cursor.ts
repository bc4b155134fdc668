import { AppError } from "../../errors";

/** Where a directory page ended: the sort key of its last member (joined_at as UTC with microseconds, or sort_name) and its id. */
export interface DirectoryCursor {
  key: string;
  id: string;
}

/** Opaque to clients: base64url of `[key, id]`. */
export function encodeDirectoryCursor(cursor: DirectoryCursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString("base64url");
}

const MICROSECOND_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The cursor a client sent back for `sort`; anything that is not one of ours answers 400 rather than reaching the database. */
export function decodeDirectoryCursor(raw: string, sort: "newest" | "name"): DirectoryCursor {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(decoded) || decoded.length !== 2) throw invalidCursor();
  const [key, id] = decoded as unknown[];
  if (typeof key !== "string" || typeof id !== "string" || id === "" || id.length > 100 || key.length > 400) throw invalidCursor();
  if (sort === "newest" && !isRealInstant(key)) throw invalidCursor();
  return { key, id };
}

/** Shape alone lets "2025-02-30" through, which the database would refuse with a 500. */
function isRealInstant(text: string): boolean {
  if (!MICROSECOND_UTC.test(text)) return false;
  const parsed = new Date(text);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 19) === text.slice(0, 19);
}

function invalidCursor(): AppError {
  return new AppError("VALIDATION_FAILED", "Invalid cursor", { cursor: "Invalid cursor" });
}
