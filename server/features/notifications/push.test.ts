import https from "node:https";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, memberCookie, sendJson, TEST_SECRET, type TestApp } from "../../test/build-test-app";
import { startPushServiceStandIn, type PushServiceStandIn } from "../../test/push-service-stand-in";
import { guardedLookup } from "../news/safe-fetch";
import { pushSubscriptions } from "./notifications.table";
import { vapidKeysOnce } from "./push-keys";
import { sendDuePushes } from "./push-sender";
import { createSecretBox } from "../../mail/secret-box";

let t: TestApp;
let service: PushServiceStandIn;
type Member = Awaited<ReturnType<typeof memberCookie>>;
let member: Member;
let writer: Member;

beforeAll(async () => {
  service = await startPushServiceStandIn();
  t = await buildTestApp({ SEED_DEMO: "false", PUSH_ALLOW_PRIVATE: "true" });
  member = await memberCookie(t, "inventor", "Pia Pushed");
  writer = await memberCookie(t, "inventor", "Wade Writer");
});
afterAll(async () => {
  await t.close();
  await service.close();
});

/** The server's own sender, with an agent that trusts the stand-in's certificate. */
const push = () =>
  sendDuePushes({
    db: t.database.db,
    logger: pino({ level: "silent" }),
    vapidKeys: vapidKeysOnce(t.database.db, createSecretBox(TEST_SECRET), {}),
    subject: "mailto:support@example.com",
    agent: new https.Agent({ ca: service.ca, lookup: guardedLookup(true) }),
  });

async function replyToNewPost(author: Member, text: string): Promise<void> {
  const post = await sendJson(t.app, "POST", "/api/community/posts", { content: text }, author.cookie);
  expect((await sendJson(t.app, "POST", `/api/community/posts/${post.json().id}/replies`, { content: `Re: ${text}` }, writer.cookie)).statusCode).toBe(201);
}

describe("web push", () => {
  it("pushes the kinds the member turned on to each of their devices, encrypted for that device alone", async () => {
    const settings = await t.app.inject({ url: "/api/notifications/push", headers: { cookie: member.cookie } });
    expect(settings.json()).toMatchObject({ devices: 0, publicKey: expect.stringMatching(/^[A-Za-z0-9_-]{80,}$/) });
    const phone = service.newDevice("phone");
    const laptop = service.newDevice("laptop");
    for (const device of [phone, laptop]) expect((await sendJson(t.app, "POST", "/api/notifications/push/subscriptions", device.subscription, member.cookie)).statusCode).toBe(201);

    // Push is off until the member turns it on for a kind.
    await replyToNewPost(member, "Before push was on");
    expect(await push()).toBe(0);
    expect((await sendJson(t.app, "PUT", "/api/notifications/preferences", { push: { replies: true } }, member.cookie)).json().push.replies).toBe(true);
    await replyToNewPost(member, "After push was on");
    expect(await push()).toBe(2);
    expect(service.received.map((received) => received.device).sort()).toEqual(["laptop", "phone"]);
    const [first] = service.received;
    expect(first?.payload).toEqual({ title: "Wade Writer replied to your post", body: "Re: After push was on", url: expect.stringMatching(/^\/members\/community\?post=\d+$/), tag: expect.stringMatching(/^notification-\d+$/) });
    expect(first?.authorization).toMatch(/^vapid t=.+, k=.+$/);
    expect(await push()).toBe(0);
  });

  it("drops a device the push service says is gone (410), and keeps the member's others", async () => {
    service.forget("phone");
    const before = service.received.length;
    await replyToNewPost(member, "The phone is gone");
    expect(await push()).toBe(1);
    expect(service.received.slice(before).map((received) => received.device)).toEqual(["laptop"]);
    const left = await t.database.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.userId));
    expect(left.map((row) => row.endpoint)).toEqual([expect.stringContaining("/push/laptop")]);
  });

  it("refuses addresses the server must never call, and keys that are not a browser's", async () => {
    const strict = await buildTestApp({ SEED_DEMO: "false" }, t);
    const device = service.newDevice("strict");
    for (const endpoint of [device.subscription.endpoint, "http://push.example.com/x", "https://169.254.169.254/latest", "https://localhost/x", "https://user:pw@push.example.com/x", "not a url"]) {
      const refused = await sendJson(strict.app, "POST", "/api/notifications/push/subscriptions", { ...device.subscription, endpoint }, member.cookie);
      expect(refused.statusCode, endpoint).toBe(400);
      expect(refused.json().error.message).toBe("This browser's push address is not one we can send to");
    }
    const badKeys = await sendJson(strict.app, "POST", "/api/notifications/push/subscriptions", { endpoint: "https://push.example.com/x", keys: { p256dh: "short", auth: "x" } }, member.cookie);
    expect(badKeys.json().error.message).toBe("This browser's push keys are not valid");
    expect((await sendJson(strict.app, "POST", "/api/notifications/push/subscriptions", device.subscription)).statusCode).toBe(401);
    await strict.close();
  });
});
