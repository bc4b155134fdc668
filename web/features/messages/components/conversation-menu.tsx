import { useState } from "react";
import { Link } from "react-router";
import { DropdownMenu } from "radix-ui";
import { Ban, Flag, MoreHorizontal, UserRound } from "lucide-react";
import type { MessagePerson } from "../../../../common/contracts/messages";
import { buttonVariants } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import { paths } from "../../../lib/paths";
import { BlockMemberDialog } from "./block-member-dialog";
import { ReportConversationDialog } from "./report-conversation-dialog";

const ITEM =
  "flex cursor-pointer items-center gap-2.5 rounded-md px-3 py-2 text-sm font-medium text-ink outline-none select-none data-[highlighted]:bg-navy-50 [&_svg]:size-4 [&_svg]:text-muted";

type ConversationMenuProps = {
  conversationId: number;
  other: MessagePerson;
  blockedByMe: boolean;
  reportedByMe: boolean;
};

/** The conversation's actions: their profile, block or unblock them, report the conversation. */
export function ConversationMenu({ conversationId, other, blockedByMe, reportedByMe }: ConversationMenuProps) {
  const [dialog, setDialog] = useState<"block" | "report" | null>(null);
  const otherId = other.id;
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className={buttonVariants({ variant: "ghost", size: "icon" })} aria-label="Conversation actions">
          <MoreHorizontal aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={4} className="z-40 min-w-52 rounded-lg border border-border bg-surface p-1 shadow-pop">
            {otherId ? (
              <>
                <DropdownMenu.Item asChild className={ITEM}>
                  <Link to={paths.members.person(otherId)}>
                    <UserRound aria-hidden />
                    View profile
                  </Link>
                </DropdownMenu.Item>
                <DropdownMenu.Item className={ITEM} onSelect={() => setDialog("block")}>
                  <Ban aria-hidden />
                  {blockedByMe ? "Unblock member" : "Block member"}
                </DropdownMenu.Item>
              </>
            ) : null}
            <DropdownMenu.Item className={cn(ITEM, "text-danger data-[highlighted]:bg-danger-soft [&_svg]:text-danger")} onSelect={() => setDialog("report")}>
              <Flag aria-hidden />
              Report conversation
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {otherId ? <BlockMemberDialog member={{ id: otherId, name: other.name }} blocked={blockedByMe} open={dialog === "block"} onClose={() => setDialog(null)} /> : null}
      <ReportConversationDialog conversationId={conversationId} open={dialog === "report"} reported={reportedByMe} onClose={() => setDialog(null)} />
    </>
  );
}
