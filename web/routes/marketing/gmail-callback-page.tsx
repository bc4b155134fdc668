import { GmailCallback } from "../../features/email/components/gmail-callback";

/** /callback: where Google returns after the Gmail authorization (spec 001 §2.1, §2.8). */
export default function GmailCallbackPage() {
  return <GmailCallback />;
}
