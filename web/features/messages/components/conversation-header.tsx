import type { ReactNode } from "react";
import { Link } from "react-router";
import { ArrowLeft } from "lucide-react";
import type { MessagePerson } from "../../../../common/contracts/messages";
import { cn } from "../../../lib/cn";
import { paths } from "../../../lib/paths";
import { isDeletedMember, MemberAvatar, MemberTierBadge } from "./member-avatar";

/** Who the conversation is with (their name leads to their profile), the way back to the list on phones, and `actions`. */
export function ConversationHeader({ person, actions }: { person: MessagePerson; actions?: ReactNode }) {
  const name = <span className={cn("font-semibold wrap-anywhere text-ink", isDeletedMember(person) && "text-muted italic")}>{person.name}</span>;
  return (
    <div className="flex items-center gap-3 border-b border-border bg-surface px-3 py-3 sm:px-5">
      <Link to={paths.members.messages} className="-ml-1 inline-flex size-9 shrink-0 items-center justify-center rounded-md text-ink hover:bg-navy-50 lg:hidden" aria-label="All conversations">
        <ArrowLeft className="size-5" aria-hidden />
      </Link>
      <MemberAvatar person={person} />
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
        <h2 className="min-w-0 text-base">
          {person.id ? (
            <Link to={paths.members.person(person.id)} className="hover:underline">
              {name}
            </Link>
          ) : (
            name
          )}
        </h2>
        <MemberTierBadge person={person} />
      </div>
      {actions}
    </div>
  );
}
