import type { ServerResponse } from "node:http";
import type { Logger } from "pino";
import { MESSAGE_STREAM_EVENT, type MessageStreamEvent } from "../../../common/contracts/messages";
import type { Notification } from "../../../common/contracts/notifications";
import type { Viewer, ViewerResolver } from "../../auth/viewer";
import type { DatabaseHandle } from "../../db/client";
import type { StopListening } from "../../db/notify-listener";
import { accessKeysFor } from "./notification-access";
import { countUnread, readChanged, type ChangedNotification } from "./notifications.service";
import { NOTIFICATIONS_CHANNEL } from "./notify";
import { latestSequence } from "./notification-sequence";

/** How many missed notifications a reconnect replays; past that, the page reads the list again (`resync`). */
const REPLAY_LIMIT = 100;
/** Sequence numbers a stream remembers having sent, so a notification announced twice is sent once. */
const REMEMBERED_SENDS = 200;

interface Stream {
  userId: string;
  cookie: string | undefined;
  response: ServerResponse;
  lastSeq: number;
  sent: Set<number>;
  /**
   * Sends to this stream, one after another: the replay after a reconnect goes first, and an
   * announcement read meanwhile waits behind it, so nothing is sent twice or out of order.
   */
  queue: Promise<void>;
}

export interface NotificationStreams {
  /** Takes over the response as an event stream for the viewer, replaying after `lastEventId` when the browser reconnects. */
  open(viewer: Viewer, cookie: string | undefined, response: ServerResponse, lastEventId: number | null): Promise<void>;
  /** Ends every stream (the browsers reconnect, to another instance when this one is stopping) and stops listening. */
  close(): Promise<void>;
  /** Streams open on this instance. */
  size(): number;
}

export interface NotificationStreamDeps {
  database: DatabaseHandle;
  viewers: ViewerResolver;
  logger: Logger;
  heartbeatMs: number;
}

/**
 * The live half of the notification centre (README: Notifications). Each instance LISTENs once; an
 * announcement carries sequence numbers only, and the rows are read for the members connected here.
 * Every send re-resolves the member's session: a deactivated or signed-out member's stream ends, and
 * a notification above the member's tier of the moment is never sent.
 */
