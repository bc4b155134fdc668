import { DropdownMenu } from "radix-ui";
import { Layers, MoreHorizontal, ShieldCheck, ShieldOff, Trash2, UserCheck, UserX } from "lucide-react";
import type { AdminUser } from "../../../../common/contracts/users";
import { buttonVariants } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";

export type UserAction = "role" | "active" | "tier" | "delete";

const ITEM =
  "flex cursor-pointer items-center gap-2.5 rounded-md px-3 py-2 text-sm font-medium text-ink outline-none select-none data-[highlighted]:bg-navy-50 [&_svg]:size-4 [&_svg]:text-muted";

/** The row's account actions; each opens its confirm dialog (spec 001 §2.4). */
export function UserActionsMenu({ user, onAction }: { user: AdminUser; onAction: (action: UserAction) => void }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={buttonVariants({ variant: "ghost", size: "icon" })} aria-label={`Actions for ${user.name}`}>
        <MoreHorizontal aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="z-40 min-w-48 rounded-lg border border-border bg-surface p-1 shadow-pop">
          <DropdownMenu.Item className={ITEM} onSelect={() => onAction("role")}>
            {user.role === "admin" ? <ShieldOff aria-hidden /> : <ShieldCheck aria-hidden />}
            {user.role === "admin" ? "Remove admin" : "Make admin"}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={ITEM} onSelect={() => onAction("active")}>
            {user.isActive ? <UserX aria-hidden /> : <UserCheck aria-hidden />}
            {user.isActive ? "Deactivate" : "Activate"}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={ITEM} onSelect={() => onAction("tier")}>
            <Layers aria-hidden />
            Change tier
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={cn(ITEM, "text-danger data-[highlighted]:bg-danger-soft [&_svg]:text-danger")} onSelect={() => onAction("delete")}>
            <Trash2 aria-hidden />
            Delete user
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
