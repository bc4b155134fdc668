import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  NotificationListQuerySchema,
  NotificationPreferencesUpdateSchema,
  type NotificationList,
  type NotificationPreferences,
  type UnreadCount,
} from "../../../common/contracts/notifications";
import { memberOf, requireMember } from "../../auth/guards";
import type { Database } from "../../db/client";
import { accessKeysFor } from "./notification-access";
import { readPreferences, updatePreferences } from "./notification-preferences";
import type { NotificationStreams } from "./notification-streams";
import { countUnread, listNotifications, markAllNotificationsRead, markNotificationRead, type NotificationReader } from "./notifications.service";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A Server-Sent Events route: its answer never ends. */
    eventStream?: boolean;
  }
}

const NotificationIdSchema = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
/** A browser's `Last-Event-ID`: the sequence number of the last event it got. */
const LastEventIdSchema = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export interface NotificationsDeps {
  db: Database;
  streams: NotificationStreams;
}

function readerOf(request: FastifyRequest): NotificationReader {
  const viewer = memberOf(request);
  return { userId: viewer.userId, accessKeys: accessKeysFor(viewer) };
}

/** The notification centre (README: Notifications): the list, read marks, the live stream and the member's choices. */
export async function notificationsRoutes(app: FastifyInstance, { db, streams }: NotificationsDeps): Promise<void> {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "private, no-store");
  });

  app.get("/api/notifications", { config: { api: { summary: "The viewer's notifications", query: NotificationListQuerySchema } }, preHandler: requireMember }, async (request): Promise<NotificationList> => {
    const query = NotificationListQuerySchema.parse(request.query);
    return listNotifications(db, readerOf(request), { before: query.before, unreadOnly: query.unread === "true" });
  });

  app.get("/api/notifications/unread-count", { config: { api: { summary: "Unread notifications" } }, preHandler: requireMember }, async (request): Promise<UnreadCount> => {
    return { unread: await countUnread(db, readerOf(request)) };
  });

  app.post("/api/notifications/:id/read", { config: { api: { summary: "Mark a notification read", params: NotificationIdSchema } }, preHandler: requireMember }, async (request): Promise<UnreadCount> => {
    const reader = readerOf(request);
    await markNotificationRead(db, reader, NotificationIdSchema.parse(request.params).id);
    return { unread: await countUnread(db, reader) };
  });

  app.post("/api/notifications/read-all", { config: { api: { summary: "Mark every notification read" } }, preHandler: requireMember }, async (request): Promise<UnreadCount> => {
    const reader = readerOf(request);
    await markAllNotificationsRead(db, reader);
    return { unread: 0 };
  });

  // `eventStream`: its answer never ends, so route-walking tests leave it to its own tests.
  app.get("/api/notifications/stream", { preHandler: requireMember, config: { eventStream: true, api: { summary: "Live notifications (Server-Sent Events)", description: "A `text/event-stream` that stays open: `notification` and `message` events as they happen, a comment line as heartbeat. Send `Last-Event-ID` to resume after a reconnect.", success: { status: 200, contentType: "text/event-stream" } } } }, async (request, reply) => {
    const header = request.headers["last-event-id"];
    const lastEventId = header === undefined ? null : LastEventIdSchema.parse(header);
    reply.hijack();
    try {
      await streams.open(memberOf(request), request.headers.cookie, reply.raw, lastEventId);
    } catch (error) {
      request.log.warn({ err: error }, "could not open a notification stream");
      // The browser tries again after its retry pause; meanwhile the page polls.
      if (!reply.raw.headersSent) reply.raw.writeHead(503, { "retry-after": "2" });
      reply.raw.end();
    }
  });

  app.get("/api/notifications/preferences", { config: { api: { summary: "The viewer's notification preferences" } }, preHandler: requireMember }, async (request): Promise<NotificationPreferences> => {
    return readPreferences(db, memberOf(request).userId);
  });

  app.put("/api/notifications/preferences", { config: { api: { summary: "Save notification preferences", body: NotificationPreferencesUpdateSchema } }, preHandler: requireMember }, async (request): Promise<NotificationPreferences> => {
    const { topics, push } = NotificationPreferencesUpdateSchema.parse(request.body);
    return updatePreferences(db, memberOf(request).userId, topics, push);
  });
}
