import { useId, useState } from "react";
import type { Post, Reply } from "../../../../common/contracts/community";
import { Eye, EyeOff } from "lucide-react";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { ConfirmDeleteDialog } from "../../admin-content/components/confirm-delete-dialog";
import { ItemActions } from "../../admin-content/components/item-actions";
import { isAdmin, useViewer } from "../../session/api";
import { useAllReplies, useReplyMutations } from "../api";
import { useModerationDecision } from "../moderation-api";
import { excerpt } from "../format";
import { COMMUNITY_MESSAGES, communityError } from "../messages";
import { AuthorLine } from "./author-line";
import { FlagButton } from "./flag-button";
import { FlagDialog } from "./flag-dialog";
import { HiddenForReviewNotice } from "./hidden-for-review-notice";
import { LikeButton } from "./like-button";
import { TextEditor } from "./text-editor";

type Mutations = ReturnType<typeof useReplyMutations>;

/** Admins hide a reply from members or show it again (approving it closes its flags). */
function AdminReplyControls({ reply }: { reply: Reply }) {
  const decision = useModerationDecision();
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="h-8 px-2 text-xs text-muted hover:text-ink"
        disabled={decision.isPending}
        onClick={() => decision.mutate({ kind: "reply", id: reply.id, decision: reply.hidden ? "approve" : "hide" })}
      >
        {reply.hidden ? <Eye aria-hidden /> : <EyeOff aria-hidden />}
        {reply.hidden ? "Show to members" : "Hide"}
      </Button>
      {decision.isError ? <p className="basis-full text-xs font-medium text-danger">{communityError(decision.error, COMMUNITY_MESSAGES.saveFailed)}</p> : null}
    </>
  );
}

function ReplyItem({ reply, mutations, onDelete, onFlag, admin }: { reply: Reply; mutations: Mutations; onDelete: () => void; onFlag?: () => void; admin: boolean }) {
  const nameId = useId();
  const [editing, setEditing] = useState(false);
  const { update, toggleLike } = mutations;
  const likeFailed = toggleLike.isError && toggleLike.variables === reply.id;
  // Only admins and the author receive a hidden reply: the author's own, hidden by flags, takes no likes.
  const ownHidden = reply.hidden && !admin;

  return (
    <li aria-labelledby={nameId} className="grid gap-2 rounded-lg bg-navy-50/60 p-3 sm:p-4" data-testid="reply">
      <div className="flex items-start gap-2">
        <AuthorLine
          author={reply.author}
          createdAt={reply.createdAt}
          updatedAt={reply.updatedAt}
          nameId={nameId}
          small
          badges={
            reply.hidden ? (
              <Badge variant="admin">
                <EyeOff className="size-3" aria-hidden />
                Hidden from members
              </Badge>
            ) : null
          }
        />
        {reply.canEdit && !editing ? <ItemActions title={`reply by ${reply.author.name}`} onEdit={() => setEditing(true)} onDelete={onDelete} /> : null}
      </div>
      {editing ? (
        <TextEditor
          label="Edit your reply"
          initial={reply.content}
          pending={update.isPending}
          onSave={async (content, mentions) => {
            await update.mutateAsync({ id: reply.id, input: { content, mentions } });
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <p className="text-sm wrap-anywhere whitespace-pre-wrap text-ink" data-testid="reply-content">
          {reply.content}
        </p>
      )}
      {ownHidden ? <HiddenForReviewNotice kind="reply" /> : null}
      <div className="flex flex-wrap items-center gap-1">
        {ownHidden ? null : (
          <LikeButton
            small
            label="Like reply"
            liked={reply.likedByMe}
            likes={reply.likes}
            pending={toggleLike.isPending && toggleLike.variables === reply.id}
            onToggle={() => toggleLike.mutate(reply.id)}
          />
        )}
        {onFlag ? <FlagButton small flagged={reply.flaggedByMe} label={`Flag reply by ${reply.author.name}`} onFlag={onFlag} /> : null}
        {admin ? <AdminReplyControls reply={reply} /> : null}
      </div>
      {likeFailed ? <p className="text-xs font-medium text-danger">{communityError(toggleLike.error, COMMUNITY_MESSAGES.likeFailed)}</p> : null}
    </li>
  );
}

/**
 * A post's replies, oldest first. The feed carries the post's replies; when it holds fewer than the
 * count says, the rest load on request.
 */
export function ReplyList({ post }: { post: Post }) {
  const mutations = useReplyMutations(post.id);
  const viewer = useViewer().data;
  const [flagging, setFlagging] = useState<number | null>(null);
  const [showAll, setShowAll] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<Reply | null>(null);
  const all = useAllReplies(post.id, showAll);
  const replies = showAll && all.data ? all.data.replies : post.replies;
  const hidden = post.replyCount - replies.length;

  if (replies.length === 0 && hidden <= 0) return null;
  return (
    <div className="grid gap-3">
      <ul aria-label={`Replies to ${post.author.name}`} className="grid gap-2">
        {replies.map((reply) => (
          <ReplyItem
            key={reply.id}
            reply={reply}
            mutations={mutations}
            onDelete={() => setPendingDelete(reply)}
            admin={isAdmin(viewer)}
            onFlag={viewer && viewer.role !== "admin" && reply.author.id !== viewer.id ? () => setFlagging(reply.id) : undefined}
          />
        ))}
      </ul>
      {hidden > 0 && !all.isFetching ? (
        <div>
          <Button variant="link" size="sm" onClick={() => (showAll ? void all.refetch() : setShowAll(true))}>
            {`View all ${post.replyCount} replies`}
          </Button>
        </div>
      ) : null}
      {all.isFetching ? <Spinner label="Loading replies" /> : null}
      {all.isError ? <Alert variant="error">{COMMUNITY_MESSAGES.repliesFailed}</Alert> : null}
      <ConfirmDeleteDialog
        target={pendingDelete ? { id: pendingDelete.id, title: excerpt(pendingDelete.content) } : null}
        message={COMMUNITY_MESSAGES.confirmDeleteReply}
        onClose={() => setPendingDelete(null)}
        onConfirm={(id) => mutations.remove.mutateAsync(id)}
        onDeleted={() => undefined}
      />
      <FlagDialog target={flagging === null ? null : { kind: "reply", id: flagging, postId: post.id }} onClose={() => setFlagging(null)} />
    </div>
  );
}
