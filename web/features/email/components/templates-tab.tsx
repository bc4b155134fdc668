import { useState } from "react";
import { Check, Copy, Pencil, Plus, Trash2 } from "lucide-react";
import { EMAIL_DELAYS_MS, EMAIL_MESSAGES, type EmailTemplate } from "../../../../common/contracts/email";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { useTimers } from "../../../lib/use-timers";
import { useDeleteTemplate, useTemplates } from "../api";
import { ConfirmDialog } from "./confirm-dialog";
import { TemplateForm } from "./template-form";

const EMPTY = { name: "", subject: "", body: "" };

/** Email Templates (spec 001 §2.7): list, view, edit one at a time, create, copy, delete with confirmation. */
export function TemplatesTab() {
  const templates = useTemplates();
  const remove = useDeleteTemplate();
  const later = useTimers();
  const [editing, setEditing] = useState<string | "new" | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<EmailTemplate | null>(null);

  async function copy(template: EmailTemplate) {
    await navigator.clipboard.writeText(template.body).catch(() => undefined);
    setCopied(template.id);
    later(() => setCopied((current) => (current === template.id ? null : current)), EMAIL_DELAYS_MS.copied);
  }

  if (templates.isPending) return <Spinner label="Loading templates" />;
  if (templates.isError) return <Alert variant="error">{EMAIL_MESSAGES.templatesLoadFailed}</Alert>;

  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <Button onClick={() => setEditing("new")} disabled={editing !== null}>
          <Plus aria-hidden /> New Template
        </Button>
      </div>
      {editing === "new" ? (
        <Card>
          <CardHeader>
            <CardTitle>New template</CardTitle>
          </CardHeader>
          <CardContent>
            <TemplateForm initial={EMPTY} onDone={() => setEditing(null)} />
          </CardContent>
        </Card>
      ) : null}
      {templates.data.map((template) => (
        <Card key={template.id} data-testid="email-template">
          <CardHeader>
            <CardTitle className="break-words">{template.name}</CardTitle>
            <CardDescription className="break-words">Subject: {template.subject}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            {editing === template.id ? (
              <TemplateForm id={template.id} initial={template} onDone={() => setEditing(null)} />
            ) : (
              <>
                <pre className="max-h-48 overflow-auto rounded-md bg-navy-50 p-3 text-xs break-words whitespace-pre-wrap text-ink">{template.body}</pre>
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" variant="outline" onClick={() => setEditing(template.id)} disabled={editing !== null}>
                    <Pencil aria-hidden /> Edit
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => void copy(template)}>
                    {copied === template.id ? <Check aria-hidden /> : <Copy aria-hidden />} {copied === template.id ? "Copied!" : "Copy"}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setDeleting(template)}>
                    <Trash2 aria-hidden /> Delete
                  </Button>
                </div>
              </>
            )}
          </CardContent>
        </Card>
      ))}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete template"
        question={EMAIL_MESSAGES.deleteTemplateConfirm}
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      />
    </div>
  );
}
