import type { Database } from "../../db/client";
import { getGeneralSettings } from "../settings/settings.service";

/** The design system's navy (theme) and page background (web/styles.css). */
const THEME_COLOR = "#1c2b4d";
const BACKGROUND_COLOR = "#f7f8fb";
/** Home screens cut longer names. */
const SHORT_NAME_LENGTH = 12;

/** Home-screen icons in web/public/icons: the maskable one keeps the bulb inside the safe zone Android crops to. */
const APP_ICONS = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
] as const;

/** The home-screen name: the community name when it fits, else its first words that do. */
export function shortNameOf(name: string): string {
  if (name.length <= SHORT_NAME_LENGTH) return name;
  let short = "";
  for (const word of name.split(/\s+/)) {
    const next = short ? `${short} ${word}` : word;
    if (next.length > SHORT_NAME_LENGTH) break;
    short = next;
  }
  return short || name.slice(0, SHORT_NAME_LENGTH);
}

/** The web app manifest (README: Installing the app), named after the community of Admin Settings. */
export async function getAppManifest(db: Database) {
  const { communityName } = await getGeneralSettings(db);
  return {
    id: "/",
    name: communityName,
    short_name: shortNameOf(communityName),
    description: `${communityName}: mastermind sessions, the community board, resources and training for product inventors and brand owners.`,
    start_url: "/members",
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: APP_ICONS,
  };
}
