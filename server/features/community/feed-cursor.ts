import { AppError } from "../../errors";

/** Where a feed page ended, in the feed's sort order (featured desc, created_at desc, id desc). */
export interface FeedCursor {
  featured: boolean;
  /** UTC with microseconds, as the database keeps it: a millisecond Date would skip or repeat posts. */
  createdAt: string;
  id: number;
}

const MICROSECOND_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const MAX_ID = 2_147_483_647;

/** Opaque to clients: base64url of `[featured, createdAt, id]`. */
export function encodeFeedCursor(cursor: FeedCursor): string {
  return Buffer.from(JSON.stringify([cursor.featured ? 1 : 0, cursor.createdAt, cursor.id])).toString("base64url");
}

/** The cursor a client sent back; anything that is not one of ours answers 400. */
export function decodeFeedCursor(raw: string): FeedCursor {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(decoded) || decoded.length !== 3) throw invalidCursor();
  const [featured, createdAt, id] = decoded as unknown[];
  if (featured !== 0 && featured !== 1) throw invalidCursor();
  if (typeof createdAt !== "string" || !isRealInstant(createdAt)) throw invalidCursor();
  if (typeof id !== "number" || !Number.isInteger(id) || id < 1 || id > MAX_ID) throw invalidCursor();
  return { featured: featured === 1, createdAt, id };
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
