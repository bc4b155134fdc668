import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { CheckboxField } from "../../admin-content/components/form-controls";
import { useBlockList, useMessagingSettings, useSaveMessagingSettings, useSetBlocked } from "../api";
import { MESSAGES_TEXTS } from "../texts";
import { MemberAvatar } from "./member-avatar";

function BlockedMembers() {
  const blocks = useBlockList();
  const unblock = useSetBlocked();
  if (blocks.isPending) return <Spinner label="Loading the members you blocked" />;
  if (blocks.isError) return <Alert variant="error">We could not load the members you blocked. Please try again later.</Alert>;
  return (
    <div className="grid gap-2">
      <h4 className="text-sm font-semibold text-ink">Blocked members</h4>
      {blocks.data.blocked.length === 0 ? (
        <p className="text-sm text-muted">{MESSAGES_TEXTS.noBlocked}</p>
      ) : (
        <ul className="divide-y divide-border" aria-label="Blocked members">
          {blocks.data.blocked.map((member) => (
            <li key={member.id} className="flex items-center gap-3 py-2">
              <MemberAvatar person={member} className="size-8 text-sm" />
              <span className="min-w-0 flex-1 text-sm font-medium wrap-anywhere text-ink">{member.name}</span>
              <Button
                variant="outline"
                size="sm"
                aria-label={`Unblock ${member.name}`}
                disabled={unblock.isPending && unblock.variables.userId === member.id}
                onClick={() => unblock.mutate({ userId: member.id, blocked: false })}
              >
                Unblock
              </Button>
            </li>
          ))}
        </ul>
      )}
      {unblock.isError ? <Alert variant="error">Failed to unblock. Please try again.</Alert> : null}
    </div>
  );
}

/** Account page → Messages: whether members may write to this one, and who they blocked. */
export function MessagingSettingsCard() {
  const settings = useMessagingSettings();
  const save = useSaveMessagingSettings();
  // Held in the component, not read from the mutation: the mutation's state reaches React a task
  // later, and until then React would put the controlled switch back as it was.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const accepts = chosen ?? settings.data?.acceptsMessages;
  function choose(acceptsMessages: boolean) {
    setChosen(acceptsMessages);
    save.mutate({ acceptsMessages }, { onSettled: () => setChosen(null) });
  }
  return (
    <Card id="messages-settings">
      <CardHeader>
        <CardTitle>{MESSAGES_TEXTS.settingsTitle}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        {settings.isPending ? <Spinner label="Loading your messages setting" /> : null}
        {settings.isError ? <Alert variant="error">We could not load your messages setting. Please try again later.</Alert> : null}
        {accepts === undefined ? null : (
          <CheckboxField
            role="switch"
            label={MESSAGES_TEXTS.acceptLabel}
            hint={MESSAGES_TEXTS.acceptHint}
            checked={accepts}
            disabled={save.isPending}
            onChange={(event) => choose(event.target.checked)}
          />
        )}
        {save.isError ? <Alert variant="error">{MESSAGES_TEXTS.settingsFailed}</Alert> : null}
        <BlockedMembers />
      </CardContent>
    </Card>
  );
}
