import { useEffect, useRef, useState, type FormEvent } from "react";
import type { AdminPostInput, Post } from "../../../../common/contracts/community";
import { ACCESS_LEVEL_LABELS, CONTENT_LEVELS, type ContentLevel, type PostCategory } from "../../../../common/content";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { CheckboxField, SelectField } from "../../admin-content/components/form-controls";
import { useSubmitState, type FieldErrors } from "../../admin-content/use-submit-state";
import { usePostMutations } from "../api";
import { CATEGORY_OPTIONS, isPostCategory } from "../categories";
import { COMMUNITY_MESSAGES } from "../messages";
import { MentionField, mentionedIds, type PickedMember } from "./mention-field";

const LEVEL_OPTIONS = CONTENT_LEVELS.map((level) => ({ value: level, label: ACCESS_LEVEL_LABELS[level] }));
const FORM_FIELDS = ["content", "category", "accessLevel", "featured"] as const;

const isContentLevel = (value: string): value is ContentLevel => (CONTENT_LEVELS as readonly string[]).includes(value);

type AdminPostFormProps = {
  /** The post being edited; null adds a new one (posted as Admin). */
  post: Post | null;
  onSaved: () => void;
  onCancel: () => void;
};

/** The admin tab's add/edit form (spec 001 §2.6, §5): content with the members' @mention list, category, access level and featured. */
export function AdminPostForm({ post, onSaved, onCancel }: AdminPostFormProps) {
  const { createAsAdmin, update } = usePostMutations();
  const { fieldErrors, formError, submit, clearField } = useSubmitState(FORM_FIELDS, post ? COMMUNITY_MESSAGES.saveFailed : COMMUNITY_MESSAGES.postFailed);
  const [content, setContent] = useState(post?.content ?? "");
  const [picked, setPicked] = useState<PickedMember[]>([]);
  const [category, setCategory] = useState<PostCategory>(post?.category ?? "general");
  const [accessLevel, setAccessLevel] = useState<ContentLevel>(post?.accessLevel ?? "all");
  const [featured, setFeatured] = useState(post?.featured ?? false);
  const form = useRef<HTMLFormElement>(null);
  const pending = createAsAdmin.isPending || update.isPending;

  // Edit is pressed on a post further down the feed: bring the form into view.
  useEffect(() => form.current?.scrollIntoView({ block: "center", behavior: "smooth" }), []);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const text = content.trim();
    const input: AdminPostInput = { content: text, category, accessLevel, featured, mentions: mentionedIds(text, picked) };
    const clientErrors: FieldErrors = input.content ? {} : { content: COMMUNITY_MESSAGES.contentRequired };
    const saved = await submit(event.currentTarget, clientErrors, () => (post ? update.mutateAsync({ id: post.id, input }) : createAsAdmin.mutateAsync(input)));
    if (saved) onSaved();
  }

  return (
    <form ref={form} onSubmit={save} className="grid gap-4" noValidate>
      <MentionField
        label="Content"
        hint="Type @ and a name to mention a member."
        rows={5}
        value={content}
        onValueChange={(value) => {
          setContent(value);
          clearField("content");
        }}
        onPick={(member) => setPicked((list) => [...list, member])}
        error={fieldErrors.content}
        autoFocus
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Category"
          options={CATEGORY_OPTIONS}
          value={category}
          onChange={(event) => isPostCategory(event.target.value) && setCategory(event.target.value)}
          error={fieldErrors.category}
        />
        <SelectField
          label="Access level"
          options={LEVEL_OPTIONS}
          value={accessLevel}
          onChange={(event) => isContentLevel(event.target.value) && setAccessLevel(event.target.value)}
          error={fieldErrors.accessLevel}
        />
      </div>
      <CheckboxField label="Featured" hint="Featured posts stay at the top of the feed." checked={featured} onChange={(event) => setFeatured(event.target.checked)} />
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : post ? "Save changes" : "Add Post"}
        </Button>
      </div>
    </form>
  );
}
