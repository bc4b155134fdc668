import { useState } from "react";
import { useTimers } from "../../lib/use-timers";

const NOTICE_MS = 3000;

/** A short confirmation after a save or delete, gone after 3 s like the app's other success notices. */
export function useNotice(): [string | null, (message: string) => void] {
  const later = useTimers();
  const [notice, setNotice] = useState<{ id: number; message: string } | null>(null);
  function show(message: string) {
    const id = Date.now();
    setNotice({ id, message });
    // Only the newest notice may clear itself; an older timer must not hide a newer message.
    later(() => setNotice((current) => (current?.id === id ? null : current)), NOTICE_MS);
  }
  return [notice?.message ?? null, show];
}
