import { useState, type FormEvent } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextAreaField } from "../../admin-content/components/form-controls";
import { useReplyMutations } from "../api";
import { COMMUNITY_MESSAGES, communityError, contentFieldError } from "../messages";

type ReplyFormProps = { postId: number; authorName: string; onClose: () => void };

/** The reply box under a post; a reply that is blank after trimming is ignored (spec 000 §5). */
export function ReplyForm({ postId, authorName, onClose }: ReplyFormProps) {
  const { create } = useReplyMutations(postId);
  const [content, setContent] = useState("");

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = content.trim();
    if (!text || create.isPending) return;
    try {
      await create.mutateAsync({ content: text });
      setContent("");
      onClose();
    } catch {
      // The message is rendered from create.error below.
    }
  }

  const fieldError = contentFieldError(create.error);
  return (
    <form onSubmit={submit} className="grid gap-3" noValidate>
      <TextAreaField
        label="Write a reply"
        hint={`Replying to ${authorName}`}
        rows={3}
        value={content}
        onChange={(event) => setContent(event.target.value)}
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
