import { eq, sql } from "drizzle-orm";
import webpush from "web-push";
import type { Database } from "../../db/client";
import type { SecretBox } from "../../mail/secret-box";
import { appSettings } from "../../settings/settings.table";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const SETTING_KEY = "web-push-vapid";

/**
 * The VAPID keys that sign every push: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, else a pair
 * generated once and kept in the database (the private key sealed), so every instance signs with the
 * same one and members' subscriptions survive restarts. The first instance to store one wins.
 */
export async function resolveVapidKeys(db: Database, box: SecretBox, configured: Partial<VapidKeys>): Promise<VapidKeys> {
  if (configured.publicKey && configured.privateKey) return { publicKey: configured.publicKey, privateKey: configured.privateKey };
  const read = async () => {
    const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, SETTING_KEY));
    const stored = row?.value as { publicKey: string; sealedPrivateKey: string } | undefined;
    return stored ? { publicKey: stored.publicKey, privateKey: box.open(stored.sealedPrivateKey) } : null;
  };
  const existing = await read();
  if (existing) return existing;
  const generated = webpush.generateVAPIDKeys();
  await db
    .insert(appSettings)
    .values({ key: SETTING_KEY, value: sql`${JSON.stringify({ publicKey: generated.publicKey, sealedPrivateKey: box.seal(generated.privateKey) })}::jsonb` })
    .onConflictDoNothing();
  const kept = await read();
  if (!kept) throw new Error("the web push keys could not be stored");
  return kept;
}

/** The keys, read (or made) at the first push or subscription and kept; a failed read is tried again next time. */
export function vapidKeysOnce(db: Database, box: SecretBox, configured: Partial<VapidKeys>): () => Promise<VapidKeys> {
  let keys: Promise<VapidKeys> | null = null;
  return () => {
    keys ??= resolveVapidKeys(db, box, configured).catch((error: unknown) => {
      keys = null;
      throw error;
    });
    return keys;
  };
}
