import { isIP } from "node:net";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { PUSH_MESSAGES, PushEndpointSchema, PushSubscriptionInputSchema, type PushSettings } from "../../../common/contracts/notifications";
import { memberOf, requireMember } from "../../auth/guards";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { isPrivateAddress } from "../news/safe-fetch";
import { pushSubscriptions } from "./notifications.table";
import type { VapidKeys } from "./push-keys";

export interface PushRoutesDeps {
  db: Database;
  vapidKeys: () => Promise<VapidKeys>;
  /** PUSH_ALLOW_PRIVATE: tests run their push service on this machine. */
  allowPrivate: boolean;
}

/** A push service's address: https, and never a private address the server could be made to call. */
function assertPushEndpoint(endpoint: string, allowPrivate: boolean): void {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new AppError("VALIDATION_FAILED", PUSH_MESSAGES.endpointInvalid, { endpoint: PUSH_MESSAGES.endpointInvalid });
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const privateHost = host === "localhost" || (isIP(host) !== 0 && isPrivateAddress(host));
  if (url.protocol !== "https:" || url.username || url.password || (privateHost && !allowPrivate)) {
    throw new AppError("VALIDATION_FAILED", PUSH_MESSAGES.endpointInvalid, { endpoint: PUSH_MESSAGES.endpointInvalid });
  }
}

/** Devices that receive the member's pushes (README: Notifications, push). */
export async function pushRoutes(app: FastifyInstance, { db, vapidKeys, allowPrivate }: PushRoutesDeps): Promise<void> {
  app.get("/api/notifications/push", { config: { api: { summary: "Web push key and this device's state" } }, preHandler: requireMember }, async (request): Promise<PushSettings> => {
    const devices = await db.$count(pushSubscriptions, eq(pushSubscriptions.userId, memberOf(request).userId));
    return { publicKey: (await vapidKeys()).publicKey, devices };
  });

  app.post("/api/notifications/push/subscriptions", { config: { api: { summary: "Subscribe a device to web push", body: PushSubscriptionInputSchema, success: { status: 201 } } }, preHandler: requireMember }, async (request, reply) => {
    const input = PushSubscriptionInputSchema.parse(request.body);
    assertPushEndpoint(input.endpoint, allowPrivate);
    const userId = memberOf(request).userId;
    // A device signed in by someone else before belongs to whoever subscribes it now.
    await db
      .insert(pushSubscriptions)
      .values({ userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: input.keys.p256dh, auth: input.keys.auth } });
    return reply.code(201).send({ subscribed: true });
  });

  app.delete("/api/notifications/push/subscriptions", { config: { api: { summary: "Unsubscribe a device from web push", body: PushEndpointSchema, success: { status: 204 } } }, preHandler: requireMember }, async (request, reply) => {
    const { endpoint } = PushEndpointSchema.parse(request.body);
    await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, memberOf(request).userId)));
    return reply.code(204).send();
  });
}
