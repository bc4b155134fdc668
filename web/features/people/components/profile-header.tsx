import type { ReactNode } from "react";
import type { ShownPersonProfile } from "../../../../common/contracts/people";
import { BUILD_STAGE_LABELS } from "../../../../common/contracts/people-stages";
import { ProfileAvatar } from "../../profile/components/profile-avatar";
import { memberSinceText } from "../messages";
import { PersonBadge } from "./person-badge";
import { PlaceLine } from "./place-line";

type ProfileHeaderProps = {
  profile: ShownPersonProfile;
  /** The profile's actions area: the admin's text hiding, and the messaging feature's "Message" button. */
  actions: ReactNode;
};

/** Photo, name, badge, headline, stage, place and member since, with the actions beside them. */
export function ProfileHeader({ profile, actions }: ProfileHeaderProps) {
  return (
    <header className="flex flex-col gap-5 rounded-xl border border-border bg-surface p-5 shadow-xs sm:flex-row sm:items-start sm:justify-between sm:p-6">
      <div className="flex min-w-0 gap-4">
        <ProfileAvatar profile={{ name: profile.name, email: "", profilePicture: profile.profilePicture }} className="size-16 text-2xl sm:size-20" />
        <div className="grid min-w-0 content-start gap-1.5">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 className="text-2xl font-bold tracking-tight wrap-anywhere text-ink">{profile.name}</h1>
            <PersonBadge badge={profile.badge} />
          </div>
          {profile.headline ? <p className="text-base wrap-anywhere text-ink">{profile.headline}</p> : null}
          <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted">
            {profile.stage ? <span>{BUILD_STAGE_LABELS[profile.stage]}</span> : null}
            <PlaceLine city={profile.city} country={profile.country} />
            <span>{memberSinceText(profile.memberSince)}</span>
          </p>
        </div>
      </div>
      <div data-testid="profile-actions" className="flex shrink-0 flex-wrap gap-2 sm:justify-end">
        {actions}
      </div>
    </header>
  );
}
