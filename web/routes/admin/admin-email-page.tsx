import { Tabs } from "radix-ui";
import { AppPage } from "../../components/layout/app-page";
import { PageHeader } from "../../components/layout/page-header";
import { Alert } from "../../components/ui/alert";
import { PageSpinner } from "../../components/ui/spinner";
import { useEmailStatus } from "../../features/email/api";
import { ErrorLogsTab } from "../../features/email/components/error-logs-tab";
import { GmailAuthorizationTab } from "../../features/email/components/gmail-authorization-tab";
import { SendEmailTab } from "../../features/email/components/send-email-tab";
import { TemplatesTab } from "../../features/email/components/templates-tab";
import { TransportCard } from "../../features/email/components/transport-card";

const TAB_CLASS =
  "rounded-md px-4 py-2 text-sm font-semibold text-muted transition-colors hover:text-ink focus-visible:outline-2 focus-visible:outline-ring data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm";

/** /admin/email: the transport in use, then Gmail Authorization (default), Send Email, Email Templates, Error Logs (spec 001 §2.7). */
export default function AdminEmailPage() {
  const status = useEmailStatus();
  return (
    <AppPage>
      <PageHeader eyebrow="Admin" title="Email Settings" description="Sending account, templates and delivery logs." />
      {status.isPending ? <PageSpinner label="Loading email settings" /> : null}
      {status.isError ? <Alert variant="error">Failed to load the email settings. Please try again.</Alert> : null}
      {status.data ? (
        <div className="grid gap-6">
          <TransportCard status={status.data} />
          <Tabs.Root defaultValue="gmail" className="grid gap-6">
            <Tabs.List aria-label="Email sections" className="inline-flex w-fit flex-wrap gap-1 rounded-lg bg-navy-50 p-1">
              <Tabs.Trigger value="gmail" className={TAB_CLASS}>
                Gmail Authorization
              </Tabs.Trigger>
              <Tabs.Trigger value="send" className={TAB_CLASS}>
                Send Email
              </Tabs.Trigger>
              <Tabs.Trigger value="templates" className={TAB_CLASS}>
                Email Templates
              </Tabs.Trigger>
              <Tabs.Trigger value="errors" className={TAB_CLASS}>
                Error Logs
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="gmail">
              <GmailAuthorizationTab status={status.data} />
            </Tabs.Content>
            <Tabs.Content value="send">
              <SendEmailTab status={status.data} />
            </Tabs.Content>
            <Tabs.Content value="templates">
              <TemplatesTab />
            </Tabs.Content>
            <Tabs.Content value="errors">
              <ErrorLogsTab />
            </Tabs.Content>
          </Tabs.Root>
        </div>
      ) : null}
    </AppPage>
  );
}
