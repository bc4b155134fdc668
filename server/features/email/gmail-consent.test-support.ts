import { expect } from "vitest";
import { cookiesFrom, sendJson, type TestApp } from "../../test/build-test-app";

/** What the admin's browser holds once Google's consent page sent it back to /callback. */
export interface ApprovedConsent {
  code: string;
  state: string;
  /** The admin's session and the consent's browser cookie, as the browser sends them. */
  cookie: string;
}

/** Starts a Gmail consent in the admin's browser and lets the stand-in approve it, like the admin clicking Allow. */
export async function approvedConsent(t: TestApp, adminCookie: string): Promise<ApprovedConsent> {
  const started = await sendJson(t.app, "POST", "/api/admin/email/gmail/consent", {}, adminCookie);
  expect(started.statusCode).toBe(200);
  const response = await fetch(started.json().url, { redirect: "manual" });
  expect(response.status).toBe(302);
  const callback = new URL(response.headers.get("location") ?? "");
  return { code: callback.searchParams.get("code") ?? "", state: callback.searchParams.get("state") ?? "", cookie: `${adminCookie}; ${cookiesFrom(started)}` };
}

/** What /callback posts: Google's code and state, from the browser's cookies. */
export function authorizeGmail(t: TestApp, answer: ApprovedConsent) {
  return sendJson(t.app, "POST", "/api/admin/email/gmail/authorize", { code: answer.code, state: answer.state }, answer.cookie);
}
