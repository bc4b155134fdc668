import { useState, type FormEvent } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { useReplyMutations } from "../api";
import { COMMUNITY_MESSAGES, communityError, contentFieldError } from "../messages";
import { MentionField, mentionedIds, type PickedMember } from "./mention-field";

type ReplyFormProps = { postId: number; authorName: string; onClose: () => void };

/** The reply box under a post; a reply that is blank after trimming is ignored (spec 000 §5). */
export function ReplyForm({ postId, authorName, onClose }: ReplyFormProps) {
  const { create } = useReplyMutations(postId);
  const [content, setContent] = useState("");
  const [picked, setPicked] = useState<PickedMember[]>([]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = content.trim();
    if (!text || create.isPending) return;
    try {
      await create.mutateAsync({ content: text, mentions: mentionedIds(text, picked) });
      setContent("");
      setPicked([]);
      onClose();
    } catch {
      // The message is rendered from create.error below.
    }
  }

  const fieldError = contentFieldError(create.error);
  return (
    <form onSubmit={submit} className="grid gap-3" noValidate>
      <MentionField
        label="Write a reply"
        hint={`Replying to ${authorName}. Type @ and a name to mention a member.`}
        rows={3}
        value={content}
        onValueChange={setContent}
        onPick={(member) => setPicked((list) => [...list, member])}
        error={fieldError}
        autoFocus
      />
      {create.error && !fieldError ? <Alert variant="error">{communityError(create.error, COMMUNITY_MESSAGES.replyFailed)}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onClose} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={create.isPending}>
          {create.isPending ? "Posting..." : "Post reply"}
        </Button>
      </div>
    </form>
  );
}
