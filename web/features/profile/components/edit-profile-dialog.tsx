import type { Profile } from "../../../../common/contracts/auth";
import { Dialog, DialogContent } from "../../../components/ui/dialog";
import { EmailSubscriptionSection } from "../../email/components/email-subscription-section";
import { AccountSecuritySection } from "./account-security-section";
import { EditProfileForm } from "./edit-profile-form";
import { TwoFactorSection } from "./two-factor-section";

type EditProfileDialogProps = {
  profile: Profile;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The Edit Profile modal of both shells; the form mounts fresh on every open. Password and devices for everyone; admins also manage their second factor here. */
export function EditProfileDialog({ profile, open, onOpenChange }: EditProfileDialogProps) {
  const isAdmin = profile.role === "admin";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        {open ? (
          <div className="grid gap-6">
            <EditProfileForm profile={profile} onDone={() => onOpenChange(false)} />
            <AccountSecuritySection />
            <EmailSubscriptionSection />
            {isAdmin ? <TwoFactorSection /> : null}
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
