import { sql } from "drizzle-orm";
import { Readable } from "node:stream";
import type { Database } from "../../db/client";
import { newFileKey, type FileStore } from "../../files/file-store";
import { appSettings } from "../../settings/settings.table";
import { communityPosts } from "../community/community.table";
import { CONTENT_FOLDERS } from "../media/library-adoption";
import { mediaItems } from "../media/media.table";
import { resources } from "../resources/resources.table";
import { mastermindSessions } from "../sessions/sessions.table";
import { mediaVideos } from "../videos/videos.table";
import { DEMO_POSTS, DEMO_RESOURCES, DEMO_VIDEOS, demoSessions } from "./demo-content";
import { renderDemoPdf } from "./demo-pdf";

const SEEDED_KEY = "demo_content_seeded";

/** Stores a sample PDF as a media library file would be: under a library key, so the library owns it. */
async function storeLibraryPdf(files: FileStore, bytes: Buffer): Promise<string> {
  const key = newFileKey("media", "pdf");
  await files.write(key, Readable.from([bytes]));
  return key;
}

/**
 * Seeds the sample sessions, posts, resources and videos once per database: a marker row claimed in
 * the same transaction makes a restart, or a second instance starting at the same moment, seed nothing.
 * The resources' PDFs and the videos are media library items too, so the library lists them, the
 * pickers offer them, and deleting one names the content that uses it. Returns whether this call seeded.
 */
export async function seedDemoContent(db: Database, files: FileStore, now = new Date()): Promise<boolean> {
  const [already] = await db.select({ key: appSettings.key }).from(appSettings).where(sql`${appSettings.key} = ${SEEDED_KEY}`);
  if (already) return false;
  const stored = await Promise.all(
    DEMO_RESOURCES.map(async (resource) => {
      const bytes = renderDemoPdf(resource.title, resource.paragraphs);
      return { ...resource, fileKey: await storeLibraryPdf(files, bytes), fileSize: bytes.length };
    }),
  );
  try {
    return await db.transaction(async (tx) => {
      const claimed = await tx.insert(appSettings).values({ key: SEEDED_KEY, value: { at: now.toISOString() } }).onConflictDoNothing().returning();
      if (claimed.length === 0) throw new AlreadySeeded();
      await tx.insert(mastermindSessions).values(demoSessions(now));
      await tx.insert(communityPosts).values(DEMO_POSTS.map((post) => ({ ...post, postedAsAdmin: true, accessLevel: "all" as const })));
      await tx.insert(mediaItems).values([
        ...stored.map(({ fileName, fileKey, fileSize }) => ({
          kind: "document" as const,
          name: fileName,
          fileKey,
          fileType: "application/pdf",
          fileSize,
          folder: CONTENT_FOLDERS.resources,
          pageCount: 1,
        })),
        ...DEMO_VIDEOS.map((video) => ({ kind: "video" as const, name: video.title, fileType: "youtube/video", fileSize: 0, folder: CONTENT_FOLDERS.videos, youtubeId: video.youtubeId })),
      ]);
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
