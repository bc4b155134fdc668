import type { AdminUser } from "../../../../common/contracts/users";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { formatLongDate, formatLongDateTime } from "../../billing/format";
import { ProfileAvatar } from "../../profile/components/profile-avatar";

type RecentUsersCardProps = {
  title: string;
  description: string;
  users: AdminUser[];
  /** The date this list is about (joined, last login); N/A when absent. */
  dateOf: (user: AdminUser) => string | null;
  dateLabel: string;
  /** Sign-ins show their time too: two on the same day are told apart. */
  withTime?: boolean;
  empty: string;
};

/** Five accounts with name, email and a date in US long form (spec 001 §2.3, §9), with the time for sign-ins. */
export function RecentUsersCard({ title, description, users, dateOf, dateLabel, withTime = false, empty }: RecentUsersCardProps) {
  const format = withTime ? formatLongDateTime : formatLongDate;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {users.length === 0 ? (
          <p className="rounded-lg border border-dashed border-navy-200 px-4 py-8 text-center text-sm text-muted">{empty}</p>
        ) : (
          <ul className="divide-y divide-border" aria-label={title}>
            {users.map((user) => (
              <li key={user.id} className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 py-3 first:pt-0 last:pb-0 sm:grid-cols-[auto_minmax(0,1fr)_auto]">
                <ProfileAvatar profile={user} className="row-span-2 size-9 text-sm sm:row-span-1" />
                <div className="grid min-w-0">
                  <span className="truncate text-sm font-semibold text-ink">{user.name}</span>
                  <span className="truncate text-sm text-muted">{user.email}</span>
                </div>
                {/* Under the email on phones, at the row's end on wider screens. */}
                <span className="col-start-2 text-xs text-muted sm:col-start-3 sm:text-right sm:text-sm">
                  <span className="sr-only">{`${dateLabel}: `}</span>
                  <time dateTime={dateOf(user) ?? undefined}>{format(dateOf(user))}</time>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
