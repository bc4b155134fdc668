import type { ReactNode } from "react";
import { Link } from "react-router";
import { ShieldCheck, UserX } from "lucide-react";
import type { PostAuthor } from "../../../../common/contracts/community";
import { CONTENT_MESSAGES } from "../../../../common/content";
import { TIER_BADGES } from "../../../../common/tiers";
import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../lib/cn";
import { paths } from "../../../lib/paths";
import { ProfileAvatar } from "../../profile/components/profile-avatar";
import { exactDate, postedAgo, wasEdited } from "../format";

/** A deleted account keeps its posts under "Deleted member" with no id; admin posts stay "Admin". */
const isDeleted = (author: PostAuthor) => author.id === null && author.tier !== "admin";

function AuthorAvatar({ author, small }: { author: PostAuthor; small: boolean }) {
  const size = small ? "size-8 text-sm" : "size-10 text-base";
  if (author.tier === "admin" || isDeleted(author)) {
    const Icon = author.tier === "admin" ? ShieldCheck : UserX;
    return (
      <span
        className={cn("inline-flex shrink-0 items-center justify-center rounded-full", size, author.tier === "admin" ? "bg-navy-800 text-white" : "bg-navy-100 text-navy-500")}
        aria-hidden
      >
        <Icon className={small ? "size-4" : "size-5"} />
      </span>
    );
  }
  return <ProfileAvatar profile={{ name: author.name, email: "", profilePicture: author.profilePicture }} className={size} />;
}

function AuthorBadge({ author }: { author: PostAuthor }) {
  if (isDeleted(author)) return null;
  if (author.tier === "admin") return <Badge variant="admin">{CONTENT_MESSAGES.adminAuthor}</Badge>;
  return <Badge variant={author.tier === "free" ? "neutral" : "accent"}>{TIER_BADGES[author.tier]}</Badge>;
}

type AuthorLineProps = {
  author: PostAuthor;
  createdAt: string;
  updatedAt?: string;
  /** The heading element's id, so the post or reply is named after its author. */
  nameId: string;
  small?: boolean;
  /** Extra badges after the tier (featured, access level). */
  badges?: ReactNode;
  /** Shown after the date (the category). */
  detail?: string;
};

/** Avatar or initial, author name (linking to their profile, unless "Admin" or "Deleted member"), tier badge and when it was written. */
export function AuthorLine({ author, createdAt, updatedAt, nameId, small = false, badges, detail }: AuthorLineProps) {
  const edited = updatedAt !== undefined && wasEdited(createdAt, updatedAt);
  return (
    <div className="flex min-w-0 flex-1 items-start gap-3">
      <AuthorAvatar author={author} small={small} />
      <div className="grid min-w-0 gap-0.5">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <p id={nameId} className={cn("font-semibold wrap-anywhere text-ink", small ? "text-sm" : "text-base", isDeleted(author) && "text-muted italic")}>
            {author.id !== null && author.tier !== "admin" ? (
              <Link to={paths.members.person(author.id)} className="underline-offset-2 hover:underline">
                {author.name}
              </Link>
            ) : (
              author.name
            )}
          </p>
          <AuthorBadge author={author} />
          {badges}
        </div>
        <p className="text-xs text-muted">
          <time dateTime={createdAt} title={exactDate(createdAt)}>
            {postedAgo(createdAt)}
          </time>
          {edited ? <span title={exactDate(updatedAt ?? createdAt)}> · edited</span> : null}
          {detail ? <span>{` · ${detail}`}</span> : null}
        </p>
      </div>
    </div>
  );
}
