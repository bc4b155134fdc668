import type { Profile } from "../../../../common/contracts/auth";
import { Dialog, DialogContent } from "../../../components/ui/dialog";
import { EditProfileForm } from "./edit-profile-form";

type EditProfileDialogProps = {
  profile: Profile;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The Edit Profile modal of both shells; the form mounts fresh on every open. */
export function EditProfileDialog({ profile, open, onOpenChange }: EditProfileDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>{open ? <EditProfileForm profile={profile} onDone={() => onOpenChange(false)} /> : null}</DialogContent>
    </Dialog>
  );
}
