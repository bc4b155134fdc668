import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { iso, type Erasure, type PersonalDataDeclaration } from "../../personal-data/declaration";
import { zipPathOf } from "./uploaded-files";
import { mediaItems } from "./media.table";

/** Only a member deleting their own account takes their uploads with them; an admin's deletion leaves them in the library. */
const uploadsGo = ({ by }: Erasure) => by === "member";

/** Files the member uploaded to the media library; the files themselves are in the export's zip. */
export const MEDIA_PERSONAL_DATA: PersonalDataDeclaration = {
  feature: "media",
  columns: {
    "media_items.uploaded_by": {
      action: "delete",
      how: "A member deleting their own account deletes the files they uploaded, from the library and the file store. When an admin deletes an account, its uploads stay in the library (resources and courses may use them) with no uploader.",
    },
  },
  exportSections: [
    {
      key: "uploads",
      covers: ["media_items.uploaded_by"],
      async read({ db, userId }) {
        const items = await db.select().from(mediaItems).where(eq(mediaItems.uploadedBy, userId)).orderBy(asc(mediaItems.id));
        return {
          mediaLibrary: items.map((item) => ({
            id: item.id,
            name: item.name,
            kind: item.kind,
            type: item.fileType,
            sizeBytes: item.fileSize,
            folder: item.folder,
            youtubeId: item.youtubeId,
            public: item.isPublic,
            uploadedAt: iso(item.createdAt),
            // The file itself is in the zip under this path.
            file: item.fileKey ? zipPathOf(item) : null,
          })),
        };
      },
    },
  ],
  async filesToRemove(erasure) {
    if (!uploadsGo(erasure)) return [];
    const rows = await erasure.tx
      .select({ fileKey: mediaItems.fileKey })
      .from(mediaItems)
      .where(and(inArray(mediaItems.uploadedBy, erasure.members.map((member) => member.id)), isNotNull(mediaItems.fileKey)));
    return rows.flatMap((row) => (row.fileKey ? [row.fileKey] : []));
  },
  async erase(erasure) {
    if (uploadsGo(erasure)) await erasure.tx.delete(mediaItems).where(inArray(mediaItems.uploadedBy, erasure.members.map((member) => member.id)));
  },
};
