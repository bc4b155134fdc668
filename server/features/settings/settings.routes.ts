import type { FastifyInstance } from "fastify";
import { GeneralSettingsSchema, type GeneralSettings, type PublicSettings } from "../../../common/contracts/settings";
import { requireAdmin } from "../../auth/guards";
import type { Database } from "../../db/client";
import { getGeneralSettings, loadGeneralSettings, saveGeneralSettings, toPublicSettings } from "./settings.service";

/** Admin Settings → General Settings, and the part of them the sign-up modal reads. */
export async function settingsRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  app.get("/api/admin/settings", { config: { api: { summary: "Read community settings" } }, preHandler: requireAdmin }, async (): Promise<GeneralSettings> => loadGeneralSettings(db));

  app.put("/api/admin/settings", { config: { api: { summary: "Save community settings", body: GeneralSettingsSchema } }, preHandler: requireAdmin }, async (request): Promise<GeneralSettings> => {
    return saveGeneralSettings(db, GeneralSettingsSchema.parse(request.body));
  });

  app.get("/api/settings/public", { config: { api: { summary: "Public community settings (name, approval, tagline)" } } }, async (): Promise<PublicSettings> => toPublicSettings(await getGeneralSettings(db)));
}
