import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BILLING_MESSAGES } from "../../common/contracts/billing";
import { memberCookie, postJson, buildTestApp, type TestApp } from "../test/build-test-app";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await memberCookie(t, "admin")).cookie;
});
afterAll(() => t.close());

let counter = 0;
const createCoupon = (validUntil: string) => {
  counter += 1;
  return postJson(t.app, "/api/admin/coupons", { code: `UNTIL${counter}`, discount: 10, membershipTier: "inventor", usageLimit: 5, validUntil }, { cookie: admin });
};

/** The calendar day `days` from now where the business runs (US Eastern), as the form's date field sends it. */
const easternDay = (days: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date(Date.now() + days * 86_400_000));

describe("a coupon's 'valid until' is the end of the chosen day (US Eastern), whichever door the date comes through", () => {
  it("stores a calendar day sent to the API as the last millisecond of that day, not its start", async () => {
    const created = await createCoupon("2099-12-31");
    expect(created.statusCode, created.body).toBe(201);
    // 2099-12-31 23:59:59.999 in New York (EST, UTC-5).
    expect(created.json().coupon.validUntil).toBe("2100-01-01T04:59:59.999Z");
  });

  it("reads a timestamp as the day it falls on and stores the end of that day, so the form's and the API's doors agree", async () => {
    for (const sent of ["2099-07-04T00:00:00.000Z", "2099-07-04T12:00:00-04:00", "2099-07-04T23:59:59"]) {
      const created = await createCoupon(sent);
      expect(created.statusCode, sent).toBe(201);
      // 2099-07-04 23:59:59.999 in New York (EDT, UTC-4). The first instant is still July 3 there.
      expect(created.json().coupon.validUntil, sent).toBe(sent.startsWith("2099-07-04T00:00:00.000Z") ? "2099-07-04T03:59:59.999Z" : "2099-07-05T03:59:59.999Z");
    }
  });

  it("accepts today (the day is not over yet) and refuses yesterday as in the past", async () => {
    const today = await createCoupon(easternDay(0));
    expect(today.statusCode, today.body).toBe(201);
    expect(Date.parse(today.json().coupon.validUntil)).toBeGreaterThan(Date.now());
    const yesterday = await createCoupon(easternDay(-1));
    expect(yesterday.statusCode).toBe(400);
    expect(yesterday.json().error.fields).toEqual({ validUntil: BILLING_MESSAGES.validUntilFuture });
  });

  it("says a day that does not exist is not a valid date", async () => {
    for (const sent of ["2026-13-45", "2027-02-30", "next tuesday"]) {
      const refused = await createCoupon(sent);
      expect(refused.statusCode, sent).toBe(400);
      expect(refused.json().error.fields, sent).toEqual({ validUntil: BILLING_MESSAGES.validUntilInvalid });
    }
  });

  it("lists the coupon with the stored end of day", async () => {
    const created = await createCoupon("2098-03-15");
    const listed = await t.app.inject({ url: "/api/admin/coupons", headers: { cookie: admin } });
    const coupon = listed.json().coupons.find((entry: { id: string }) => entry.id === created.json().coupon.id);
    expect(coupon.validUntil).toBe("2098-03-16T03:59:59.999Z");
  });
});
