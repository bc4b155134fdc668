import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../../components/ui/dialog";
import { useSetBlocked } from "../api";
import { MESSAGES_TEXTS } from "../texts";

type BlockMemberDialogProps = {
  member: { id: string; name: string };
  /** Whether they are blocked now: the dialog then offers to unblock. */
  blocked: boolean;
  open: boolean;
  onClose: () => void;
};

/** Confirms blocking (or unblocking) a member; the blocked member is never told. */
export function BlockMemberDialog({ member, blocked, open, onClose }: BlockMemberDialogProps) {
  const setBlocked = useSetBlocked();
  const verb = blocked ? "Unblock" : "Block";

  function close() {
    if (setBlocked.isPending) return;
    setBlocked.reset();
    onClose();
  }

  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && close()}>
      <DialogContent hideClose={setBlocked.isPending}>
        <DialogTitle className="pr-6 wrap-anywhere">{`${verb} ${member.name}?`}</DialogTitle>
        <DialogDescription className="mt-2">{blocked ? MESSAGES_TEXTS.unblockConfirm : MESSAGES_TEXTS.blockConfirm}</DialogDescription>
        {setBlocked.isError ? (
          <Alert variant="error" className="mt-4">
            {`Failed to ${verb.toLowerCase()}. Please try again.`}
          </Alert>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="outline" onClick={close} disabled={setBlocked.isPending}>
            Cancel
          </Button>
          <Button variant={blocked ? "primary" : "danger"} disabled={setBlocked.isPending} onClick={() => setBlocked.mutate({ userId: member.id, blocked: !blocked }, { onSuccess: onClose })}>
            {`${verb} member`}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
