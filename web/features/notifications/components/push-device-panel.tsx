import { BellRing } from "lucide-react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { usePushDevice } from "../use-push-device";

const STATE_TEXT = {
  unsupported: "This browser cannot show push notifications. Install the app or use a current browser to get them.",
  blocked: "Notifications are blocked for this site in your browser's settings. Allow them there to turn push on.",
  off: "Get the kinds you tick below as notifications on this device, even when the app is closed.",
  on: "Push is on for this device: the kinds you tick below arrive here.",
} as const;

/** Account → Notifications: push on this browser, asked for only when the member chooses it. */
export function PushDevicePanel() {
  const { state, settings, turnOn, turnOff } = usePushDevice();
  const publicKey = settings.data?.publicKey;
  const failed = turnOn.isError && turnOn.error.message !== "blocked";
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-border bg-navy-50/50 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="push-device">
      <div className="flex items-start gap-3">
        <BellRing className="mt-0.5 size-5 shrink-0 text-navy-600" aria-hidden />
        <div className="grid gap-0.5">
          <p className="text-sm font-semibold text-ink">Push notifications on this device</p>
          <p className="text-sm text-muted">{STATE_TEXT[state]}</p>
          {settings.data && settings.data.devices > 0 ? <p className="text-xs text-muted">{settings.data.devices === 1 ? "1 device gets your pushes." : `${settings.data.devices} devices get your pushes.`}</p> : null}
        </div>
      </div>
      {state === "off" ? (
        <Button variant="outline" className="shrink-0" disabled={!publicKey || turnOn.isPending} onClick={() => publicKey && turnOn.mutate(publicKey)}>
          {turnOn.isPending ? "Turning on…" : "Turn on push"}
        </Button>
      ) : null}
      {state === "on" ? (
        <Button variant="outline" className="shrink-0" disabled={turnOff.isPending} onClick={() => turnOff.mutate()}>
          {turnOff.isPending ? "Turning off…" : "Turn off on this device"}
        </Button>
      ) : null}
      {failed ? (
        <Alert variant="error" className="basis-full">
          This browser could not turn push on. Please try again, or use the installed app.
        </Alert>
      ) : null}
    </div>
  );
}
