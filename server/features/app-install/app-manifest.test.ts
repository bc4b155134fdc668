import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_GENERAL_SETTINGS } from "../../../common/contracts/settings";
import { buildTestApp, memberCookie, sendJson, type TestApp } from "../../test/build-test-app";
import { shortNameOf } from "./app-manifest.service";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const readManifest = async () => {
  const response = await t.app.inject({ url: "/manifest.webmanifest" });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toContain("application/manifest+json");
  // Read again at each install, so a renamed community shows at once.
  expect(response.headers["cache-control"]).toBe("no-cache");
  return response.json() as { name: string; short_name: string; start_url: string; scope: string; display: string; theme_color: string; icons: Array<{ src: string; sizes: string; purpose: string }> };
};

/** Width and height from a PNG's header (IHDR, the first chunk). */
function pngSize(file: string): string {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString("ascii")).toBe("PNG");
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe("the web app manifest", () => {
  it("names the app after the community of Admin Settings, and follows a new name", async () => {
    expect(await readManifest()).toMatchObject({ name: DEFAULT_GENERAL_SETTINGS.communityName, start_url: "/members", scope: "/", display: "standalone", theme_color: "#1c2b4d" });
    const admin = (await memberCookie(t, "admin")).cookie;
    const saved = await sendJson(t.app, "PUT", "/api/admin/settings", { ...DEFAULT_GENERAL_SETTINGS, communityName: "Garage Makers Guild" }, admin);
    expect(saved.statusCode).toBe(200);
    expect(await readManifest()).toMatchObject({ name: "Garage Makers Guild", short_name: "Garage" });
  });

  it("lists icons the web build ships, in their stated sizes, a maskable one among them", async () => {
    const { icons } = await readManifest();
    for (const icon of icons) expect(pngSize(path.join("web/public", icon.src)), icon.src).toBe(icon.sizes);
    expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    expect(icons.some((icon) => icon.purpose === "maskable")).toBe(true);
  });

  it("gives home screens a short name of whole words from the community name", () => {
    expect(shortNameOf("Makers Guild")).toBe("Makers Guild");
    expect(shortNameOf("Inventors Community")).toBe("Inventors");
    expect(shortNameOf("Inventorsville Collective")).toBe("Inventorsvil");
  });
});
