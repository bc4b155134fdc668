import type { FastifyInstance, FastifyReply } from "fastify";
import type { Viewer } from "../auth/viewer";
import type { Database } from "../db/client";
import { createContentVersions, type ContentArea, type ContentVersions } from "./content-versions";

/**
 * How long one built answer may be reused while its area is unchanged: the signed file links inside
 * stay valid an hour, so a reused answer always hands out links with most of their life left.
 */
export const ANSWER_MAX_AGE_MS = 60_000;
/** Bound on the JSON this instance keeps; the oldest answers go first. */
export const ANSWER_CACHE_MAX_BYTES = 32 * 1024 * 1024;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

interface Entry {
  version: number;
  /** Encoded once: a reused answer goes out without being converted to bytes again for each request. */
  body: Buffer;
  until: number;
}

export interface AnswerCache {
  /**
   * The JSON of `build()` for `key` in `area`, reused while the area's version is unchanged. The key
   * must name everything the answer depends on besides the area's rows: the route, its parameters
   * and, for answers that differ per viewer, the viewer's id, role, tier and active flag.
   */
  json(area: ContentArea, key: string, build: () => Promise<unknown>): Promise<Buffer>;
  versions: ContentVersions;
}

export function createAnswerCache(versions: ContentVersions, maxBytes = ANSWER_CACHE_MAX_BYTES): AnswerCache {
  const entries = new Map<string, Entry>();
  const building = new Map<string, Promise<Buffer>>();
  let bytes = 0;

  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.length;
    entries.delete(key);
  };
  const keep = (key: string, entry: Entry) => {
    forget(key);
    entries.set(key, entry);
    bytes += entry.body.length;
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
      if (hit && hit.version === version && hit.until > Date.now()) return hit.body;
      const buildKey = `${fullKey}@${version}`;
      const inFlight = building.get(buildKey);
      if (inFlight) return inFlight;
      const made = build()
        .then((answer) => {
          const body = Buffer.from(JSON.stringify(answer));
          keep(fullKey, { version, body, until: Date.now() + ANSWER_MAX_AGE_MS });
          return body;
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

/** Sends a cached JSON answer as is, past Fastify's serializer. */
export function sendJson(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(body);
}

/** Everything a per-viewer answer depends on about its viewer: a tier, role or status change is a new key. */
export const viewerKey = (viewer: Pick<Viewer, "userId" | "role" | "membershipTier" | "isActive"> | null): string =>
  viewer ? `${viewer.userId}:${viewer.role}:${viewer.membershipTier}:${viewer.isActive ? "active" : "inactive"}` : "anonymous";
