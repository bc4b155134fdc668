import type { Logger } from "pino";
import type { Database } from "../db/client";
import { getGeneralSettings } from "../features/settings/settings.service";
import type { Mailer } from "../mail/mailer";
import { passwordChangedMail } from "../mail/templates";
import { CLIENT_IP_HEADER } from "./client-ip";

interface NoticeDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  siteUrl: string;
}

interface Account {
  id: string;
  email: string;
  name: string;
}

/** Mails "your password was changed" after a change or a reset; the password is changed whether or not the mail can be stored. */
export function createPasswordChangedNotice({ db, mailer, logger, siteUrl }: NoticeDeps) {
  return async function notifyPasswordChanged(account: Account, via: "change" | "reset", headers: Headers | undefined): Promise<void> {
    try {
      const { communityName } = await getGeneralSettings(db);
      const address = headers?.get(CLIENT_IP_HEADER) ?? null;
      const mail = passwordChangedMail({
        name: account.name,
        email: account.email,
        communityName,
        via,
        changedAt: new Date(),
        browser: describeBrowser(headers?.get("user-agent") ?? null),
        address: address && address !== "unknown" ? address : null,
        siteUrl,
      });
      await mailer.send({ to: account.email, ...mail });
    } catch (error) {
      logger.error({ err: error, userId: account.id }, "password-changed notice could not be stored");
    }
  };
}

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg\//, "Edge"],
  [/OPR\//, "Opera"],
  [/Firefox\//, "Firefox"],
  [/Chrome\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/Android/, "Android"],
  [/iPhone|iPad/, "iOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

/** "Firefox on Linux" from a user agent; an unrecognised one as sent, cut short; null without one. */
export function describeBrowser(userAgent: string | null): string | null {
  const agent = userAgent?.trim();
  if (!agent) return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? agent.replace(/[\r\n]+/g, " ").slice(0, 120);
}
