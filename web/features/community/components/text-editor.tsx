import { useState, type FormEvent, type ReactNode } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { COMMUNITY_MESSAGES, communityError, contentFieldError } from "../messages";
import { MentionField, mentionedIds, type PickedMember } from "./mention-field";

type TextEditorProps = {
  label: string;
  initial: string;
  /** Fields besides the text (a post's category). */
  children?: ReactNode;
  pending: boolean;
  /** The text, and the members picked from the mention list whose names it holds. */
  onSave: (content: string, mentions: string[]) => Promise<unknown>;
  onCancel: () => void;
};

/** Inline editing of a post's or reply's text; saving empty text is refused before any request. */
export function TextEditor({ label, initial, children, pending, onSave, onCancel }: TextEditorProps) {
  const [content, setContent] = useState(initial);
  const [picked, setPicked] = useState<PickedMember[]>([]);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = content.trim();
    setFormError(null);
    if (!text) return setFieldError(COMMUNITY_MESSAGES.contentRequired);
    setFieldError(undefined);
    try {
      await onSave(text, mentionedIds(text, picked));
    } catch (error) {
      const serverField = contentFieldError(error);
      setFieldError(serverField);
      if (!serverField) setFormError(communityError(error, COMMUNITY_MESSAGES.saveFailed));
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-3" noValidate>
      <MentionField
        label={label}
        value={content}
        onValueChange={(value) => {
          setContent(value);
          setFieldError(undefined);
        }}
        onPick={(member) => setPicked((list) => [...list, member])}
        error={fieldError}
        autoFocus
      />
      {children}
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? "Saving..." : "Save changes"}
        </Button>
      </div>
    </form>
  );
}
