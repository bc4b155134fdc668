import { expect } from "vitest";
import { sql } from "drizzle-orm";
import type { SentMessage } from "../../../common/contracts/messages";
import { users } from "../../auth/auth.table";
import { memberCookie, sendJson, type TestApp } from "../../test/build-test-app";

export type Member = Awaited<ReturnType<typeof memberCookie>>;

/** A member whose account is older than a day (a new account's first message may hold no link). */
export async function seasonedMember(t: TestApp, audience: Parameters<typeof memberCookie>[1], name?: string): Promise<Member> {
  const member = await memberCookie(t, audience, name);
  await t.database.db.execute(sql`update ${users} set created_at = now() - interval '3 days' where id = ${member.userId}`);
  t.viewers.forgetUser(member.userId);
  return member;
}

export const start = (t: TestApp, from: Member, to: Member | string, body: string) =>
  sendJson(t.app, "POST", "/api/messages/conversations", { recipientId: typeof to === "string" ? to : to.userId, body }, from.cookie);

export const send = (t: TestApp, from: Member, conversationId: number, body: string) => sendJson(t.app, "POST", `/api/messages/conversations/${conversationId}/messages`, { body }, from.cookie);

/** Starts (or continues) the pair's conversation and returns what was sent; fails the test on a refusal. */
export async function started(t: TestApp, from: Member, to: Member, body: string): Promise<SentMessage> {
  const response = await start(t, from, to, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

export const getJson = async (t: TestApp, member: Member, url: string) => {
  const response = await t.app.inject({ url, headers: { cookie: member.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
