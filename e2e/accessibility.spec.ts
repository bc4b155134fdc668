import { expect, test } from "@playwright/test";
import { PUBLIC_PAGES } from "../common/marketing/public-pages";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { stubThirdPartyEmbeds } from "./support/third-party";

// Every public page, plus the pages that are not in the fixed table.
const PATHS = [...PUBLIC_PAGES.map((page) => page.path), "/university/course/amazon-launch-playbook", "/university/course/retired-course", "/brands?category=pet-supplies"];

const VIEWPORTS = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
];

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`axe on every public page (${name})`, () => {
    for (const path of PATHS) {
      test(`${path} has no serious or critical violation`, async ({ browser }) => {
        // A fresh context per page (what @axe-core/playwright needs), with embeds answered locally.
        const context = await browser.newContext({ viewport });
        await stubThirdPartyEmbeds(context);
        const page = await context.newPage();
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
        await expect(page.getByRole("contentinfo")).toBeVisible();
        await page.waitForLoadState("networkidle");
        await expectNoSeriousAxeViolations(page);
        await context.close();
      });
    }
  });
}

test("the sign-up modal and the phone menu pass axe too", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByRole("navigation", { name: "Mobile" }).press("Escape");
  await page.getByRole("main").getByRole("button", { name: "Join Free" }).first().click();
  await expect(page.getByRole("dialog", { name: "Create your free account" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await context.close();
});
