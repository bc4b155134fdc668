import { useId, useState, type FormEvent } from "react";
import { Send } from "lucide-react";
import type { PostCategory } from "../../../../common/content";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader } from "../../../components/ui/card";
import { SelectField } from "../../admin-content/components/form-controls";
import { usePostMutations } from "../api";
import { CATEGORY_OPTIONS, isPostCategory } from "../categories";
import { COMMUNITY_MESSAGES, communityError, contentFieldError } from "../messages";
import { MentionField, mentionedIds, type PickedMember } from "./mention-field";

type PostComposerProps = {
  /** The category the feed shows; a new post starts in it. */
  defaultCategory: PostCategory;
};

/**
 * The 'Post to Community' form. Text that is blank after trimming is ignored (spec 000 §5): no request,
 * no message. A 429 shows the server's "posting too quickly" message.
 */
export function PostComposer({ defaultCategory }: PostComposerProps) {
  const headingId = useId();
  const { create } = usePostMutations();
  const [content, setContent] = useState("");
  const [picked, setPicked] = useState<PickedMember[]>([]);
  const [category, setCategory] = useState<PostCategory>(defaultCategory);
  const [shownDefault, setShownDefault] = useState(defaultCategory);

  // Switching the filter moves the post's category along: members post where they are reading.
  if (shownDefault !== defaultCategory) {
    setShownDefault(defaultCategory);
    setCategory(defaultCategory);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = content.trim();
    if (!text || create.isPending) return;
    try {
      await create.mutateAsync({ content: text, category, mentions: mentionedIds(text, picked) });
      setContent("");
      setPicked([]);
      create.reset();
    } catch {
      // Shown from create.error below.
    }
  }

  const fieldError = contentFieldError(create.error);
  return (
    <Card>
      <CardHeader>
        <h2 id={headingId} className="text-lg font-semibold text-ink">
          Post to Community
        </h2>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4" noValidate aria-labelledby={headingId}>
          <MentionField
            label="Your post"
            placeholder="Ask a question, share a win or a lesson learned..."
            hint="Type @ and a name to mention a member."
            rows={4}
            value={content}
            onValueChange={setContent}
            onPick={(member) => setPicked((list) => [...list, member])}
            error={fieldError}
          />
          {create.error && !fieldError ? <Alert variant="error">{communityError(create.error, COMMUNITY_MESSAGES.postFailed)}</Alert> : null}
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <SelectField
              label="Category"
              options={CATEGORY_OPTIONS}
              value={category}
              onChange={(event) => isPostCategory(event.target.value) && setCategory(event.target.value)}
              className="sm:w-64"
            />
            <Button type="submit" disabled={create.isPending} className="h-11">
              <Send aria-hidden />
              {create.isPending ? "Posting..." : "Post"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
