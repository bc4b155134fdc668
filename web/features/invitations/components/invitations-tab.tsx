import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { INVITATION_LINK_DAYS } from "../messages";
import { InvitationForm } from "./invitation-form";
import { InvitationList } from "./invitation-list";

/** Admin Settings, tab Invitations (spec 001 §2.5): invite someone, then follow the invitation. */
export function InvitationsTab() {
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Invite a member</CardTitle>
          <CardDescription>{`They get an email with a link to create their account, valid for ${INVITATION_LINK_DAYS} days and usable once.`}</CardDescription>
        </CardHeader>
        <CardContent>
          <InvitationForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Invitations</CardTitle>
        </CardHeader>
        <CardContent>
          <InvitationList />
        </CardContent>
      </Card>
    </div>
  );
}
