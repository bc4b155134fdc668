import { Link, useParams } from "react-router";
import { ArrowLeft, Lock, UserX } from "lucide-react";
import { PEOPLE_MESSAGES, type ShownPersonProfile } from "../../../common/contracts/people";
import { AppPage } from "../../components/layout/app-page";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { PageSpinner } from "../../components/ui/spinner";
import { MessageButton } from "../../features/messages/components/message-button";
import { usePersonProfile } from "../../features/people/api";
import { ProfileAbout } from "../../features/people/components/profile-about";
import { ProfileHeader } from "../../features/people/components/profile-header";
import { RecentPosts } from "../../features/people/components/recent-posts";
import { TextHidingButton } from "../../features/people/components/text-hiding-button";
import { PEOPLE_PAGE_MESSAGES } from "../../features/people/messages";
import { ApiError } from "../../lib/api-client";
import { paths } from "../../lib/paths";

function BackLink() {
  return (
    <Link to={paths.members.people} className="inline-flex items-center gap-1.5 justify-self-start text-sm font-medium text-navy-700 underline-offset-2 hover:underline">
      <ArrowLeft className="size-4" aria-hidden />
      {PEOPLE_PAGE_MESSAGES.allMembers}
    </Link>
  );
}

/** Why part of the profile is hidden, said to whoever sees it. */
function ProfileNotices({ profile }: { profile: ShownPersonProfile }) {
  return (
    <>
      {profile.textHidden ? <Alert variant={profile.isMe ? "error" : "info"}>{profile.isMe ? PEOPLE_MESSAGES.ownTextHidden : profile.canModerate ? PEOPLE_PAGE_MESSAGES.adminSeesHidden : PEOPLE_MESSAGES.textHidden}</Alert> : null}
      {profile.isMe && profile.hidden ? <Alert variant="info">{PEOPLE_PAGE_MESSAGES.youAreHidden}</Alert> : null}
    </>
  );
}

function ShownProfile({ profile }: { profile: ShownPersonProfile }) {
  return (
    <>
      <ProfileNotices profile={profile} />
      <ProfileHeader
        profile={profile}
        actions={
          <>
            {profile.isMe ? null : <MessageButton person={{ id: profile.id, name: profile.name, tier: profile.badge, profilePicture: profile.profilePicture }} />}
            {profile.isMe ? (
              <Button asChild variant="outline">
                <Link to={paths.members.account}>{PEOPLE_PAGE_MESSAGES.editProfile}</Link>
              </Button>
            ) : null}
            {profile.canModerate && !profile.isMe ? <TextHidingButton userId={profile.id} textHidden={profile.textHidden} /> : null}
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <ProfileAbout profile={profile} />
        <RecentPosts posts={profile.recentPosts} />
      </div>
    </>
  );
}

/** /members/people/:id: a member's profile, or that it is private, or that there is no such member. */
export default function PersonPage() {
  const id = useParams().id ?? "";
  const profile = usePersonProfile(id);
  if (profile.isPending) return <PageSpinner label={PEOPLE_PAGE_MESSAGES.loading} />;
  return (
    <AppPage>
      <BackLink />
      {profile.isError ? (
        profile.error instanceof ApiError && profile.error.status === 404 ? (
          <EmptyState icon={UserX} title={PEOPLE_MESSAGES.notFound} />
        ) : (
          <div className="grid justify-items-start gap-3">
            <Alert variant="error" className="w-full">
              {PEOPLE_PAGE_MESSAGES.profileFailed}
            </Alert>
            <Button variant="outline" onClick={() => void profile.refetch()}>
              {PEOPLE_PAGE_MESSAGES.retry}
            </Button>
          </div>
        )
      ) : profile.data.visibility === "private" ? (
        <EmptyState icon={Lock} title={PEOPLE_MESSAGES.privateProfile}>
          <span className="wrap-anywhere">{profile.data.name}</span>
        </EmptyState>
      ) : (
        <ShownProfile profile={profile.data} />
      )}
    </AppPage>
  );
}
