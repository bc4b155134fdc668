import { AppPage } from "../../components/layout/app-page";
import { PageHeader } from "../../components/layout/page-header";
import { ModerationQueue } from "../../features/community/components/moderation-queue";

/** /admin/moderation: flagged posts and replies, approve / hide / delete, and warnings or suspensions for their authors. */
export default function AdminModerationPage() {
  return (
    <AppPage>
      <PageHeader eyebrow="Admin" title="Moderation" description="Flagged posts and replies with their reasons. Approve, hide or delete them, and warn or suspend their authors." />
      <ModerationQueue />
    </AppPage>
  );
}
