import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { MESSAGES_PAGE_SIZE, MESSAGING_MESSAGES } from "../common/contracts/messages";
import { MESSAGES_TEXTS } from "../web/features/messages/texts";
import { signUpAndOpenMembers, type TestAccount } from "./support/accounts";
import { newAdminApi, setMemberTier } from "./support/admin-api";
import { expectNoSeriousAxeViolations } from "./support/axe";

const screenshotDir = process.env.SCREENSHOT_DIR;

type Member = TestAccount & { id: string; page: Page };

let adminApi: APIRequestContext;
test.beforeAll(async () => {
  adminApi = await newAdminApi();
});
test.afterAll(() => adminApi.dispose());

/** A member signed in in a browser context of their own, on `tier`, at `width` px. */
async function newMember(browser: Browser, prefix: string, tier: "free" | "inventor", width = 1280): Promise<Member> {
  const context = await browser.newContext({ viewport: { width, height: 860 } });
  const page = await context.newPage();
  const account = await signUpAndOpenMembers(page, prefix);
  if (tier !== "free") await setMemberTier(adminApi, account.email, tier);
  const me = (await (await page.request.get("/api/me")).json()) as { user: { id: string } };
  return { ...account, id: me.user.id, page };
}

/** The "Messages" entry of the members' navigation (in the drawer on phones, so read by name, visible or not). */
const messagesLink = (page: Page) => page.getByRole("link", { name: /^Messages/ }).first();
const composer = (page: Page) => page.getByRole("textbox", { name: "Write a message" });
const messages = (page: Page) => page.getByTestId("message");

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** `author` starts a conversation with `recipient` from the "with" page; resolves on the new conversation's page. */
async function startConversation(author: Member, recipient: Member, text: string): Promise<string> {
  await author.page.goto(`/members/messages/with/${recipient.id}`);
  // Opened by its address, not from the profile: the server's answer names the member.
  await expect(author.page.getByRole("heading", { name: `Write to ${recipient.name}` })).toBeVisible();
  await composer(author.page).fill(text);
  await composer(author.page).press("Enter");
  await expect(author.page).toHaveURL(/\/members\/messages\/\d+$/);
  await expect(messages(author.page).filter({ hasText: text })).toBeVisible();
  return new URL(author.page.url()).pathname;
}

