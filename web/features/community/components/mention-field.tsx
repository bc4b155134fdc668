import { useId, useRef, useState, type ComponentProps, type KeyboardEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import type { MentionSuggestion, MentionSuggestions } from "../../../../common/contracts/community";
import { MAX_MENTIONS } from "../../../../common/contracts/community";
import { CONTENT_MESSAGES } from "../../../../common/content";
import { TIER_BADGES } from "../../../../common/tiers";
import { getJson } from "../../../lib/api-client";
import { TextAreaField } from "../../admin-content/components/form-controls";
import { ProfileAvatar } from "../../profile/components/profile-avatar";
import { communityKey } from "../feed-cache";

/** A member picked from the list: the name goes into the text, the id goes with the post. */
export type PickedMember = { id: string; name: string };

/**
 * The "@…" typed right before the caret (at the start or after a space or punctuation), up to four
 * words; a space typed after it closes the list until the next letter (and after a member is chosen).
 */
const TYPED_MENTION = /(?:^|[^\p{L}\p{N}_@])@([\p{L}\p{N}_][\p{L}\p{N}_'.-]*(?: [\p{L}\p{N}_'.-]+){0,3})$/u;
const SINCE = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric" });

/** The ids of the picked members whose "@Full Name" is still in the text (an edit may have removed one). */
export function mentionedIds(text: string, picked: PickedMember[]): string[] {
  const lower = text.toLowerCase();
  const ids = picked.filter((member) => lower.includes(`@${member.name.toLowerCase()}`)).map((member) => member.id);
  return [...new Set(ids)].slice(0, MAX_MENTIONS);
}

function useSuggestions(query: string | null) {
  return useQuery({
    queryKey: [...communityKey, "mention-suggestions", query],
    queryFn: () => getJson<MentionSuggestions>(`/api/community/mention-suggestions?q=${encodeURIComponent(query ?? "")}`),
    enabled: query !== null,
    staleTime: 30_000,
  });
}

const tierLabel = (member: MentionSuggestion) => (member.tier === "admin" ? CONTENT_MESSAGES.adminAuthor : TIER_BADGES[member.tier]);

type MentionFieldProps = Omit<ComponentProps<typeof TextAreaField>, "value" | "onChange"> & {
  value: string;
  onValueChange: (value: string) => void;
  onPick: (member: PickedMember) => void;
};

/**
 * A post or reply box where "@" and the start of a name opens a list of members; choosing one writes
 * "@Full Name" into the text and remembers who was meant, so a member who shares a name with another
 * is mentioned unambiguously. Arrow keys move through the list, Enter or Tab chooses, Escape closes it.
 */
export function MentionField({ value, onValueChange, onPick, ...fieldProps }: MentionFieldProps) {
  const listId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const typed = TYPED_MENTION.exec(value.slice(0, caret));
  const query = typed?.[1] ?? null;
  const suggestions = useSuggestions(query && query !== dismissed ? query : null);
  const members = query && query !== dismissed ? (suggestions.data?.members ?? []) : [];
  const open = members.length > 0;
  const highlighted = Math.min(active, members.length - 1);

  function choose(member: MentionSuggestion) {
    if (!typed || query === null) return;
    const start = caret - query.length - 1;
    const inserted = `@${member.name} `;
    const next = `${value.slice(0, start)}${inserted}${value.slice(caret)}`;
    onValueChange(next);
    onPick({ id: member.id, name: member.name });
    const position = start + inserted.length;
    setCaret(position);
    requestAnimationFrame(() => {
      textarea.current?.focus();
      textarea.current?.setSelectionRange(position, position);
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!open) return;
    const member = members[highlighted];
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setActive((highlighted + (event.key === "ArrowDown" ? 1 : members.length - 1)) % members.length);
    } else if ((event.key === "Enter" || event.key === "Tab") && member) {
      event.preventDefault();
      choose(member);
    } else if (event.key === "Escape") {
      event.preventDefault();
      setDismissed(query);
    }
  }

  const optionId = (index: number) => `${listId}-option-${index}`;
  return (
    <div className="relative">
      <TextAreaField
        {...fieldProps}
        ref={textarea}
        value={value}
        aria-autocomplete="list"
        aria-controls={listId}
        aria-activedescendant={open ? optionId(highlighted) : undefined}
        onChange={(event) => {
          onValueChange(event.target.value);
          setCaret(event.target.selectionStart);
          setActive(0);
        }}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Members to mention"
        hidden={!open}
        className="absolute inset-x-0 z-20 mt-1 grid max-h-72 gap-0.5 overflow-y-auto rounded-lg border border-border bg-surface p-1 shadow-card"
      >
        {members.map((member, index) => (
          <li
            key={member.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === highlighted}
            className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-sm aria-selected:bg-navy-50"
            // Chosen on mouse down: a click would first blur the textarea and lose the caret.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(member);
            }}
            onMouseEnter={() => setActive(index)}
          >
            <ProfileAvatar profile={{ name: member.name, email: "", profilePicture: member.profilePicture }} className="size-7 text-xs" />
            <span className="grid min-w-0">
              <span className="truncate font-medium text-ink">{member.name}</span>
              <span className="truncate text-xs text-muted">{`${tierLabel(member)} · Member since ${SINCE.format(new Date(member.memberSince))}`}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
