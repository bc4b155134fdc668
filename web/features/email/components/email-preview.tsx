import { Eye } from "lucide-react";
import { PREVIEW_RECIPIENT } from "../../../../common/contracts/email";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { usePreviewEmail } from "../api";
import { errorText } from "../error-text";

/**
 * "Preview": the subject and body as a member receives them (sanitized, placeholders filled for a
 * sample member), the body in a sandboxed frame so its HTML can neither run nor restyle the page.
 */
export function EmailPreview({ subject, body }: { subject: string; body: string }) {
  const preview = usePreviewEmail();
  return (
    <div className="grid gap-3">
      <div>
        <Button type="button" variant="outline" onClick={() => preview.mutate({ subject, body })} disabled={preview.isPending || !body.trim()}>
          <Eye aria-hidden />
          {preview.data ? "Refresh preview" : "Preview"}
        </Button>
      </div>
      {preview.isError ? <Alert variant="error">{errorText(preview.error, "The preview could not be made. Please try again.")}</Alert> : null}
      {preview.data ? (
        <section aria-label="Preview" className="grid gap-2 rounded-lg border border-border bg-navy-50 p-3" data-testid="email-preview">
          <p className="text-xs text-muted">{`As ${PREVIEW_RECIPIENT.name} (${PREVIEW_RECIPIENT.email}, Inventor) receives it:`}</p>
          <p className="text-sm font-semibold wrap-anywhere text-ink">{preview.data.subject || "(no subject)"}</p>
          <iframe title="Email preview" sandbox="" srcDoc={preview.data.html} className="h-64 w-full rounded-md border border-border bg-white" />
        </section>
      ) : null}
    </div>
  );
}
