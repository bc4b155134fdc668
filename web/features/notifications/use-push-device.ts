import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PushSettings } from "../../../common/contracts/notifications";
import { getJson, requestJson } from "../../lib/api-client";

const pushKey = ["notifications", "push"] as const;
const deviceKey = [...pushKey, "device"] as const;

export type PushDeviceState = "unsupported" | "blocked" | "off" | "on";

function isSupported(): boolean {
  return typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

async function deviceState(): Promise<PushDeviceState> {
  if (!isSupported()) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  return (await currentSubscription()) ? "on" : "off";
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Push on this browser: off until the member turns it on (the browser asks for permission only then,
 * never on arrival), on while this browser holds a subscription the server knows.
 */
export function usePushDevice() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: pushKey, queryFn: () => getJson<PushSettings>("/api/notifications/push") });
  const device = useQuery({ queryKey: deviceKey, queryFn: deviceState });
  const refresh = () => queryClient.invalidateQueries({ queryKey: pushKey });

  const turnOn = useMutation({
    mutationFn: async (publicKey: string) => {
      if ((await Notification.requestPermission()) !== "granted") throw new Error("blocked");
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
      await requestJson("POST", "/api/notifications/push/subscriptions", subscription.toJSON());
    },
    onSettled: refresh,
  });

  const turnOff = useMutation({
    mutationFn: async () => {
      const subscription = await currentSubscription();
      if (!subscription) return;
      await requestJson("DELETE", "/api/notifications/push/subscriptions", { endpoint: subscription.endpoint });
      await subscription.unsubscribe();
    },
    onSettled: refresh,
  });

  return { state: device.data ?? "off", settings, turnOn, turnOff };
}
