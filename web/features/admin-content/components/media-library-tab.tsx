import { Images } from "lucide-react";
import { EmptyState } from "../../../components/ui/empty-state";

/** Content Management → Media Library: uploads ship with the media library release; until then files are links. */
export function MediaLibraryTab() {
  return (
    <EmptyState icon={Images} title="Uploads arrive with the media library">
      Uploading images, videos and documents, sorting them into folders and picking them for your content all come with the media library
      release. Until then, resources and training videos take a link to their file: paste its address in the File URL or Video URL field.
    </EmptyState>
  );
}
