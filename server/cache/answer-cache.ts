import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Viewer } from "../auth/viewer";
import type { Database } from "../db/client";
import { encodedVariants, pickEncoding, type Encoding } from "../plugins/content-encoding";
import { createContentVersions, type ContentArea, type ContentVersions } from "./content-versions";

/**
 * How long one built answer may be reused while its area is unchanged: the signed file links inside
 * stay valid an hour, so a reused answer always hands out links with most of their life left.
 */
export const ANSWER_MAX_AGE_MS = 60_000;
/** Bound on the JSON this instance keeps; the oldest answers go first. */
export const ANSWER_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/** Smaller answers go out as they are: compressing them saves less than a packet. */
const COMPRESS_FROM_BYTES = 1024;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** One built answer: its JSON as bytes, and compressed for browsers that accept it, each made once. */
export interface CachedAnswer {
  body: Buffer;
  encoded(encoding: Exclude<Encoding, "identity">): Promise<Buffer>;
}

interface Entry {
  version: number;
  /** Encoded once: a reused answer goes out without being converted to bytes again for each request. */
  answer: CachedAnswer;
  until: number;
}

export interface AnswerCache {
  /**
   * The JSON of `build()` for `key` in `area`, reused while the area's version is unchanged. The key
   * must name everything the answer depends on besides the area's rows: the route, its parameters
   * and, for answers that differ per viewer, the viewer's id, role, tier and active flag.
   */
  json(area: ContentArea, key: string, build: () => Promise<unknown>): Promise<CachedAnswer>;
  versions: ContentVersions;
}

export function createAnswerCache(versions: ContentVersions, maxBytes = ANSWER_CACHE_MAX_BYTES): AnswerCache {
  const entries = new Map<string, Entry>();
  const building = new Map<string, Promise<CachedAnswer>>();
  let bytes = 0;

  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.answer.body.length;
    entries.delete(key);
  };
  const keep = (key: string, entry: Entry) => {
    forget(key);
    entries.set(key, entry);
    bytes += entry.answer.body.length;
    // Map order is insertion order: the first keys are the oldest answers.
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      forget(oldest);
    }
  };

  return {
    versions,
    async json(area, key, build) {
      const fullKey = `${area}|${key}`;
      // Read before building: rows read after a write but tagged with the older version only cost a rebuild.
      const version = (await versions.current()).get(area) ?? 0;
      const hit = entries.get(fullKey);
      if (hit && hit.version === version && hit.until > Date.now()) return hit.answer;
      const buildKey = `${fullKey}@${version}`;
      const inFlight = building.get(buildKey);
      if (inFlight) return inFlight;
      const made = build()
        .then((answer) => {
          const body = Buffer.from(JSON.stringify(answer));
          const cached: CachedAnswer = { body, encoded: encodedVariants(body, "often") };
          keep(fullKey, { version, answer: cached, until: Date.now() + ANSWER_MAX_AGE_MS });
          return cached;
        })
        .finally(() => building.delete(buildKey));
      building.set(buildKey, made);
      return made;
    },
  };
}

/**
 * The members-content answer cache of one app instance. Any write request answered by this instance
 * marks the counters stale, so its own writes show in the next read; other instances' writes show
 * within `checkEveryMs`.
 */
export function registerAnswerCache(app: FastifyInstance, db: Database, checkEveryMs: number): AnswerCache {
  const cache = createAnswerCache(createContentVersions(db, checkEveryMs));
  app.addHook("onSend", async (request) => {
    if (!SAFE_METHODS.has(request.method)) cache.versions.markStale();
  });
  return cache;
}

/**
 * Sends a cached JSON answer past Fastify's serializer, compressed when the client accepts it: a list of
 * 200 videos is ~80 kB of JSON and a few kB compressed, which a phone fetches sooner and the server
 * writes for less.
 */
export async function sendJson(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): Promise<FastifyReply> {
  reply.type("application/json; charset=utf-8").header("vary", "Accept-Encoding");
  const encoding = answer.body.length < COMPRESS_FROM_BYTES ? "identity" : pickEncoding(request.headers["accept-encoding"]);
  if (encoding === "identity") return reply.send(answer.body);
  return reply.header("content-encoding", encoding).send(await answer.encoded(encoding));
}

/** Everything a per-viewer answer depends on about its viewer: a tier, role, status or admin gate change is a new key. */
export const viewerKey = (viewer: Pick<Viewer, "userId" | "role" | "membershipTier" | "isActive" | "secondFactorMissing"> | null): string =>
  viewer ? `${viewer.userId}:${viewer.role}:${viewer.membershipTier}:${viewer.isActive ? "active" : "inactive"}${viewer.secondFactorMissing ? ":held" : ""}` : "anonymous";
