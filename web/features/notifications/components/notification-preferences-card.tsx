import { useId } from "react";
import { DELIVERY_LABELS, NOTIFICATION_DELIVERIES, NOTIFICATION_TOPICS, TOPIC_LABELS, type NotificationDelivery, type NotificationTopic } from "../../../../common/contracts/notifications";
import { Alert } from "../../../components/ui/alert";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { usePreferences, useSavePreference } from "../api";
import { PushDevicePanel } from "./push-device-panel";

interface TopicRowProps {
  topic: NotificationTopic;
  delivery: NotificationDelivery;
  push: boolean;
  saving: boolean;
  onChange: (change: { delivery?: NotificationDelivery; push?: boolean }) => void;
}

function TopicRow({ topic, delivery, push, saving, onChange }: TopicRowProps) {
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
      <div className="flex shrink-0 items-center gap-4">
        <select
          id={id}
          value={delivery}
          disabled={saving}
          onChange={(event) => onChange({ delivery: event.target.value as NotificationDelivery })}
          className="h-11 min-w-0 flex-1 rounded-md border border-border bg-surface px-3 text-base text-ink disabled:opacity-60 sm:h-10 sm:w-44 sm:flex-none sm:text-sm"
        >
          {NOTIFICATION_DELIVERIES.map((option) => (
            <option key={option} value={option}>
              {DELIVERY_LABELS[option]}
            </option>
          ))}
        </select>
        <label className="inline-flex items-center gap-2 text-sm text-ink">
          <input type="checkbox" className="size-4 accent-navy-700" checked={push} disabled={saving || delivery === "off"} onChange={(event) => onChange({ push: event.target.checked })} aria-label={`Push ${TOPIC_LABELS[topic].title.toLowerCase()}`} />
          Push
        </label>
      </div>
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
      <CardContent className="grid gap-4">
        <PushDevicePanel />
        {preferences.isPending ? <Spinner label="Loading your notification settings" /> : null}
        {preferences.isError ? <Alert variant="error">We could not load your notification settings. Please try again later.</Alert> : null}
        {preferences.data ? (
          <ul className="divide-y divide-border">
            {NOTIFICATION_TOPICS.map((topic) => (
              <TopicRow
                key={topic}
                topic={topic}
                delivery={(save.isPending && save.variables.topic === topic ? save.variables.delivery : undefined) ?? preferences.data.topics[topic]}
                push={(save.isPending && save.variables.topic === topic ? save.variables.push : undefined) ?? preferences.data.push[topic]}
                saving={save.isPending && save.variables.topic === topic}
                onChange={(change) => save.mutate({ topic, ...change })}
              />
            ))}
          </ul>
        ) : null}
        {save.isError ? <Alert variant="error">Failed to save your notification setting. Please try again.</Alert> : null}
      </CardContent>
    </Card>
  );
}
