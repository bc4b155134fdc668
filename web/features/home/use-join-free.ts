import { useNavigate } from "react-router";
import { paths } from "../../lib/paths";
import { useAuthModal } from "../auth/auth-modal-context";
import { useViewer } from "../session/api";

/** "Join free" on home (spec 000 §2): a signed-in account goes to /members, a visitor gets the sign-up modal. */
export function useJoinFree(): () => void {
  const viewer = useViewer();
  const { openAuthModal } = useAuthModal();
  const navigate = useNavigate();
  return () => (viewer.data ? void navigate(paths.members.root) : openAuthModal("signup"));
}
