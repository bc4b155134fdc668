import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "./auth/auth.table";
import { requireAdmin } from "./auth/guards";
import { endpointsOf, preHandlersOf, type Endpoint } from "./plugins/registered-routes.test-support";
import { buildTestApp, memberCookie, TEST_ORIGIN, type TestApp } from "./test/build-test-app";

let t: TestApp;
let adminEndpoints: Endpoint[];
const cookies = { member: "", deactivatedAdmin: "" };

beforeAll(async () => {
  t = await buildTestApp();
  adminEndpoints = endpointsOf(t.routes).filter((endpoint) => endpoint.pattern.startsWith("/api/admin/"));
  cookies.member = (await memberCookie(t, "brand-ceo")).cookie;
  const deactivated = await memberCookie(t, "admin");
  await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, deactivated.userId));
  t.viewers.forgetUser(deactivated.userId);
  cookies.deactivatedAdmin = deactivated.cookie;
});
afterAll(() => t.close());

function call(endpoint: Endpoint, cookie?: string) {
  const isWrite = endpoint.method !== "GET";
  return t.app.inject({
    method: endpoint.method as "GET",
    url: endpoint.url,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(isWrite && endpoint.method !== "DELETE" ? { payload: {} } : {}),
  });
}

describe("every registered admin route, found from the route table", () => {
  it("includes every admin area, the coupon routes among them", () => {
    const listed = adminEndpoints.map((endpoint) => `${endpoint.method} ${endpoint.pattern}`);
    expect(listed).toEqual(expect.arrayContaining(["GET /api/admin/coupons", "POST /api/admin/coupons", "PATCH /api/admin/coupons/:id", "DELETE /api/admin/coupons/:id", "GET /api/admin/users", "PUT /api/admin/settings"]));
    expect(listed.length).toBeGreaterThan(25);
  });

  it("answers 401 to an anonymous visitor", async () => {
    for (const endpoint of adminEndpoints) {
      const response = await call(endpoint);
      expect(response.statusCode, `${endpoint.method} ${endpoint.url}`).toBe(401);
      expect(response.json().error.code).toBe("UNAUTHENTICATED");
    }
  });

  it("answers 403 to a member of the highest tier", async () => {
    for (const endpoint of adminEndpoints) {
      const response = await call(endpoint, cookies.member);
      expect(response.statusCode, `${endpoint.method} ${endpoint.url}`).toBe(403);
      expect(response.json().error.code).toBe("FORBIDDEN");
    }
  });

  it("answers 403 to a deactivated admin", async () => {
    for (const endpoint of adminEndpoints) {
      const response = await call(endpoint, cookies.deactivatedAdmin);
      expect(response.statusCode, `${endpoint.method} ${endpoint.url}`).toBe(403);
      expect(response.json().error.code).toBe("ACCOUNT_INACTIVE");
    }
  });

  it("keeps every route guarded by requireAdmin under /api/admin/, where required two-factor applies", () => {
    const guarded = endpointsOf(t.routes).filter((endpoint) => preHandlersOf(endpoint.route).includes(requireAdmin));
    expect(guarded.map((endpoint) => `${endpoint.method} ${endpoint.pattern}`)).toContain("POST /api/admin/coupons");
    expect(guarded.filter((endpoint) => !endpoint.pattern.startsWith("/api/admin/"))).toEqual([]);
  });
});
