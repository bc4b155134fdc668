import { Tabs } from "radix-ui";
import { AppPage } from "../../components/layout/app-page";
import { PageHeader } from "../../components/layout/page-header";
import { MediaLibraryTab } from "../../features/admin-content/components/media-library-tab";
import { ResourcesTab } from "../../features/admin-content/components/resources-tab";
import { SessionsTab } from "../../features/admin-content/components/sessions-tab";
import { VideosTab } from "../../features/admin-content/components/videos-tab";
import { AdminCommunityTab } from "../../features/community/components/admin-community-tab";
import { CourseBuilderTab } from "../../features/university/admin/course-builder-tab";

const TAB_CLASS =
  "rounded-md px-4 py-2 text-sm font-semibold text-muted transition-colors hover:text-ink focus-visible:outline-2 focus-visible:outline-ring data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm";

/** The five sections of spec 001 §2.6 and the University's course builder, the first one open by default. */
const TABS = [
  { value: "sessions", label: "Mastermind Sessions", Content: SessionsTab },
  { value: "community", label: "Community Discussions", Content: AdminCommunityTab },
  { value: "resources", label: "Resource Library", Content: ResourcesTab },
  { value: "videos", label: "Training Videos", Content: VideosTab },
  { value: "courses", label: "Courses", Content: CourseBuilderTab },
  { value: "media", label: "Media Library", Content: MediaLibraryTab },
] as const;

/** /admin/content: what members see in the mastermind, community, resources and training areas. */
export default function AdminContentPage() {
  return (
    <AppPage>
      <PageHeader
        eyebrow="Admin"
        title="Content Management"
        description="Curate what members see: mastermind sessions, community discussions, the resource library and training videos."
      />
      <Tabs.Root defaultValue="sessions" className="grid min-w-0 gap-6">
        {/* Two columns on phones, where the tabs in a wrapping row leave ragged gaps (an odd last one spans both). */}
        <Tabs.List aria-label="Content sections" className="grid grid-cols-2 gap-1 rounded-lg bg-navy-50 p-1 sm:flex sm:w-fit sm:flex-wrap">
          {TABS.map((tab) => (
            <Tabs.Trigger key={tab.value} value={tab.value} className={`${TAB_CLASS} text-center leading-tight ${TABS.length % 2 === 1 ? "last:col-span-2" : ""}`}>
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map(({ value, Content }) => (
          <Tabs.Content key={value} value={value} className="min-w-0">
            <Content />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </AppPage>
  );
}
