import { expect, request, type APIRequestContext } from "@playwright/test";
import { signInThroughApi } from "./accounts";
import { E2E_ADMIN, E2E_BASE_URL } from "./environment";

export type OutboxMessage = { id: string; to: string; subject: string; text: string; html: string; status: string; createdAt: string };

/** An API client signed in as the first admin (created at server start from ADMIN_EMAIL). */
export async function newAdminApi(): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { Origin: E2E_BASE_URL } });
  await signInThroughApi(api, E2E_ADMIN.email, E2E_ADMIN.password);
  return api;
}

/** Every mail the app sent, newest first (GET /api/admin/outbox). */
export async function readOutbox(adminApi: APIRequestContext): Promise<OutboxMessage[]> {
  const response = await adminApi.get("/api/admin/outbox");
  expect(response.ok(), `outbox answered ${response.status()}`).toBeTruthy();
  const body = (await response.json()) as { messages: OutboxMessage[] };
  return body.messages;
}

/** Waits for the newest mail to `to` and returns it. */
export async function waitForMailTo(adminApi: APIRequestContext, to: string): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await readOutbox(adminApi)).find((message) => message.to.toLowerCase() === to.toLowerCase());
        return Boolean(found);
      },
      { message: `a mail to ${to} in the outbox`, timeout: 15_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`no mail to ${to}`);
  return found;
}

/** Gives the account with this email a tier through the admin API (PATCH /api/admin/users/:id). */
export async function setMemberTier(adminApi: APIRequestContext, email: string, tier: "free" | "inventor" | "entrepreneur" | "brand-ceo"): Promise<void> {
  const search = await adminApi.get(`/api/admin/users?search=${encodeURIComponent(email)}`);
  expect(search.ok(), `user search answered ${search.status()}`).toBeTruthy();
  const { users } = (await search.json()) as { users: Array<{ id: string; email: string }> };
  const user = users.find((candidate) => candidate.email.toLowerCase() === email.toLowerCase());
  if (!user) throw new Error(`no account for ${email}`);
  const response = await adminApi.patch(`/api/admin/users/${user.id}`, { data: { membershipTier: tier } });
  expect(response.ok(), `tier change answered ${response.status()}`).toBeTruthy();
}
