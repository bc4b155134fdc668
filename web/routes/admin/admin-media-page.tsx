import { AppPage } from "../../components/layout/app-page";
import { PageHeader } from "../../components/layout/page-header";
import { MediaLibrary } from "../../features/media/components/media-library";

/** /admin/media: the media library on its own page. */
export default function AdminMediaPage() {
  return (
    <AppPage>
      <PageHeader eyebrow="Admin" title="Media Library" description="Upload, organise and reuse images, videos and documents." />
      <MediaLibrary />
    </AppPage>
  );
}
