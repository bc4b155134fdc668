import { useId } from "react";
import { AtSign } from "lucide-react";
import { Alert } from "../../../components/ui/alert";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";
import { useNotificationSettings, useSaveNotificationSettings } from "../moderation-api";

/** Account page → Notifications: whether a mention (@name) in the community sends the member an email. */
export function NotificationsCard() {
  const labelId = useId();
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const on = save.isPending && save.variables ? save.variables.mentionEmails : (settings.data?.mentionEmails ?? true);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {settings.isPending ? <Spinner label="Loading your notification settings" /> : null}
        {settings.isError ? <Alert variant="error">We could not load your notification settings. Please try again later.</Alert> : null}
        {settings.data ? (
          <div className="flex items-start justify-between gap-4">
            <div className="flex items-start gap-3">
              <AtSign className="mt-0.5 size-5 shrink-0 text-navy-600" aria-hidden />
              <div className="grid gap-0.5">
                <p id={labelId} className="text-sm font-semibold text-ink">
                  Email me when someone mentions me
                </p>
                <p className="text-sm text-muted">When a member writes @ and your name in a post or reply you can read.</p>
              </div>
            </div>
            <button
              type="button"
              role="switch"
              aria-checked={on}
              aria-labelledby={labelId}
              disabled={save.isPending}
              onClick={() => save.mutate({ mentionEmails: !on })}
              className={cn(
                "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy-600 disabled:opacity-60",
                on ? "bg-navy-600" : "bg-navy-200",
              )}
            >
              <span className={cn("inline-block size-5 rounded-full bg-white shadow transition-transform", on ? "translate-x-5" : "translate-x-0.5")} aria-hidden />
            </button>
          </div>
        ) : null}
        {save.isError ? <Alert variant="error">Failed to save your notification setting. Please try again.</Alert> : null}
      </CardContent>
    </Card>
  );
}
