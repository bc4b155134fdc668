import { asc, eq } from "drizzle-orm";
import { iso, type PersonalDataDeclaration } from "../../personal-data/declaration";
import { mediaVideos } from "./videos.table";

/** Training videos the member (an admin) added. */
export const VIDEOS_PERSONAL_DATA: PersonalDataDeclaration = {
  feature: "videos",
  columns: {
    "media_videos.uploaded_by": { action: "anonymise", how: "Training videos stay for the members who watch them, with no uploader." },
  },
  exportSections: [
    {
      key: "trainingVideosAdded",
      covers: ["media_videos.uploaded_by"],
      async read({ db, userId }) {
        const videos = await db.select({ id: mediaVideos.id, title: mediaVideos.fileName, createdAt: mediaVideos.createdAt }).from(mediaVideos).where(eq(mediaVideos.uploadedBy, userId)).orderBy(asc(mediaVideos.id));
        return videos.map((video) => ({ id: video.id, title: video.title, addedAt: iso(video.createdAt) }));
      },
    },
  ],
};
