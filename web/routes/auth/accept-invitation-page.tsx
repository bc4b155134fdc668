import { useSearchParams } from "react-router";
import { AcceptInvitation } from "../../features/invitations/components/accept-invitation";
import { AuthCard } from "./auth-card";

/** /accept-invitation?token=… — the link in the invitation mail (spec 001 §2.5). */
export default function AcceptInvitationPage() {
  const [params] = useSearchParams();
  return <AcceptInvitation token={params.get("token") ?? ""} Frame={AuthCard} />;
}
