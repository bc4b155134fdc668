import { createHash } from "node:crypto";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_HOURS,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENT_REPLAYED_HEADER,
} from "../../common/contracts/idempotency";
import type { Database } from "../db/client";
import { AppError } from "../errors";
import { idempotencyKeys } from "./idempotency.table";

/**
 * `Idempotency-Key` on the writes that create something (Stripe's semantics). A client that gave up
 * on an answer (a partition held its request, a connection dropped) retries with the same key and
 * gets the first answer, marked `Idempotent-Replayed: true`, instead of a second post, reply,
 * upload or checkout. Keys belong to one account and one route; the same key with a different
 * request is 422. Only successful answers are kept: a refused or failed attempt leaves nothing, so
 * its retry runs. Without the header a route behaves as it always did.
 */

/** A key as a route received it: whose it is and for which route. */
export interface IdempotencyKey {
  userId: string;
  route: string;
  key: string;
}

export interface Answer<T> {
  status: number;
  body: T;
  /** True when `body` is the stored answer of an earlier request with the same key. */
  replayed: boolean;
}

/**
 * A reserved key (answerOnceReserved) whose request never recorded an answer, because its process
 * died or the database went away in between, is run again after this long rather than refused until
 * it expires. Longer than such a request takes: the provider client gives up well before.
 */
export const RESERVATION_LIFETIME_MS = 2 * 60 * 1000;

/** The request's `Idempotency-Key` for `userId`; null without one, 400 when it is not 1 to 255 visible ASCII characters. */
export function idempotencyKeyOf(request: FastifyRequest, userId: string): IdempotencyKey | null {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (value === undefined) return null;
  if (typeof value !== "string" || !IDEMPOTENCY_KEY_PATTERN.test(value)) throw new AppError("BAD_REQUEST", IDEMPOTENCY_MESSAGES.invalidKey);
  return { userId, route: `${request.method} ${request.routeOptions.url ?? request.url}`, key: value };
}

/** SHA-256 of `identity` as JSON with its object keys sorted: the same request gives the same print whatever the key order. */
export function fingerprintOf(identity: unknown): string {
  return createHash("sha256").update(JSON.stringify(identity, (_key, value: unknown) => (isPlainObject(value) ? sortedObject(value) : value))).digest("hex");
}

/**
 * Runs `write` once per key: the key's row is inserted first in the write's own transaction and its
 * answer recorded there, so key and object commit or roll back together. A write that committed
 * after its client gave up (the answer never arrived) has its answer kept for the retry; one that
 * rolled back left no key, and the retry runs. On PostgreSQL a concurrent request with the same key
 * waits on the key's row until the first commits, then replays its answer. `write` must do its
 * database work through the `Database` it is given.
 */
export async function answerOnce<T>(db: Database, key: IdempotencyKey | null, fingerprint: string, status: number, write: (db: Database) => Promise<T>): Promise<Answer<T>> {
  if (!key) return { status, body: await write(db), replayed: false };
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const stored = await claimKey(tx, key, fingerprint);
    if (stored) return stored as Answer<T>;
    const body = await write(tx);
    await recordAnswer(tx, key, status, body);
    return { status, body, replayed: false };
  });
}

/**
 * For a write that waits on another service (checkout: the payment provider), which must not hold a
 * transaction open meanwhile: the key is reserved first (committed, no answer yet), `run` runs, and
 * its answer is recorded. A concurrent request with the key gets 409 while the first runs; a run
 * that fails gives the key back, so its retry runs.
 */
export async function answerOnceReserved<T>(db: Database, key: IdempotencyKey | null, fingerprint: string, status: number, run: () => Promise<T>): Promise<Answer<T>> {
  if (!key) return { status, body: await run(), replayed: false };
  const stored = await db.transaction((tx) => claimKey(tx as unknown as Database, key, fingerprint));
  if (stored) return stored as Answer<T>;
  let body: T;
  try {
    body = await run();
  } catch (error) {
    // Best effort: a reservation left behind is run again after RESERVATION_LIFETIME_MS.
    await db
      .delete(idempotencyKeys)
      .where(and(sameKey(key), isNull(idempotencyKeys.status)))
      .catch(() => undefined);
    throw error;
  }
  await recordAnswer(db, key, status, body);
  return { status, body, replayed: false };
}

/** Sends an answer; a replayed one carries `Idempotent-Replayed: true`. */
export function sendAnswer<T>(reply: FastifyReply, answer: Answer<T>): T {
  if (answer.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, "true");
  reply.code(answer.status);
  return answer.body;
}

const sameKey = (key: IdempotencyKey) => and(eq(idempotencyKeys.userId, key.userId), eq(idempotencyKeys.route, key.route), eq(idempotencyKeys.key, key.key));

/**
 * Inserts the key's row (no answer yet) and answers null, or answers the stored answer of the key:
 * 422 for another request under it, 409 while its first request still runs. An expired key is
 * removed first, so it starts over; an abandoned reservation is taken over.
 */
async function claimKey(tx: Database, key: IdempotencyKey, fingerprint: string): Promise<Answer<unknown> | null> {
  await tx.delete(idempotencyKeys).where(and(sameKey(key), lt(idempotencyKeys.expiresAt, sql`now()`)));
  const expiresAt = sql`now() + make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`;
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ ...key, fingerprint, expiresAt })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return null;
  // Locked, so two retries of an abandoned reservation cannot both take it over.
  const [row] = await tx
    .select({
      fingerprint: idempotencyKeys.fingerprint,
      status: idempotencyKeys.status,
      body: idempotencyKeys.body,
      // The database's clock, as the key's times are: instances' clocks may differ.
      abandoned: sql<boolean>`${idempotencyKeys.createdAt} < now() - make_interval(secs => ${RESERVATION_LIFETIME_MS / 1000})`,
    })
    .from(idempotencyKeys)
    .where(sameKey(key))
    .for("update");
  if (!row) throw new AppError("CONFLICT", IDEMPOTENCY_MESSAGES.inProgress);
  if (row.fingerprint !== fingerprint) throw new AppError("IDEMPOTENCY_KEY_REUSED", IDEMPOTENCY_MESSAGES.keyReused);
  if (row.status !== null) return { status: row.status, body: row.body, replayed: true };
  if (!row.abandoned) throw new AppError("CONFLICT", IDEMPOTENCY_MESSAGES.inProgress);
  await tx.update(idempotencyKeys).set({ createdAt: sql`now()`, expiresAt }).where(sameKey(key));
  return null;
}

async function recordAnswer(db: Database, key: IdempotencyKey, status: number, body: unknown): Promise<void> {
  await db.update(idempotencyKeys).set({ status, body }).where(sameKey(key));
}

const CLEANUP_BATCH = 1000;

/** Deletes keys past their 24 hours, a batch at a time (a lookup already ignores them); answers how many went. */
export async function removeExpiredIdempotencyKeys(db: Database): Promise<number> {
  let removed = 0;
  for (;;) {
    const result = (await db.execute(sql`
      delete from ${idempotencyKeys} where (user_id, route, key) in (
        select user_id, route, key from ${idempotencyKeys} where expires_at < now() limit ${CLEANUP_BATCH}
      ) returning 1`)) as unknown as { rows: unknown[] };
    removed += result.rows.length;
    if (result.rows.length < CLEANUP_BATCH) return removed;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

function sortedObject(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(value).sort().map((name) => [name, value[name]]));
}
