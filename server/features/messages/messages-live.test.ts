import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGE_STREAM_EVENT, type MessageStreamEvent } from "../../../common/contracts/messages";
import { buildTestApp, sendJson, type TestApp } from "../../test/build-test-app";
import { eventually } from "../account-data/account-data.test-support";
import { openEventStream, type EventStreamClient } from "../notifications/event-stream-client.test-support";
import { seasonedMember, send, start, started } from "./messages.test-support";

let t: TestApp;
let second: TestApp;
let secondUrl: string;
const streams: EventStreamClient[] = [];

beforeAll(async () => {
  t = await buildTestApp({ SEED_DEMO: "false", NOTIFICATION_HEARTBEAT_SECONDS: "1" });
  second = await buildTestApp({ SEED_DEMO: "false", NOTIFICATION_HEARTBEAT_SECONDS: "1" }, t);
  await second.app.listen({ port: 0, host: "127.0.0.1" });
  secondUrl = `http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  streams.forEach((stream) => stream.close());
  await second.close();
  await t.close();
});

const openStream = async (cookie: string) => {
  const stream = await openEventStream(`${secondUrl}/api/notifications/stream`, { cookie });
  streams.push(stream);
  expect(stream.status).toBe(200);
  await stream.next((event) => event.event === "ready");
  return stream;
};

describe("live messages", () => {
  it("reach the recipient's stream on the other instance, even with message notifications off, and both of the sender's", async () => {
    const [ada, bob] = [await seasonedMember(t, "inventor", "Ada Lovelace"), await seasonedMember(t, "inventor", "Bob Builder")];
    expect((await sendJson(t.app, "PUT", "/api/notifications/preferences", { topics: { messages: "off" } }, bob.cookie)).statusCode).toBe(200);
    const [bobs, adas] = [await openStream(bob.cookie), await openStream(ada.cookie)];
    const sent = await started(t, ada, bob, "Are you coming to the session?");
    expect((await bobs.next((event) => event.event === MESSAGE_STREAM_EVENT)).data).toEqual({ conversationId: sent.conversationId, messageId: sent.message.id });
    expect((await adas.next((event) => event.event === MESSAGE_STREAM_EVENT)).data).toEqual({ conversationId: sent.conversationId, messageId: sent.message.id });
    // Off means no notification, only the live message.
    expect((await t.app.inject({ url: "/api/notifications", headers: { cookie: bob.cookie } })).json().notifications).toEqual([]);

    const reply = await send(t, bob, sent.conversationId, "Yes, see you there");
    // The message and its notification are announced together; either may be written first.
    const replyId: number = reply.json().message.id;
    const notified = await eventually(async () => adas.events.find((event) => event.event === "notification" && JSON.stringify(event.data).includes("Yes, see you there")));
    expect(notified.data).toMatchObject({ notification: { event: "message", text: "Bob Builder sent you a message", excerpt: "Yes, see you there" } });
    const live = await eventually(async () => adas.events.find((event) => event.event === MESSAGE_STREAM_EVENT && (event.data as MessageStreamEvent).messageId === replyId));
    expect(live.data).toEqual({ conversationId: sent.conversationId, messageId: replyId });
  });

  it("ends a deactivated member's stream instead of sending them a message", async () => {
    const [ada, gone] = [await seasonedMember(t, "inventor"), await seasonedMember(t, "inventor")];
    const stream = await openStream(gone.cookie);
    const admin = await seasonedMember(t, "admin");
    expect((await sendJson(t.app, "PATCH", `/api/admin/users/${gone.userId}`, { isActive: false }, admin.cookie)).statusCode).toBe(200);
    expect((await start(t, ada, gone, "Hello?")).statusCode).toBe(403);
    await stream.ended;
    expect(stream.events.filter((event) => event.event === MESSAGE_STREAM_EVENT)).toEqual([]);
  });
});
