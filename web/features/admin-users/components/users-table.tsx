import type { ReactNode } from "react";
import type { AdminUser } from "../../../../common/contracts/users";
import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../lib/cn";
import { formatLongDate, formatLongDateTime } from "../../billing/format";
import { ProfileAvatar } from "../../profile/components/profile-avatar";
import { formatDay } from "../../complimentary/format-day";
import { TierBadge } from "./tier-badge";
import { UserActionsMenu, type UserAction } from "./user-actions-menu";

type UsersTableProps = {
  users: AdminUser[];
  /** The acting admin: their own row has no actions (spec 001 §2.4). */
  viewerId: string;
  selectedIds: ReadonlySet<string>;
  onToggle: (user: AdminUser) => void;
  onAction: (user: AdminUser, action: UserAction) => void;
};

const HEAD = "px-2.5 py-3 text-left text-xs font-semibold tracking-wide text-muted uppercase";
const CELL = "xl:table-cell xl:border-t xl:border-border xl:px-2.5 xl:py-3 xl:align-middle";

/** On phones and tablets each row is a card; the column's name then sits beside its value. */
function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className={cn(CELL, "col-span-3 flex items-center justify-between gap-3 border-t border-border/70 pt-2 text-sm text-ink xl:whitespace-nowrap")}>
      <span className="text-muted xl:hidden">{label}</span>
      {children}
    </td>
  );
}

/** The page of accounts: a table on wide screens, a list of cards on small ones. */
export function UsersTable({ users, viewerId, selectedIds, onToggle, onAction }: UsersTableProps) {
  return (
    <div className="xl:overflow-hidden xl:rounded-xl xl:border xl:border-border xl:bg-surface xl:shadow-card">
      <table className="block w-full xl:table">
        <caption className="sr-only">Users</caption>
        <thead className="hidden bg-navy-50/60 xl:table-header-group">
          <tr>
            <th scope="col" className={cn(HEAD, "w-10")}>
              <span className="sr-only">Selected</span>
            </th>
            <th scope="col" className={HEAD}>User</th>
            <th scope="col" className={HEAD}>Role</th>
            <th scope="col" className={HEAD}>Tier</th>
            <th scope="col" className={HEAD}>Status</th>
            <th scope="col" className={HEAD}>Joined</th>
            <th scope="col" className={HEAD}>Last login</th>
            <th scope="col" className={cn(HEAD, "w-14")}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="flex flex-col gap-3 xl:table-row-group">
          {users.map((user) => {
            const isSelf = user.id === viewerId;
            return (
              <tr
                key={user.id}
                data-testid="user-row"
                className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 rounded-xl border border-border bg-surface p-4 shadow-card xl:table-row xl:rounded-none xl:border-0 xl:p-0 xl:shadow-none xl:hover:bg-navy-50/40"
              >
                <td className={cn(CELL, "col-start-1 row-start-1 flex")}>
                  <input
                    type="checkbox"
                    className="size-4 accent-navy-800"
                    checked={selectedIds.has(user.id)}
                    onChange={() => onToggle(user)}
                    aria-label={`Select ${user.name}`}
                  />
                </td>
                <td className={cn(CELL, "col-start-2 row-start-1 min-w-0 xl:w-full")}>
                  <div className="flex min-w-0 items-center gap-3">
                    <ProfileAvatar profile={user} className="size-9 text-sm xl:hidden" />
                    <div className="grid min-w-0">
                      <span className="flex items-center gap-2 font-semibold wrap-anywhere text-ink">
                        {user.name}
                        {isSelf ? <Badge>You</Badge> : null}
                      </span>
                      <span className="truncate text-sm text-muted">{user.email}</span>
                      {user.adminNote ? <span className="text-xs wrap-anywhere text-muted" title="Admin note">{`Note: ${user.adminNote}`}</span> : null}
                    </div>
                  </div>
                </td>
                <Cell label="Role">
                  {user.role === "admin" ? <Badge variant="admin">Admin</Badge> : "User"}
                </Cell>
                <Cell label="Tier">
                  <TierBadge tier={user.membershipTier} />
                  {user.tierOverrideUntil ? <span className="block text-xs text-muted">{`Complimentary until ${formatDay(user.tierOverrideUntil)}`}</span> : null}
                </Cell>
                <Cell label="Status">
                  {user.isActive ? <Badge variant="success">Active</Badge> : <Badge className="bg-danger-soft text-danger ring-danger/20">Inactive</Badge>}
                </Cell>
                <Cell label="Joined">
                  {formatLongDate(user.createdAt)}
                </Cell>
                <Cell label="Last login">
                  {formatLongDateTime(user.lastLogin)}
                </Cell>
                <td className={cn(CELL, "col-start-3 row-start-1 xl:text-right")}>
                  {isSelf ? (
                    <span className="inline-flex h-10 items-center text-xs text-muted">Your account</span>
                  ) : (
                    <UserActionsMenu user={user} onAction={(action) => onAction(user, action)} />
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
