import { eq } from "drizzle-orm";
import { DEFAULT_GENERAL_SETTINGS, GeneralSettingsSchema, type GeneralSettings, type PublicSettings } from "../../../common/contracts/settings";
import type { Database } from "../../db/client";
import { appSettings } from "../../settings/settings.table";

const GENERAL_KEY = "general";

/**
 * How long this instance reuses the settings it read. Sign-up reads them on every attempt; a save on
 * another instance shows here within this time, a save on this instance at once.
 */
export const SETTINGS_CACHE_MS = 5000;

// Keyed by database so that several apps in one process (tests) never see each other's settings.
const cache = new WeakMap<Database, { settings: GeneralSettings; until: number }>();

/** The General Settings in effect: the saved ones, or the defaults while nothing is saved. */
export async function getGeneralSettings(db: Database): Promise<GeneralSettings> {
  const hit = cache.get(db);
  if (hit && hit.until > Date.now()) return hit.settings;
  return loadGeneralSettings(db);
}

/** Reads the saved settings past the cache (the admin's form must show what every instance will use). */
export async function loadGeneralSettings(db: Database): Promise<GeneralSettings> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, GENERAL_KEY));
  return remember(db, fromStored(row?.value));
}

export async function saveGeneralSettings(db: Database, settings: GeneralSettings): Promise<GeneralSettings> {
  const updatedAt = new Date();
  await db
    .insert(appSettings)
    .values({ key: GENERAL_KEY, value: settings, updatedAt })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: settings, updatedAt } });
  return remember(db, settings);
}

export function toPublicSettings({ communityName, allowRegistration }: GeneralSettings): PublicSettings {
  return { communityName, allowRegistration };
}

/** A stored value missing a field (saved before the field existed) takes that field's default. */
function fromStored(value: unknown): GeneralSettings {
  if (typeof value !== "object" || value === null) return DEFAULT_GENERAL_SETTINGS;
  const parsed = GeneralSettingsSchema.safeParse({ ...DEFAULT_GENERAL_SETTINGS, ...value });
  return parsed.success ? parsed.data : DEFAULT_GENERAL_SETTINGS;
}

function remember(db: Database, settings: GeneralSettings): GeneralSettings {
  cache.set(db, { settings, until: Date.now() + SETTINGS_CACHE_MS });
  return settings;
}
