import { useId } from "react";
import { DELIVERY_LABELS, NOTIFICATION_DELIVERIES, NOTIFICATION_TOPICS, TOPIC_LABELS, type NotificationDelivery, type NotificationTopic } from "../../../../common/contracts/notifications";
import { Alert } from "../../../components/ui/alert";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { usePreferences, useSavePreference } from "../api";

function TopicRow({ topic, delivery, saving, onChange }: { topic: NotificationTopic; delivery: NotificationDelivery; saving: boolean; onChange: (delivery: NotificationDelivery) => void }) {
  const id = useId();
  const { title, description } = TOPIC_LABELS[topic];
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm font-semibold text-ink">
          {title}
        </label>
        <p className="text-sm text-muted">{description}</p>
      </div>
      <select
        id={id}
        value={delivery}
        disabled={saving}
        onChange={(event) => onChange(event.target.value as NotificationDelivery)}
        className="h-11 w-full shrink-0 rounded-md border border-border bg-surface px-3 text-base text-ink disabled:opacity-60 sm:h-10 sm:w-44 sm:text-sm"
      >
        {NOTIFICATION_DELIVERIES.map((option) => (
          <option key={option} value={option}>
            {DELIVERY_LABELS[option]}
          </option>
        ))}
      </select>
    </li>
  );
}

/** Account page → Notifications: how each kind of notification reaches the member. */
export function NotificationPreferencesCard() {
  const preferences = usePreferences();
  const save = useSavePreference();
  return (
    <Card id="notification-preferences">
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <p className="text-sm text-muted">Everything but “Off” shows under the bell. Email at once sends each one; a digest gathers what you missed in one email.</p>
      </CardHeader>
      <CardContent className="grid gap-2">
        {preferences.isPending ? <Spinner label="Loading your notification settings" /> : null}
        {preferences.isError ? <Alert variant="error">We could not load your notification settings. Please try again later.</Alert> : null}
        {preferences.data ? (
          <ul className="divide-y divide-border">
            {NOTIFICATION_TOPICS.map((topic) => (
              <TopicRow
                key={topic}
                topic={topic}
                delivery={save.isPending && save.variables.topic === topic ? save.variables.delivery : preferences.data.topics[topic]}
                saving={save.isPending && save.variables.topic === topic}
                onChange={(delivery) => save.mutate({ topic, delivery })}
              />
            ))}
          </ul>
        ) : null}
        {save.isError ? <Alert variant="error">Failed to save your notification setting. Please try again.</Alert> : null}
      </CardContent>
    </Card>
  );
}
