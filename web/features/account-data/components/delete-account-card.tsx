import { useEffect, useState } from "react";
import { TriangleAlert } from "lucide-react";
import { ACCOUNT_DATA_MESSAGES, type AccountDataSummary } from "../../../../common/contracts/account-data";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { DeleteAccountForm } from "./delete-account-form";

const TOKEN_PREFIX = "#confirm-deletion=";

/** The token of the mailed confirmation link (`/members/account#confirm-deletion=…`), if the page was opened from it. */
function readMailedToken(): string | null {
  const { hash } = window.location;
  return hash.startsWith(TOKEN_PREFIX) ? decodeURIComponent(hash.slice(TOKEN_PREFIX.length)) || null : null;
}

const plural = (count: number, one: string, many: string) => `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;

/** Account page → danger zone: what deleting the account does, then a confirmation by password or mailed link. */
export function DeleteAccountCard({ summary }: { summary: AccountDataSummary["deletion"] }) {
  const [token, setToken] = useState(readMailedToken);
  const [isOpen, setOpen] = useState(token !== null);

  // The mailed link opened in a tab already on this page changes only the hash, without loading the page again.
  useEffect(() => {
    function takeMailedToken() {
      const mailed = readMailedToken();
      if (!mailed) return;
      setToken(mailed);
      setOpen(true);
      // Off the address, so the token stays out of the history and of a copied address.
      window.history.replaceState(window.history.state, "", `${window.location.pathname}${window.location.search}`);
    }
    takeMailedToken();
    window.addEventListener("hashchange", takeMailedToken);
    return () => window.removeEventListener("hashchange", takeMailedToken);
  }, []);

  return (
    <Card role="region" aria-labelledby="delete-account-heading" className="border-danger/30">
      <CardHeader>
        <CardTitle id="delete-account-heading" className="flex items-center gap-2 text-danger">
          <TriangleAlert className="size-5" aria-hidden /> Delete account
        </CardTitle>
        <CardDescription>Deleting your account is permanent. Download your data first if you want a copy.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid list-disc gap-1.5 pl-5 text-sm text-ink">
          <li>
            {summary.hasLiveSubscription
              ? "Your subscription is cancelled at once and you will not be charged again; your billing details are deleted at the payment provider."
              : "Your billing details, if any, are deleted at the payment provider."}
          </li>
          <li>{`Your ${plural(summary.posts, "post", "posts")} and ${plural(summary.replies, "reply", "replies")} stay as "Deleted member", or are deleted: you choose.`}</li>
          {summary.uploads > 0 ? <li>{`The ${plural(summary.uploads, "file", "files")} you uploaded to the media library are deleted; content that uses them will show them as missing.`}</li> : null}
          <li>Your profile, likes, session sign-ups and account history are deleted, and you are signed out everywhere.</li>
        </ul>
        {summary.isLastAdmin ? <Alert variant="error">{ACCOUNT_DATA_MESSAGES.lastAdmin}</Alert> : null}
        <div>
          <Button variant="danger" disabled={summary.isLastAdmin} onClick={() => setOpen(true)}>
            Delete my account…
          </Button>
        </div>
      </CardContent>
      <Dialog open={isOpen} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>This cannot be undone.</DialogDescription>
          </DialogHeader>
          <DeleteAccountForm confirmBy={summary.confirmBy} token={token} hasContent={summary.posts + summary.replies > 0} onCancel={() => setOpen(false)} />
        </DialogContent>
      </Dialog>
    </Card>
  );
}
