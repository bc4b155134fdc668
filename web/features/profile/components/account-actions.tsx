import { useState } from "react";
import { useNavigate } from "react-router";
import { LogOut, UserPen } from "lucide-react";
import type { Profile } from "../../../../common/contracts/auth";
import { Button } from "../../../components/ui/button";
import { paths } from "../../../lib/paths";
import { useSignOut } from "../../session/sign-out";
import { EditProfileDialog } from "./edit-profile-dialog";

type AccountActionsProps = { profile: Profile; onAction: () => void };

/** Edit Profile (modal) and Log out (signs out, goes to /) for the sidebars of both shells. */
export function AccountActions({ profile, onAction }: AccountActionsProps) {
  const [isEditing, setEditing] = useState(false);
  const signOut = useSignOut();
  const navigate = useNavigate();

  return (
    <div className="grid gap-2">
      <Button
        variant="inverse"
        className="justify-start"
        onClick={() => {
          onAction();
          setEditing(true);
        }}
      >
        <UserPen aria-hidden />
        Edit Profile
      </Button>
      <Button
        variant="ghost"
        className="justify-start text-navy-200 hover:bg-white/10 hover:text-white"
        disabled={signOut.isPending}
        onClick={() => {
          onAction();
          signOut.mutate(undefined, { onSettled: () => void navigate(paths.home) });
        }}
      >
        <LogOut aria-hidden />
        {signOut.isPending ? "Logging out..." : "Log out"}
      </Button>
      <EditProfileDialog profile={profile} open={isEditing} onOpenChange={setEditing} />
    </div>
  );
}
