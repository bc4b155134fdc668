import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../../components/ui/dialog";
import { useFlag, type FlagTarget } from "../moderation-api";
import { ReasonForm } from "./reason-form";

type FlagDialogProps = {
  /** The post or reply being flagged; null keeps the dialog closed. */
  target: FlagTarget | null;
  onClose: () => void;
};

/** Flag for the admins with a reason: one flag per member per item; three members hide it until an admin decides. */
export function FlagDialog({ target, onClose }: FlagDialogProps) {
  const flag = useFlag();
  const noun = target?.kind === "reply" ? "reply" : "post";
  const close = () => {
    if (!flag.isPending) onClose();
  };

  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent hideClose={flag.isPending}>
        <DialogTitle className="pr-6">{`Flag this ${noun}`}</DialogTitle>
        <DialogDescription className="mt-2">Tell the admins what is wrong. Posts and replies flagged by several established members are hidden until an admin reviews them.</DialogDescription>
        <ReasonForm
          placeholder="Spam, harassment, off-topic…"
          submitLabel="Flag"
          pendingLabel="Flagging…"
          failedMessage="Failed to flag. Please try again."
          pending={flag.isPending}
          onCancel={close}
          onSubmit={async (reason) => {
            if (!target) return;
            await flag.mutateAsync({ target, input: { reason } });
            onClose();
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
