import { useId, useState } from "react";
import { Eye, EyeOff, Lock, LockOpen, MessageSquare, Pin, PinOff } from "lucide-react";
import { MODERATION_MESSAGES, type Post } from "../../../../common/contracts/community";
import { ACCESS_LEVEL_LABELS, POST_CATEGORY_LABELS, type PostCategory } from "../../../../common/content";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { SelectField } from "../../admin-content/components/form-controls";
import { ItemActions } from "../../admin-content/components/item-actions";
import { useViewer, isAdmin } from "../../session/api";
import { usePostMutations, useTogglePostLike } from "../api";
import { useModerationDecision, usePostModeration } from "../moderation-api";
import { CATEGORY_OPTIONS, isPostCategory } from "../categories";
import { COMMUNITY_MESSAGES, communityError } from "../messages";
import { AuthorLine } from "./author-line";
import { FlagButton } from "./flag-button";
import { FlagDialog } from "./flag-dialog";
import { HiddenForReviewNotice } from "./hidden-for-review-notice";
import { LikeButton } from "./like-button";
import { ReplyForm } from "./reply-form";
import { ReplyList } from "./reply-list";
import { TextEditor } from "./text-editor";

type PostCardProps = {
  post: Post;
  onDelete: (post: Post) => void;
  /** Replaces inline editing (the admin tab edits in its own form). */
  onEdit?: (post: Post) => void;
  /** Show who the post is open to (the admin tab). */
  showAccessLevel?: boolean;
};

/** Text and category, edited in place (the server keeps the fields it is not sent, such as featured). */
function InlinePostEditor({ post, onDone }: { post: Post; onDone: () => void }) {
  const { update } = usePostMutations();
  const [category, setCategory] = useState<PostCategory>(post.category);

  return (
    <TextEditor
      label="Edit your post"
      initial={post.content}
      pending={update.isPending}
      onSave={async (content, mentions) => {
        await update.mutateAsync({ id: post.id, input: { content, category, mentions } });
        onDone();
      }}
      onCancel={onDone}
    >
      <SelectField
        label="Category"
        options={CATEGORY_OPTIONS}
        value={category}
        onChange={(event) => isPostCategory(event.target.value) && setCategory(event.target.value)}
        className="sm:max-w-xs"
      />
    </TextEditor>
  );
}

/** Admins pin a post (shown first, "Featured"), lock it (no new replies) and hide it from members or show it again. */
function AdminPostControls({ post }: { post: Post }) {
  const moderate = usePostModeration();
  const decision = useModerationDecision();
  return (
    <>
      <Button variant="ghost" size="sm" className="h-9 text-muted hover:text-ink" disabled={moderate.isPending} onClick={() => moderate.mutate({ id: post.id, change: { pinned: !post.featured } })}>
        {post.featured ? <PinOff aria-hidden /> : <Pin aria-hidden />}
        {post.featured ? "Unpin" : "Pin"}
      </Button>
      <Button variant="ghost" size="sm" className="h-9 text-muted hover:text-ink" disabled={moderate.isPending} onClick={() => moderate.mutate({ id: post.id, change: { locked: !post.locked } })}>
        {post.locked ? <LockOpen aria-hidden /> : <Lock aria-hidden />}
        {post.locked ? "Unlock" : "Lock"}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="h-9 text-muted hover:text-ink"
        disabled={decision.isPending}
        onClick={() => decision.mutate({ kind: "post", id: post.id, decision: post.hidden ? "approve" : "hide" })}
      >
        {post.hidden ? <Eye aria-hidden /> : <EyeOff aria-hidden />}
        {post.hidden ? "Show to members" : "Hide"}
      </Button>
      {moderate.isError || decision.isError ? (
        <p className="basis-full text-sm font-medium text-danger">{communityError(moderate.error ?? decision.error, COMMUNITY_MESSAGES.saveFailed)}</p>
      ) : null}
    </>
  );
}

