import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_GENERAL_SETTINGS, type GeneralSettings } from "../../../common/contracts/settings";
import { buildTestApp, memberCookie, sendJson, type TestApp } from "../../test/build-test-app";
import { getGeneralSettings } from "./settings.service";

let t: TestApp;
let admin: string;
let member: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await memberCookie(t, "admin")).cookie;
  member = (await memberCookie(t, "brand-ceo")).cookie;
});
afterAll(() => t.close());

const changed: GeneralSettings = {
  communityName: "Garage Inventors Guild",
  notificationEmail: "owner@guild.example",
  allowRegistration: false,
  requireApproval: true,
  defaultTier: "entrepreneur",
  dailyNewConversations: 25,
};

const getSettings = (cookie?: string) => t.app.inject({ url: "/api/admin/settings", headers: cookie ? { cookie } : {} });

describe("General Settings API", () => {
  it("answers the defaults while nothing is saved, and the saved settings after a save, to admins and to other code", async () => {
    const before = await getSettings(admin);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual(DEFAULT_GENERAL_SETTINGS);
    expect(DEFAULT_GENERAL_SETTINGS).toMatchObject({ allowRegistration: true, requireApproval: false, defaultTier: "inventor" });

    const saved = await sendJson(t.app, "PUT", "/api/admin/settings", changed, admin);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(changed);
    expect((await getSettings(admin)).json()).toEqual(changed);
    expect(await getGeneralSettings(t.database.db)).toEqual(changed);

    const publicView = await t.app.inject({ url: "/api/settings/public" });
    expect(publicView.json()).toEqual({ communityName: changed.communityName, allowRegistration: false });

    const restored = await sendJson(t.app, "PUT", "/api/admin/settings", DEFAULT_GENERAL_SETTINGS, admin);
    expect(restored.json()).toEqual(DEFAULT_GENERAL_SETTINGS);
    expect((await t.app.inject({ url: "/api/settings/public" })).json()).toEqual({ communityName: DEFAULT_GENERAL_SETTINGS.communityName, allowRegistration: true });
  });

  it("refuses members (403) and anonymous visitors (401), and changes nothing for them", async () => {
    expect((await getSettings(member)).statusCode).toBe(403);
    expect((await getSettings()).statusCode).toBe(401);
    expect((await sendJson(t.app, "PUT", "/api/admin/settings", changed, member)).statusCode).toBe(403);
    expect((await sendJson(t.app, "PUT", "/api/admin/settings", changed)).statusCode).toBe(401);
    expect((await getSettings(admin)).json()).toEqual(DEFAULT_GENERAL_SETTINGS);
  });

  it.each([
    [{ communityName: "   " }, "communityName", "Community name is required"],
    [{ notificationEmail: "not-an-email" }, "notificationEmail", "Please enter a valid email address"],
    [{ defaultTier: "free" }, "defaultTier", undefined],
    [{ allowRegistration: "yes" }, "allowRegistration", undefined],
  ])("refuses %j with 400 VALIDATION_FAILED naming the field", async (change, field, message) => {
    const response = await sendJson(t.app, "PUT", "/api/admin/settings", { ...DEFAULT_GENERAL_SETTINGS, ...change }, admin);
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.fields[field]).toBeTypeOf("string");
    if (message) expect(error.fields[field]).toBe(message);
    expect((await getSettings(admin)).json()).toEqual(DEFAULT_GENERAL_SETTINGS);
  });

  it("accepts an empty notification email (no notices) and trims the name", async () => {
    const response = await sendJson(t.app, "PUT", "/api/admin/settings", { ...DEFAULT_GENERAL_SETTINGS, communityName: "  Makers  ", notificationEmail: "" }, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ communityName: "Makers", notificationEmail: "" });
    await sendJson(t.app, "PUT", "/api/admin/settings", DEFAULT_GENERAL_SETTINGS, admin);
  });

  it("refuses a cross-origin save", async () => {
    const response = await t.app.inject({
      method: "PUT",
      url: "/api/admin/settings",
      payload: changed,
      headers: { cookie: admin, origin: "https://evil.example" },
    });
    expect(response.statusCode).toBe(403);
    expect((await getSettings(admin)).json()).toEqual(DEFAULT_GENERAL_SETTINGS);
  });
});