export function createNotificationStreams({ database, viewers, logger, heartbeatMs }: NotificationStreamDeps): NotificationStreams {
  const { db } = database;
  const byUser = new Map<string, Set<Stream>>();
  let listening: Promise<StopListening> | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let closed = false;

  const all = () => [...byUser.values()].flatMap((streams) => [...streams]);

  function end(stream: Stream): void {
    const streams = byUser.get(stream.userId);
    streams?.delete(stream);
    if (streams?.size === 0) byUser.delete(stream.userId);
    if (!stream.response.writableEnded) stream.response.end();
  }

  /** The member's session as of now, or null when the stream must end. */
  async function currentViewer(stream: Stream): Promise<Viewer | null> {
    const viewer = await viewers.resolve(stream.cookie);
    if (!viewer || !viewer.isActive || viewer.userId !== stream.userId) {
      end(stream);
      return null;
    }
    return viewer;
  }

  function enqueue(stream: Stream, task: () => Promise<void>): Promise<void> {
    stream.queue = stream.queue.then(task).catch((error: unknown) => logger.warn({ err: error }, "could not send live notifications"));
    return stream.queue;
  }

  function write(stream: Stream, event: string, data: unknown, id?: number): void {
    if (stream.response.writableEnded) return;
    stream.response.write(`${id === undefined ? "" : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  async function deliver(stream: Stream, changed: ChangedNotification[]): Promise<void> {
    const fresh = changed.filter((row) => !stream.sent.has(row.seq));
    if (fresh.length === 0) return;
    const viewer = await currentViewer(stream);
    if (!viewer) return;
    const accessKeys = accessKeysFor(viewer);
    const unread = await countUnread(db, { userId: viewer.userId, accessKeys });
    for (const row of fresh) {
      if (stream.sent.has(row.seq)) continue;
      stream.sent.add(row.seq);
      stream.lastSeq = Math.max(stream.lastSeq, row.seq);
      if (!accessKeys.includes(row.access)) continue;
      const notification: Notification = { id: row.id, event: row.event, text: row.text, excerpt: row.excerpt, link: row.link, read: row.read, createdAt: row.createdAt };
      write(stream, "notification", { notification, unread }, row.seq);
    }
    while (stream.sent.size > REMEMBERED_SENDS) stream.sent.delete(stream.sent.values().next().value as number);
  }

  async function deliverRange(first: number, last: number): Promise<void> {
    const userIds = [...byUser.keys()];
    if (userIds.length === 0) return;
    const changed = await readChanged(db, userIds, { first, last });
    const byRecipient = new Map<string, ChangedNotification[]>();
    for (const row of changed) byRecipient.set(row.userId, [...(byRecipient.get(row.userId) ?? []), row]);
    await Promise.all([...byRecipient].flatMap(([userId, rows]) => [...(byUser.get(userId) ?? [])].map((stream) => enqueue(stream, () => deliver(stream, rows)))));
  }

  async function replay(stream: Stream): Promise<void> {
    const changed = await readChanged(db, [stream.userId], { afterSeq: stream.lastSeq, limit: REPLAY_LIMIT });
    await deliver(stream, changed);
    if (changed.length === REPLAY_LIMIT) write(stream, "resync", {});
  }

  async function tellRead(userId: string): Promise<void> {
    const tell = async (stream: Stream) => {
      const viewer = await currentViewer(stream);
      if (viewer) write(stream, "read", { unread: await countUnread(db, { userId, accessKeys: accessKeysFor(viewer) }) });
    };
    await Promise.all([...(byUser.get(userId) ?? [])].map((stream) => enqueue(stream, () => tell(stream))));
  }

  /** A direct message reached the member's conversation (`m:<userId>:<conversationId>:<messageId>`): the page reads it with a GET. */
  async function tellMessage(payload: string): Promise<void> {
    const parts = payload.split(":");
    const conversationId = Number(parts.at(-2));
    const messageId = Number(parts.at(-1));
    const userId = parts.slice(1, -2).join(":");
    const tell = async (stream: Stream) => {
      if (await currentViewer(stream)) write(stream, MESSAGE_STREAM_EVENT, { conversationId, messageId } satisfies MessageStreamEvent);
    };
    await Promise.all([...(byUser.get(userId) ?? [])].map((stream) => enqueue(stream, () => tell(stream))));
  }

  function onMessage(payload: string): void {
    const [kind, first, last] = payload.split(":");
    const work =
      kind === "n" ? deliverRange(Number(first), Number(last)) : kind === "r" && first ? tellRead(payload.slice(2)) : kind === "m" ? tellMessage(payload) : Promise.resolve();
    work.catch((error: unknown) => logger.warn({ err: error }, "could not send live notifications"));
  }

  function startListening(): Promise<StopListening> {
    listening ??= database.listen(NOTIFICATIONS_CHANNEL, {
      onMessage,
      // Announcements made while the connection was down are lost: every stream reads what it missed.
      onReconnect: () => void Promise.all(all().map((stream) => enqueue(stream, () => replay(stream)))),
      onRetry: (error) => logger.warn({ err: error }, "could not listen for live notifications; trying again"),
    });
    heartbeat ??= setInterval(() => {
      for (const stream of all()) {
        // A comment line keeps proxies from closing a quiet stream; the session is checked on the way.
        if (!stream.response.writableEnded) stream.response.write(": keep-alive\n\n");
        void currentViewer(stream).catch(() => undefined);
      }
    }, heartbeatMs);
    heartbeat.unref();
    return listening;
  }

  return {
    async open(viewer, cookie, response, lastEventId) {
      if (closed) {
        response.writeHead(503, { "retry-after": "1" }).end();
        return;
      }
      await startListening();
      const stream: Stream = { userId: viewer.userId, cookie, response, lastSeq: lastEventId ?? (await latestSequence(db, viewer.userId)), sent: new Set(), queue: Promise.resolve() };
      response.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        connection: "keep-alive",
        // nginx and its kind would otherwise hold the events in a buffer.
        "x-accel-buffering": "no",
      });
      // Reconnect quickly: the stream is a convenience, the list is read again on every open.
      response.write("retry: 2000\n\n");
      const streams = byUser.get(viewer.userId) ?? new Set<Stream>();
      streams.add(stream);
      byUser.set(viewer.userId, streams);
      response.once("close", () => end(stream));
      await enqueue(stream, async () => {
        write(stream, "ready", { unread: await countUnread(db, { userId: viewer.userId, accessKeys: accessKeysFor(viewer) }) });
        if (lastEventId !== null) await replay(stream);
      });
    },
    async close() {
      closed = true;
      if (heartbeat) clearInterval(heartbeat);
      for (const stream of all()) end(stream);
      const stop = await listening?.catch(() => null);
      await stop?.();
    },
    size: () => all().length,
  };
}
