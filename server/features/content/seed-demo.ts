import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { FileStore } from "../../files/file-store";
import { appSettings } from "../../settings/settings.table";
import { communityPosts } from "../community/community.table";
import { resources } from "../resources/resources.table";
import { mastermindSessions } from "../sessions/sessions.table";
import { mediaVideos } from "../videos/videos.table";
import { DEMO_POSTS, DEMO_RESOURCES, DEMO_VIDEOS, demoSessions } from "./demo-content";
import { renderDemoPdf } from "./demo-pdf";

const SEEDED_KEY = "demo_content_seeded";

/**
 * Seeds the sample sessions, posts, resources and videos once per database: a marker row claimed in
 * the same transaction makes a restart, or a second instance starting at the same moment, seed nothing.
 * Returns whether this call seeded.
 */
export async function seedDemoContent(db: Database, files: FileStore, now = new Date()): Promise<boolean> {
  const [already] = await db.select({ key: appSettings.key }).from(appSettings).where(sql`${appSettings.key} = ${SEEDED_KEY}`);
  if (already) return false;
  const stored = await Promise.all(
    DEMO_RESOURCES.map(async (resource) => ({ ...resource, fileKey: await files.put("resources", "pdf", renderDemoPdf(resource.title, resource.paragraphs)) })),
  );
  try {
    return await db.transaction(async (tx) => {
      const claimed = await tx.insert(appSettings).values({ key: SEEDED_KEY, value: { at: now.toISOString() } }).onConflictDoNothing().returning();
      if (claimed.length === 0) throw new AlreadySeeded();
      await tx.insert(mastermindSessions).values(demoSessions(now));
      await tx.insert(communityPosts).values(DEMO_POSTS.map((post) => ({ ...post, postedAsAdmin: true, accessLevel: "all" as const })));
      await tx.insert(resources).values(
        stored.map(({ title, description, category, tier, featured, fileName, fileKey }) => ({
          title,
          description,
          category,
          tier,
          featured,
          type: "PDF",
          fileKey,
          fileName,
          fileType: "application/pdf",
        })),
      );
      await tx.insert(mediaVideos).values(
        DEMO_VIDEOS.map((video) => ({
          fileName: video.title,
          description: video.description,
          fileType: "youtube/video",
          isYoutube: true,
          youtubeId: video.youtubeId,
          url: `https://www.youtube.com/watch?v=${video.youtubeId}`,
          accessLevel: video.accessLevel,
          category: video.category,
          featured: video.featured,
          releaseDate: now.toISOString().slice(0, 10),
        })),
      );
      return true;
    });
  } catch (error) {
    await Promise.all(stored.map((resource) => files.remove(resource.fileKey)));
    if (error instanceof AlreadySeeded) return false;
    throw error;
  }
}

class AlreadySeeded extends Error {}