/** One post: author, badges, text (always as text), likes, replies, flag, and edit/delete when allowed. */
export function PostCard({ post, onDelete, onEdit, showAccessLevel = false }: PostCardProps) {
  const nameId = useId();
  const like = useTogglePostLike();
  const viewer = useViewer().data;
  const admin = isAdmin(viewer);
  const [editing, setEditing] = useState(false);
  const [replying, setReplying] = useState(false);
  const [flagging, setFlagging] = useState(false);
  // Admins decide instead of flagging; nobody flags their own words.
  const canFlag = Boolean(viewer && viewer.role !== "admin" && post.author.id !== viewer.id);
  // The author's own post that flags hid: it takes no likes or replies until a moderator shows it again.
  const ownHidden = post.hidden && !admin;

  const badges = (
    <>
      {post.featured ? (
        <Badge variant="success">
          <Pin className="size-3" aria-hidden />
          Featured
        </Badge>
      ) : null}
      {post.locked ? (
        <Badge>
          <Lock className="size-3" aria-hidden />
          Locked
        </Badge>
      ) : null}
      {post.hidden ? (
        <Badge variant="admin">
          <EyeOff className="size-3" aria-hidden />
          Hidden from members
        </Badge>
      ) : null}
      {showAccessLevel ? <Badge>{ACCESS_LEVEL_LABELS[post.accessLevel]}</Badge> : null}
    </>
  );

  return (
    <article aria-labelledby={nameId} data-testid="post">
      <Card className="grid gap-4 p-4 sm:p-6">
        <header className="flex items-start gap-2">
          <AuthorLine
            author={post.author}
            createdAt={post.createdAt}
            updatedAt={post.updatedAt}
            nameId={nameId}
            badges={badges}
            detail={POST_CATEGORY_LABELS[post.category]}
          />
          {post.canEdit && !editing ? (
            <ItemActions title={`post by ${post.author.name}`} onEdit={() => (onEdit ? onEdit(post) : setEditing(true))} onDelete={() => onDelete(post)} />
          ) : null}
        </header>

        {editing ? (
          <InlinePostEditor post={post} onDone={() => setEditing(false)} />
        ) : (
          <p className="text-[0.9375rem] leading-relaxed wrap-anywhere whitespace-pre-wrap text-ink" data-testid="post-content">
            {post.content}
          </p>
        )}
        {ownHidden ? <HiddenForReviewNotice kind="post" /> : null}

        <div className="flex flex-wrap items-center gap-1 border-t border-border pt-3">
          {ownHidden ? null : <LikeButton label="Like" liked={post.likedByMe} likes={post.likes} pending={like.isPending} onToggle={() => like.mutate(post.id)} />}
          {post.locked || ownHidden ? null : (
            <Button variant="ghost" size="sm" className="h-9 text-muted hover:text-ink" aria-expanded={replying} onClick={() => setReplying((open) => !open)}>
              <MessageSquare aria-hidden />
              Reply
            </Button>
          )}
          {canFlag ? <FlagButton flagged={post.flaggedByMe} label={`Flag post by ${post.author.name}`} onFlag={() => setFlagging(true)} /> : null}
          {admin ? <AdminPostControls post={post} /> : null}
          <span className="ml-auto text-xs text-muted">{`${post.replyCount} ${post.replyCount === 1 ? "reply" : "replies"}`}</span>
        </div>
        {like.isError ? <p className="text-sm font-medium text-danger">{communityError(like.error, COMMUNITY_MESSAGES.likeFailed)}</p> : null}

        {post.locked ? (
          <p className="flex items-center gap-2 text-sm text-muted">
            <Lock className="size-4 shrink-0" aria-hidden />
            {MODERATION_MESSAGES.locked}
          </p>
        ) : null}

        <ReplyList post={post} />
        {replying && !post.locked && !ownHidden ? <ReplyForm postId={post.id} authorName={post.author.name} onClose={() => setReplying(false)} /> : null}
        <FlagDialog target={flagging ? { kind: "post", id: post.id } : null} onClose={() => setFlagging(false)} />
      </Card>
    </article>
  );
}
