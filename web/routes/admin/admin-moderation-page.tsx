import { AppPage } from "../../components/layout/app-page";
import { PageHeader } from "../../components/layout/page-header";
import { ModerationQueue } from "../../features/community/components/moderation-queue";
import { ReportedConversations } from "../../features/community/components/reported-conversations";

/** /admin/moderation: flagged posts and replies, reported conversations, and warnings or suspensions for their authors. */
export default function AdminModerationPage() {
  return (
    <AppPage>
      <PageHeader
        eyebrow="Admin"
        title="Moderation"
        description="Flagged posts and replies, and reported conversations, with their reasons. Decide on them, and warn or suspend their authors."
      />
      <div className="grid gap-10">
        <section aria-labelledby="flagged-heading" className="grid gap-4">
          <h2 id="flagged-heading" className="text-lg font-semibold text-ink">
            Flagged posts and replies
          </h2>
          <ModerationQueue />
        </section>
        <section aria-labelledby="reported-conversations-heading" className="grid gap-4">
          <h2 id="reported-conversations-heading" className="text-lg font-semibold text-ink">
            Reported conversations
          </h2>
          <ReportedConversations />
        </section>
      </div>
    </AppPage>
  );
}
