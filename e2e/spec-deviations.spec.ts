import { expect, test } from "@playwright/test";
import { signInThroughApi, signUpAndOpenMembers } from "./support/accounts";
import { newAdminApi, setMemberTier, waitForMailTo } from "./support/admin-api";
import { openLogIn, openSignUp } from "./support/auth-modal";
import { E2E_ADMIN } from "./support/environment";

const run = Date.now().toString(36);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.describe("the public Masterminds page (spec 000 §6: only entrepreneur and brand-ceo have access)", () => {
  test("an Inventor gets the upgrade path and no recording link", async ({ page }) => {
    const api = await newAdminApi();
    const created = await api.post("/api/admin/sessions", {
      data: {
        title: `Inventor recording ${run}`,
        date: inDays(-30),
        time: "10:00 AM-12:00 PM ET",
        location: "Live video call",
        description: "A past session for inventors.",
        tier: "inventor",
        isPast: true,
        recordingUrl: "https://recordings.example.com/inventor-session",
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const session = (await created.json()) as { id: number };

    const account = await signUpAndOpenMembers(page, "inventor");
    await setMemberTier(api, account.email, "inventor");
    await api.dispose();

    await page.goto("/mastermind");
    const access = page.getByTestId("mastermind-access");
    await expect(access).toHaveAttribute("data-access", "no");
    await expect(access).toContainText("Masterminds are for Entrepreneur and Brand CEO members");
    await expect(access.getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/checkout/entrepreneur");
    await expect(page.getByTestId(`session-${session.id}`).getByTestId("recording-locked")).toHaveText("Recording available to Entrepreneur and Brand CEO members");
    await expect(page.getByRole("link", { name: /Watch the recording/ })).toHaveCount(0);
  });
});

test.describe("routes of spec 000 §2", () => {
  test("home sends an admin whose tier is Brand CEO to /members", async ({ page }) => {
    await signInThroughApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto("/");
    await expect(page).toHaveURL("/members");
  });

  test("the /members/admin… card addresses send an admin to the matching /admin page", async ({ page }) => {
    await signInThroughApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
    const pairs: Array<[string, string, string]> = [
      ["/members/admin", "/admin", "Dashboard Overview"],
      ["/members/admin/users", "/admin/users", "User Management"],
      ["/members/admin/content", "/admin/content", "Content Management"],
      ["/members/admin/media", "/admin/media", "Media Library"],
      ["/members/admin/settings", "/admin/settings", "Admin Settings"],
    ];
    for (const [from, to, heading] of pairs) {
      await page.goto(from);
      await expect(page, from).toHaveURL(to);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    }
  });

  test("the /members/admin… addresses send a member who is not an admin to /", async ({ page }) => {
    await signUpAndOpenMembers(page, "not-admin");
    for (const from of ["/members/admin", "/members/admin/users", "/members/admin/settings"]) {
      await page.goto(from);
      await expect(page, from).toHaveURL("/");
    }
  });

  test("every brand card links to the brand's website in a new tab", async ({ page }) => {
    await page.goto("/brands");
    const cards = page.getByTestId("brand-grid").getByRole("article");
    await expect(cards).toHaveCount(16);
    for (const card of await cards.all()) {
      const link = card.getByRole("link", { name: /^Visit / });
      await expect(link).toHaveAttribute("href", /^https:\/\//);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
  });

  test("a locked course page asks nobody for its outline and logs no 403", async ({ page }) => {
    const outlineRequests: string[] = [];
    const consoleErrors: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/outline")) outlineRequests.push(request.url());
    });
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });

    // A visitor, then an Inventor, on a course that opens with Entrepreneur.
    await page.goto("/university/course/prototyping-and-design");
    await expect(page.getByTestId("course-locked")).toContainText("Entrepreneur");
    const account = await signUpAndOpenMembers(page, "inventor-course");
    const api = await newAdminApi();
    await setMemberTier(api, account.email, "inventor");
    await api.dispose();
    await page.goto("/university/course/prototyping-and-design");
    await expect(page.getByTestId("course-locked")).toBeVisible();
    await expect(page.getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/checkout/entrepreneur");
    expect(outlineRequests).toEqual([]);
    expect(consoleErrors.filter((text) => text.includes("403"))).toEqual([]);

    // The Inventor's own course still shows its outline.
    await page.goto("/university/course/validate-your-invention");
    await expect(page.getByTestId("course-outline")).toBeVisible();
  });
});

test.describe("the community name of Admin Settings", () => {
  test("shows in the members and admin shells and in their page titles", async ({ page }) => {
    const api = await newAdminApi();
    const before = await api.get("/api/admin/settings");
    expect(before.ok()).toBeTruthy();
    const saved = (await before.json()) as Record<string, unknown>;
    const communityName = `Garage Guild ${run}`;
    expect((await api.put("/api/admin/settings", { data: { ...saved, communityName } })).ok()).toBeTruthy();
    try {
      await signUpAndOpenMembers(page, "community-name");
      await expect(page).toHaveTitle(`Members Dashboard | ${communityName}`);
      await expect(page.getByRole("complementary", { name: "Members sidebar" }).getByRole("link", { name: communityName })).toBeVisible();
      await page.getByRole("complementary", { name: "Members sidebar" }).getByRole("link", { name: "Training Videos" }).click();
      await expect(page).toHaveTitle(`Training Videos | ${communityName}`);

      await page.context().clearCookies();
      await signInThroughApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
      await page.goto("/admin/users");
      await expect(page).toHaveTitle(`User Management | ${communityName}`);
      await expect(page.getByRole("complementary", { name: "Admin sidebar" }).getByRole("link", { name: communityName })).toBeVisible();
    } finally {
      await api.put("/api/admin/settings", { data: saved });
      await api.dispose();
    }
  });
});

test.describe("one email rule on both sides", () => {
  test("the sign-up and reset forms refuse x@y.z with the spec's message instead of passing it to the server", async ({ page }) => {
    await page.goto("/");
    const signUp = await openSignUp(page);
    await signUp.getByLabel("Full name").fill("Someone");
    await signUp.getByLabel("Email").fill("x@y.z");
    await signUp.getByLabel("Password", { exact: true }).fill("secret-1");
    await signUp.getByRole("button", { name: "Create free account" }).click();
    await expect(signUp.getByText("Please enter a valid email address")).toBeVisible();
    await page.keyboard.press("Escape");

    const logIn = await openLogIn(page);
    await logIn.getByRole("button", { name: "Forgot password?" }).click();
    const forgot = page.getByRole("dialog", { name: "Reset your password" });
    await forgot.getByLabel("Email").fill("x@y.z");
    await forgot.getByRole("button", { name: "Send reset link" }).click();
    await expect(forgot.getByText("Please enter a valid email address")).toBeVisible();
    await expect(forgot.getByText("Failed to send reset email. Please try again.")).toHaveCount(0);
  });
});

test.describe("request a call on /ref-number (no booking calendar configured)", () => {
  test("before the page's script runs, the form cannot be sent natively with the visitor's answers in the address", async ({ browser }) => {
    const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
    const page = await withoutScripts.newPage();
    const button = page.getByRole("form", { name: "Request a call" }).getByRole("button", { name: "Request my call" });
    // A busy server may send its first copy of the page unrendered (the browser renders it then), so
    // the page is asked for until a rendered copy comes.
    await expect(async () => {
      await page.goto("/ref-number");
      await expect(button).toBeDisabled({ timeout: 1000 });
    }).toPass();
    await withoutScripts.close();
  });

  test("a visitor's request lands in the admin area, where an admin marks it handled", async ({ page, browser }) => {
    const name = `Caller ${run}`;
    await page.goto("/ref-number");
    const form = page.getByRole("form", { name: "Request a call" });
    await form.getByRole("button", { name: "Request my call" }).click();
    for (const message of ["Name is required", "Email is required", "Phone is required", "Preferred times are required", "Topic is required"]) {
      await expect(form.getByText(message)).toBeVisible();
    }

    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Email").fill("x@y.z");
    await form.getByLabel("Phone").fill("+1 555 010 2030");
    await form.getByLabel("Preferred times").fill("Weekdays after 3 PM ET");
    await form.getByLabel("What would you like to talk about?").fill("Letter ref 4471: a folding ladder");
    await form.getByRole("button", { name: "Request my call" }).click();
    await expect(form.getByText("Please enter a valid email address")).toBeVisible();
    await form.getByLabel("Email").fill(`caller-${run}@example.com`);
    await form.getByRole("button", { name: "Request my call" }).click();
    await expect(page.getByTestId("call-request-sent")).toContainText("We received your request");
    await expect(page.getByTestId("call-request-sent")).toContainText("We have emailed you a confirmation.");
    // The person asking gets that confirmation, as the page promised.
    const adminApi = await newAdminApi();
    const confirmation = await waitForMailTo(adminApi, `caller-${run}@example.com`);
    expect(confirmation.subject).toMatch(/: we received your request for a call$/);
    await adminApi.dispose();

    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await signInThroughApi(adminPage.request, E2E_ADMIN.email, E2E_ADMIN.password);
    await adminPage.goto("/admin");
    const list = adminPage.getByRole("list", { name: "Call requests" });
    const item = list.getByRole("listitem").filter({ hasText: name });
    await expect(item).toContainText("+1 555 010 2030");
    await expect(item).toContainText("Letter ref 4471: a folding ladder");
    await item.getByRole("button", { name: `Mark handled: ${name}` }).click();
    await expect(item).toContainText("Handled");
    await expect(item).toContainText(`handled by ${E2E_ADMIN.email}`);
    await adminContext.close();
  });
});

test.describe("coupon 'valid until' through the form", () => {
  // A browser far from the business's zone: the day chosen must still be the day stored.
  test.use({ timezoneId: "Pacific/Auckland" });

  test("is stored as the end of the chosen day, the same instant the API stores for that day, and listed as that day", async ({ page }) => {
    await signInThroughApi(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto("/admin/settings");
    await page.getByRole("tab", { name: "Coupon Codes" }).click();
    const code = `DAY${run.toUpperCase()}`;
    const year = new Date().getFullYear() + 1;
    await page.getByLabel("Coupon code", { exact: true }).fill(code);
    await page.getByLabel("Valid until").fill(`${year}-12-31`);
    await page.getByRole("button", { name: "Create coupon" }).click();
    await expect(page.getByText(`Coupon ${code} created successfully!`)).toBeVisible();
    await expect(page.getByTestId("coupon-row").filter({ hasText: code })).toContainText(`valid until December 31, ${year}`);

    const api = await newAdminApi();
    const { coupons } = (await (await api.get("/api/admin/coupons")).json()) as { coupons: Array<{ code: string; validUntil: string }> };
    // 23:59:59.999 on December 31 in New York (EST, UTC-5).
    expect(coupons.find((coupon) => coupon.code === code)?.validUntil).toBe(`${year + 1}-01-01T04:59:59.999Z`);
    await api.dispose();
  });
});
