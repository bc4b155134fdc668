import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { SendHorizontal } from "lucide-react";
import { MESSAGE_MAX_LENGTH, MESSAGING_MESSAGES } from "../../../../common/contracts/messages";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ApiError } from "../../../lib/api-client";
import { MESSAGES_TEXTS } from "../texts";

/** The server's refusal in its own words (not accepting, daily limit, links, length); a failure of ours asks to retry. */
function refusalText(error: unknown): string {
  if (error instanceof ApiError && error.status < 500) return error.fields?.body ?? (error.message || MESSAGES_TEXTS.sendFailed);
  return MESSAGES_TEXTS.sendFailed;
}

type MessageComposerProps = {
  /** Sends the text; the composer clears only once this resolves, so a refused message stays to be edited. */
  onSend: (body: string) => Promise<unknown>;
  sending: boolean;
};

/** Writes a message: Enter sends, Shift+Enter starts a new line. */
export function MessageComposer({ onSend, sending }: MessageComposerProps) {
  const id = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function send() {
    if (sending) return;
    const body = text.trim();
    if (!body) return setError(MESSAGING_MESSAGES.required);
    if (body.length > MESSAGE_MAX_LENGTH) return setError(MESSAGING_MESSAGES.tooLong);
    setError(null);
    try {
      await onSend(body);
      setText("");
    } catch (failure) {
      setError(refusalText(failure));
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // While an input method composes a word, Enter picks the word; it does not send.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void send();
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-2" noValidate>
      {error ? (
        <Alert variant="error" id={`${id}-error`}>
          {error}
        </Alert>
      ) : null}
      <div className="flex items-end gap-2">
        <label htmlFor={id} className="sr-only">
          {MESSAGES_TEXTS.composerLabel}
        </label>
        <textarea
          id={id}
          value={text}
          rows={1}
          placeholder={MESSAGES_TEXTS.composerLabel}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          className="field-sizing-content max-h-40 min-h-11 w-full min-w-0 resize-none rounded-md border border-border bg-surface px-3 py-2.5 text-base text-ink shadow-xs placeholder:text-muted/70 focus-visible:border-navy-400 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-navy-200 aria-invalid:border-danger sm:text-sm"
        />
        <Button type="submit" size="icon" aria-label="Send" disabled={sending}>
          <SendHorizontal className="size-5" aria-hidden />
        </Button>
      </div>
      <p id={`${id}-hint`} className="hidden text-xs text-muted sm:block">
        {MESSAGES_TEXTS.composerHint}
      </p>
    </form>
  );
}
