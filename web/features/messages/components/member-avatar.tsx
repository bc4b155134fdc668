import { UserX } from "lucide-react";
import type { MessagePerson } from "../../../../common/contracts/messages";
import { CONTENT_MESSAGES } from "../../../../common/content";
import { TIER_BADGES } from "../../../../common/tiers";
import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../lib/cn";
import { ProfileAvatar } from "../../profile/components/profile-avatar";

/** A deleted account has no id; it shows as "Deleted member". */
export const isDeletedMember = (person: Pick<MessagePerson, "id">) => person.id === null;

/** The other member's picture or initial; a crossed-out person once they deleted their account. */
export function MemberAvatar({ person, className }: { person: Pick<MessagePerson, "id" | "name" | "profilePicture">; className?: string }) {
  if (isDeletedMember(person)) {
    return (
      <span className={cn("inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-navy-100 text-navy-500", className)} aria-hidden>
        <UserX className="size-5" />
      </span>
    );
  }
  return <ProfileAvatar profile={{ name: person.name, email: "", profilePicture: person.profilePicture }} className={cn("size-10 text-base", className)} />;
}

/** Their plan's badge, "Admin" for admins, nothing for a deleted account. */
export function MemberTierBadge({ person }: { person: MessagePerson }) {
  if (isDeletedMember(person)) return null;
  if (person.tier === "admin") return <Badge variant="admin">{CONTENT_MESSAGES.adminAuthor}</Badge>;
  return <Badge variant={person.tier === "free" ? "neutral" : "accent"}>{TIER_BADGES[person.tier]}</Badge>;
}
