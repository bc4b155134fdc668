import { MESSAGE_STREAM_EVENT } from "../../../common/contracts/messages";
import { useNotificationStreamEvent } from "../notifications/notifications-live";
import { useRefreshMessages } from "./api";

/** New messages arrive without a reload: the lists, counts and open conversation are read again when one is announced. */
export function useMessagesLive(): void {
  const refresh = useRefreshMessages();
  useNotificationStreamEvent(MESSAGE_STREAM_EVENT, () => void refresh());
}
