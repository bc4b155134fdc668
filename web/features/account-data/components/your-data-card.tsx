import { useEffect, useRef } from "react";
import { Download, FileArchive, Mail } from "lucide-react";
import { ACCOUNT_DATA_MESSAGES, EXPORT_LINK_DAYS, type AccountDataSummary } from "../../../../common/contracts/account-data";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { formatLongDate } from "../../billing/format";
import { useDownloadExport, useRequestExport } from "../api";
import { formatBytes } from "../format";

const messageOf = (error: unknown) => (error instanceof ApiError && error.message ? error.message : ACCOUNT_DATA_MESSAGES.exportFailed);

/** Account page → Your data: the export as one zip, at once for a small account, by a mailed link for a large one. */
export function YourDataCard({ summary }: { summary: AccountDataSummary["export"] }) {
  const download = useDownloadExport();
  const request = useRequestExport();
  const prepared = summary.prepared;
  const isPreparing = prepared?.status === "preparing";
  const card = useRef<HTMLDivElement>(null);

  // The export mail links here (#your-data); the page renders after the address is read, so scroll by hand.
  useEffect(() => {
    if (window.location.hash === "#your-data") card.current?.scrollIntoView({ block: "start" });
  }, []);

  return (
    <Card id="your-data" ref={card} role="region" aria-labelledby="your-data-heading" className="scroll-mt-24">
      <CardHeader>
        <CardTitle id="your-data-heading">Your data</CardTitle>
        <CardDescription>
          One zip file with everything we keep about you: your profile, subscription and invoices, posts, replies, likes, session sign-ups, the files you uploaded and the
          account history. Passwords and security codes are never included.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="flex items-start gap-3 text-sm text-ink">
          <FileArchive className="mt-0.5 size-5 shrink-0 text-navy-600" aria-hidden />
          <span>
            {`Your export holds ${summary.records.toLocaleString("en-US")} ${summary.records === 1 ? "record" : "records"}`}
            {summary.files > 0 ? ` and ${summary.files} ${summary.files === 1 ? "file" : "files"} (${formatBytes(summary.fileBytes)})` : ""}
            {summary.delivery === "email" ? ". That is a large export: we prepare it in the background and email you a download link." : ", small enough to download at once."}
          </span>
        </p>

        {prepared?.status === "ready" && prepared.downloadUrl ? (
          <Alert variant="success">
            {`Your export is ready${prepared.sizeBytes ? ` (${formatBytes(prepared.sizeBytes)})` : ""}. The link works until ${formatLongDate(prepared.expiresAt)}. `}
            <a className="font-semibold underline" href={prepared.downloadUrl}>
              Download your export
            </a>
          </Alert>
        ) : null}
        {isPreparing ? (
          <Alert variant="info">
            <span className="inline-flex items-center gap-2">
              <Spinner className="size-4" label="Preparing your export" /> {ACCOUNT_DATA_MESSAGES.exportInProgress}
            </span>
          </Alert>
        ) : null}
        {prepared?.status === "failed" && summary.delivery === "email" ? <Alert variant="error">{ACCOUNT_DATA_MESSAGES.exportFailed}</Alert> : null}
        {download.isError ? <Alert variant="error">{messageOf(download.error)}</Alert> : null}
        {request.isError ? <Alert variant="error">{messageOf(request.error)}</Alert> : null}
        {request.isSuccess && !isPreparing && prepared?.status !== "ready" ? <Alert variant="info">{ACCOUNT_DATA_MESSAGES.exportQueued}</Alert> : null}

        <div className="flex flex-wrap items-center gap-3">
          {summary.delivery === "download" ? (
            <Button onClick={() => download.mutate()} disabled={download.isPending}>
              {download.isPending ? <Spinner className="size-4 text-current" label="Preparing your download" /> : <Download aria-hidden />}
              Download my data
            </Button>
          ) : (
            <Button onClick={() => request.mutate()} disabled={request.isPending || isPreparing}>
              {request.isPending ? <Spinner className="size-4 text-current" label="Requesting your export" /> : <Mail aria-hidden />}
              Email me a download link
            </Button>
          )}
          {summary.delivery === "email" ? <p className="text-xs text-muted">{`The link works for ${EXPORT_LINK_DAYS} days, only for you, signed in.`}</p> : null}
        </div>
      </CardContent>
    </Card>
  );
}