test.describe("direct messages", () => {
  test("a paid member writes, the other reads it live, replies with Enter, and the unread counts follow", async ({ browser }) => {
    test.setTimeout(120_000);
    const paid = await newMember(browser, "dm-paid", "inventor");
    const free = await newMember(browser, "dm-free", "free");

    // A free member cannot start a conversation: no "Message" on the profile, and the reason on the page it leads to.
    await free.page.goto(`/members/people/${paid.id}`);
    await expect(free.page.getByRole("heading", { level: 1, name: paid.name })).toBeVisible();
    await expect(free.page.getByRole("link", { name: "Message", exact: true })).toHaveCount(0);
    await free.page.goto(`/members/messages/with/${paid.id}`);
    await expect(free.page.getByText(MESSAGING_MESSAGES.freeCannotStart)).toBeVisible();
    await expect(free.page.getByRole("link", { name: "View Pricing Options" })).toBeVisible();
    await expect(composer(free.page)).toHaveCount(0);
    if (screenshotDir) await free.page.screenshot({ path: `${screenshotDir}/messages-cannot-start-1280.png` });

    await free.page.goto("/members/messages");
    await expect(free.page.getByText("No conversations yet.")).toBeVisible();
    await expect(free.page.getByText("Find members in People and say hello.", { exact: true })).toBeVisible();

    // "Message" on the profile opens an empty conversation with them.
    await paid.page.goto(`/members/people/${free.id}`);
    await paid.page.getByRole("link", { name: "Message", exact: true }).click();
    await expect(paid.page).toHaveURL(`/members/messages/with/${free.id}`);
    await expect(paid.page.getByRole("heading", { name: `Write to ${free.name}` })).toBeVisible();

    // A first message from an account younger than a day cannot hold a link; the text stays to be edited.
    const withLink = "Hello! My prototype is at https://example.com/prototype";
    await composer(paid.page).fill(withLink);
    await composer(paid.page).press("Enter");
    await expect(paid.page.getByRole("alert")).toContainText(MESSAGING_MESSAGES.newAccountLinks);
    await expect(composer(paid.page)).toHaveValue(withLink);
    await expect(paid.page).toHaveURL(`/members/messages/with/${free.id}`);
    if (screenshotDir) await paid.page.screenshot({ path: `${screenshotDir}/messages-refused-1280.png` });

    const first = "Hello! I saw your post about injection moulding. Could we talk?";
    await composer(paid.page).fill(first);
    await composer(paid.page).press("Enter");
    await expect(paid.page).toHaveURL(/\/members\/messages\/\d+$/);
    await expect(messages(paid.page).filter({ hasText: first })).toBeVisible();
    await expect(composer(paid.page)).toHaveValue("");
    const conversationPath = new URL(paid.page.url()).pathname;

    // No reload on the other side: the stream brings the conversation, its unread count and the navigation badge.
    const row = free.page.getByTestId("conversation").filter({ hasText: paid.name });
    await expect(row).toContainText(first);
    await expect(row.getByTestId("conversation-unread")).toHaveText("1");
    await expect(messagesLink(free.page)).toHaveAccessibleName("Messages (1 unread)");
    await expectNoSeriousAxeViolations(free.page);

    // Opening it shows the message and marks it read: the counts clear.
    await row.click();
    await expect(free.page).toHaveURL(conversationPath);
    await expect(messages(free.page).filter({ hasText: first })).toBeVisible();
    await expect(free.page.getByRole("heading", { name: paid.name })).toBeVisible();
    await expect(messagesLink(free.page)).toHaveAccessibleName("Messages");
    await expect(row.getByTestId("conversation-unread")).toHaveCount(0);

    // A free member may reply. Shift+Enter is a new line, Enter sends; a link in a reply is clickable and passes no credit.
    await composer(free.page).fill("Yes, happy to!");
    await composer(free.page).press("Shift+Enter");
    await composer(free.page).pressSequentially("My notes: https://example.com/notes.");
    await expect(composer(free.page)).toHaveValue("Yes, happy to!\nMy notes: https://example.com/notes.");
    await composer(free.page).press("Enter");
    await expect(composer(free.page)).toHaveValue("");
    await expect(messages(free.page)).toHaveCount(2);

    // The author sees the reply live, on the page they are on, and it is read there at once.
    const reply = messages(paid.page).filter({ hasText: "Yes, happy to!" });
    await expect(reply).toBeVisible();
    await expect(reply).toHaveAttribute("data-from-me", "false");
    const link = reply.getByRole("link", { name: "https://example.com/notes" });
    await expect(link).toHaveAttribute("href", "https://example.com/notes");
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener nofollow ugc");
    await expect(messagesLink(paid.page)).toHaveAccessibleName("Messages");
    const paidRow = paid.page.getByTestId("conversation").filter({ hasText: free.name });
    await expect(paidRow).toContainText("Yes, happy to!");

    // Text only: markup is shown as typed, never rendered.
    await composer(paid.page).fill("<b>bold?</b> <img src=x onerror=alert(1)>");
    await composer(paid.page).press("Enter");
    await expect(messages(paid.page).filter({ hasText: "<b>bold?</b> <img src=x onerror=alert(1)>" })).toBeVisible();
    await expect(paidRow).toContainText("You: <b>bold?</b>");
    await expect(messages(free.page).filter({ hasText: "<b>bold?</b>" })).toBeVisible();
    await expect(free.page.locator("[data-testid=message] b, [data-testid=message] img")).toHaveCount(0);

    // Now that they have a conversation, "Message" on the profile leads the free member to it.
    await free.page.goto(`/members/people/${paid.id}`);
    await expect(free.page.getByRole("link", { name: "Message", exact: true })).toHaveAttribute("href", conversationPath);

    // The message is a notification too, leading to the conversation.
    await free.page.goto("/members/notifications");
    const notification = free.page.getByTestId("notification").filter({ hasText: paid.name });
    await expect(notification.first()).toContainText(`${paid.name} sent you`);
    if (screenshotDir) await free.page.screenshot({ path: `${screenshotDir}/messages-notification-1280.png` });
    await notification.first().click();
    await expect(free.page).toHaveURL(conversationPath);
    await expect(messages(free.page)).toHaveCount(3);

    for (const width of [390, 1280]) {
      for (const member of [paid, free]) {
        await member.page.setViewportSize({ width, height: 860 });
        await expect(messages(member.page).first()).toBeVisible();
        await expectNoSidewaysScroll(member.page);
      }
      if (screenshotDir) await paid.page.screenshot({ path: `${screenshotDir}/messages-conversation-${width}.png` });
    }
    await paid.page.goto("/members/messages");
    await expect(paidRow).toBeVisible();
    if (screenshotDir) await paid.page.screenshot({ path: `${screenshotDir}/messages-list-1280.png` });
    await expectNoSeriousAxeViolations(paid.page);
  });

  test("on a phone the list and the conversation are separate screens, and long words wrap", async ({ browser }) => {
    const paid = await newMember(browser, "dm-phone", "inventor", 390);
    const other = await newMember(browser, "dm-phone-other", "free", 390);
    const long = `Supercalifragilistic${"x".repeat(180)} fits`;
    const conversationPath = await startConversation(paid, other, long);
    await expect(paid.page.getByRole("heading", { level: 1, name: "Messages" })).toBeHidden();
    // The navigation is in the closed drawer on a phone: the top bar carries the count, live.
    await expect(other.page.getByRole("link", { name: "Messages, 1 unread" })).toBeVisible();
    if (screenshotDir) await other.page.screenshot({ path: `${screenshotDir}/messages-top-bar-390.png` });
    await expectNoSidewaysScroll(paid.page);

    await paid.page.getByRole("link", { name: "All conversations" }).click();
    await expect(paid.page).toHaveURL("/members/messages");
    await expect(paid.page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
    const row = paid.page.getByTestId("conversation").filter({ hasText: other.name });
    await expect(row).toContainText("You: Supercalifragilistic");
    await expectNoSidewaysScroll(paid.page);
    if (screenshotDir) await paid.page.screenshot({ path: `${screenshotDir}/messages-list-390.png` });
    await row.click();
    await expect(paid.page).toHaveURL(conversationPath);
    await expect(messages(paid.page)).toHaveCount(1);
    await expectNoSidewaysScroll(paid.page);
    if (screenshotDir) await paid.page.screenshot({ path: `${screenshotDir}/messages-long-word-390.png` });
    await expectNoSeriousAxeViolations(paid.page);
  });

  test("a blocked member is told only that the member is not accepting messages, until unblocked in Account", async ({ browser }) => {
    const paid = await newMember(browser, "dm-caller", "inventor");
    const blocker = await newMember(browser, "dm-refuser", "inventor");
    const conversationPath = await startConversation(paid, blocker, "Hi, are you selling your design?");

    await blocker.page.goto(conversationPath);
    await blocker.page.getByRole("button", { name: "Conversation actions" }).click();
    await blocker.page.getByRole("menuitem", { name: "Block member" }).click();
    const dialog = blocker.page.getByRole("dialog");
    await expect(dialog).toContainText(`Block ${paid.name}?`);
    await dialog.getByRole("button", { name: "Block member" }).click();
    await expect(dialog).toBeHidden();
    await expect(blocker.page.getByText("You blocked this member. Unblock them to write again.")).toBeVisible();
    await expect(composer(blocker.page)).toHaveCount(0);

    await paid.page.reload();
    await expect(paid.page.getByText(MESSAGING_MESSAGES.notAccepting)).toBeVisible();
    await expect(composer(paid.page)).toHaveCount(0);
    // Never told they were blocked (the names of these test accounts hold no such word).
    await expect(paid.page.getByText(/block/i)).toHaveCount(0);

    await blocker.page.goto("/members/account");
    const blocked = blocker.page.getByRole("list", { name: "Blocked members" });
    await expect(blocked).toContainText(paid.name);
    await blocked.getByRole("button", { name: `Unblock ${paid.name}` }).click();
    await expect(blocker.page.getByText("You have not blocked anyone.")).toBeVisible();

    await paid.page.reload();
    await expect(composer(paid.page)).toBeVisible();
  });

  test("a member who turns messages off cannot be written to", async ({ browser }) => {
    const paid = await newMember(browser, "dm-writer", "inventor");
    const quiet = await newMember(browser, "dm-quiet", "free");
    await quiet.page.goto("/members/account");
    const accept = quiet.page.getByRole("switch", { name: "Accept direct messages" });
    await expect(accept).toBeChecked();
    await accept.uncheck();
    await expect(accept).not.toBeChecked();
    await expect(accept).toBeEnabled();
    for (const width of [390, 1280]) {
      await quiet.page.setViewportSize({ width, height: 860 });
      await expectNoSidewaysScroll(quiet.page);
      if (screenshotDir) await quiet.page.locator("#messages-settings").screenshot({ path: `${screenshotDir}/messages-settings-${width}.png` });
    }
    await quiet.page.reload();
    await expect(quiet.page.getByRole("switch", { name: "Accept direct messages" })).not.toBeChecked();

    await paid.page.goto(`/members/messages/with/${quiet.id}`);
    await expect(paid.page.getByText(MESSAGING_MESSAGES.notAccepting)).toBeVisible();
    await expect(composer(paid.page)).toHaveCount(0);
  });

  test("a member reports a conversation with a reason, once", async ({ browser }) => {
    const paid = await newMember(browser, "dm-spammer", "inventor");
    const reporter = await newMember(browser, "dm-reporter", "free");
    const conversationPath = await startConversation(paid, reporter, "Buy my course today, limited offer");

    await reporter.page.goto(conversationPath);
    await reporter.page.getByRole("button", { name: "Conversation actions" }).click();
    await reporter.page.getByRole("menuitem", { name: "Report conversation" }).click();
    const dialog = reporter.page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Report" }).click();
    await expect(dialog).toContainText("Reason must be at least 3 characters");
    await dialog.getByLabel("Reason").fill("Unsolicited sales pitch");
    await dialog.getByRole("button", { name: "Report" }).click();
    await expect(dialog).toContainText(MESSAGING_MESSAGES.reported);
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await expect(dialog).toBeHidden();

    await reporter.page.getByRole("button", { name: "Conversation actions" }).click();
    await reporter.page.getByRole("menuitem", { name: "Report conversation" }).click();
    await expect(reporter.page.getByRole("dialog")).toContainText(MESSAGING_MESSAGES.alreadyReported);
  });

  test("older messages load on scrolling up, and a member who deleted their account shows as Deleted member", async ({ browser }) => {
    test.setTimeout(120_000);
    const paid = await newMember(browser, "dm-reader", "inventor");
    const talker = await newMember(browser, "dm-talker", "free");
    const conversationPath = await startConversation(paid, talker, "The very first message");
    const conversationId = conversationPath.split("/").at(-1);
    const headers = { Origin: new URL(talker.page.url()).origin };
    for (let number = 1; number <= MESSAGES_PAGE_SIZE + 5; number += 1) {
      const sent = await talker.page.request.post(`/api/messages/conversations/${conversationId}/messages`, { data: { body: `Update number ${number}` }, headers });
      expect(sent.status(), await sent.text()).toBe(201);
    }

    await paid.page.reload();
    const last = `Update number ${MESSAGES_PAGE_SIZE + 5}`;
    await expect(messages(paid.page).filter({ hasText: last })).toBeInViewport();
    await expect(messages(paid.page)).toHaveCount(MESSAGES_PAGE_SIZE);
    await paid.page.getByTestId("message-list").evaluate((list) => list.scrollTo({ top: 0 }));
    await expect(messages(paid.page)).toHaveCount(MESSAGES_PAGE_SIZE + 6);
    await expect(messages(paid.page).first()).toContainText("The very first message");
    await expect(paid.page.getByRole("button", { name: "Show older messages" })).toHaveCount(0);

    const deleted = await talker.page.request.post("/api/me/account/delete", { data: { password: talker.password, posts: "anonymise" }, headers });
    expect(deleted.ok(), await deleted.text()).toBe(true);
    await paid.page.reload();
    await expect(paid.page.getByRole("heading", { name: "Deleted member" })).toBeVisible();
    await expect(paid.page.getByText(MESSAGING_MESSAGES.deletedMember)).toBeVisible();
    await expect(composer(paid.page)).toHaveCount(0);
    await expect(messages(paid.page).filter({ hasText: last })).toHaveCount(0);
    await expect(messages(paid.page).last()).toContainText(MESSAGES_TEXTS.removed);
    if (screenshotDir) await paid.page.screenshot({ path: `${screenshotDir}/messages-deleted-member-1280.png` });
  });

  test("past the day's limit of new conversations, the limit is shown and the message kept", async ({ browser }) => {
    const settings = (await (await adminApi.get("/api/admin/settings")).json()) as Record<string, unknown>;
    const limited = await adminApi.put("/api/admin/settings", { data: { ...settings, dailyNewConversations: 1 } });
    expect(limited.ok(), await limited.text()).toBe(true);
    try {
      const paid = await newMember(browser, "dm-eager", "inventor");
      const first = await newMember(browser, "dm-first", "free");
      const second = await newMember(browser, "dm-second", "free");
      await startConversation(paid, first, "Hello, first of the day");
      await paid.page.goto(`/members/messages/with/${second.id}`);
      await composer(paid.page).fill("Hello, one too many");
      await paid.page.getByRole("button", { name: "Send" }).click();
      await expect(paid.page.getByRole("alert")).toContainText(MESSAGING_MESSAGES.dailyLimit(1));
      await expect(composer(paid.page)).toHaveValue("Hello, one too many");
    } finally {
      await adminApi.put("/api/admin/settings", { data: settings });
    }
  });
});
