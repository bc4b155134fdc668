import { MediaLibrary } from "../../media/components/media-library";

/** Content Management → Media Library: the same library as /admin/media. */
export function MediaLibraryTab() {
  return <MediaLibrary />;
}
