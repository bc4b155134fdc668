import { expect } from "vitest";
import type { DirectoryPage, MemberProfileInput, OwnMemberProfile, PersonProfile, ShownPersonProfile } from "../../../common/contracts/people";
import { sendJson, type TestApp } from "../../test/build-test-app";

/** The people API as a member's browser calls it. */
export function peopleClient(t: TestApp) {
  const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });
  return {
    async directory(cookie: string, query = ""): Promise<DirectoryPage> {
      const response = await get(`/api/people${query ? `?${query}` : ""}`, cookie);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<DirectoryPage>();
    },
    async profile(cookie: string, id: string): Promise<PersonProfile> {
      const response = await get(`/api/people/${encodeURIComponent(id)}`, cookie);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<PersonProfile>();
    },
    async shown(cookie: string, id: string): Promise<ShownPersonProfile> {
      const profile = await this.profile(cookie, id);
      if (profile.visibility !== "shown") throw new Error(`profile ${id} is private`);
      return profile;
    },
    saveRaw: (cookie: string, body: unknown) => sendJson(t.app, "PUT", "/api/me/member-profile", body, cookie),
    async save(cookie: string, body: MemberProfileInput): Promise<OwnMemberProfile> {
      const response = await sendJson(t.app, "PUT", "/api/me/member-profile", body, cookie);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<OwnMemberProfile>();
    },
  };
}
