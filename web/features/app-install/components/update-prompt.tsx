import { useRegisterSW } from "virtual:pwa-register/react";
import { RefreshCw, X } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { APP_INSTALL_MESSAGES } from "../messages";

/** How often an open app asks whether a new version was deployed. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker and, when a new version is deployed, offers it: the new worker waits
 * until the member chooses "Reload", so nothing changes under a form being filled in.
 */
export default function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update(), UPDATE_CHECK_MS);
    },
    // The reload is ours (below): workbox-window reloads only a page that loaded under a worker, and
    // a first visit's page may be offered a new version before it was ever reloaded.
    onNeedReload() {},
  });
  if (!needRefresh) return null;

  function moveToNewVersion() {
    navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), { once: true });
    void updateServiceWorker();
  }
  return (
    <div role="status" className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md items-center gap-3 rounded-xl bg-navy-900 px-4 py-3 text-white shadow-pop sm:inset-x-auto sm:right-4 sm:bottom-4">
      <RefreshCw className="size-5 shrink-0 text-brass-300" aria-hidden />
      <p className="min-w-0 flex-1 text-sm font-medium">{APP_INSTALL_MESSAGES.newVersion}</p>
      <Button size="sm" variant="accent" onClick={moveToNewVersion}>
        {APP_INSTALL_MESSAGES.reload}
      </Button>
      <button type="button" className="inline-flex size-8 items-center justify-center rounded-md text-navy-200 hover:bg-white/10 hover:text-white" aria-label={APP_INSTALL_MESSAGES.notNow} onClick={() => setNeedRefresh(false)}>
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
