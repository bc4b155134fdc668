import { Link } from "react-router";
import type { DirectoryMember } from "../../../../common/contracts/people";
import { BUILD_STAGE_LABELS } from "../../../../common/contracts/people-stages";
import { paths } from "../../../lib/paths";
import { ProfileAvatar } from "../../profile/components/profile-avatar";
import { PersonBadge } from "./person-badge";
import { PlaceLine } from "./place-line";
import { TagList } from "./tag-list";

/** One member in the directory: picture, name (the link to the profile), badge, headline, stage, place and tags. */
export function PersonCard({ member }: { member: DirectoryMember }) {
  return (
    <article className="relative flex h-full min-w-0 gap-3 rounded-xl border border-border bg-surface p-4 shadow-xs transition-colors focus-within:border-navy-300 hover:border-navy-300">
      <ProfileAvatar profile={{ name: member.name, email: "", profilePicture: member.profilePicture }} className="size-12" />
      <div className="grid min-w-0 flex-1 content-start gap-1.5">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h2 className="text-base font-semibold wrap-anywhere text-ink">
            {/* The whole card opens the profile; the link is the name, for screen readers. */}
            <Link to={paths.members.person(member.id)} className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none">
              {member.name}
            </Link>
          </h2>
          <PersonBadge badge={member.badge} />
        </div>
        {member.headline ? <p className="text-sm wrap-anywhere text-ink">{member.headline}</p> : null}
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted">
          {member.stage ? <span>{BUILD_STAGE_LABELS[member.stage]}</span> : null}
          <PlaceLine city={member.city} country={member.country} />
        </p>
        <TagList tags={member.expertise} label={`${member.name}'s expertise`} />
      </div>
    </article>
  );
}
