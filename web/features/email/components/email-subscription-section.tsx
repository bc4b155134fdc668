import { useId } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import { Alert } from "../../../components/ui/alert";
import { getJson, requestJson } from "../../../lib/api-client";

const subscriptionKey = ["profile", "email-subscription"] as const;
type Subscription = { subscribed: boolean };

/** Edit Profile → Emails: whether the member receives emails sent to all members; opting in again after an unsubscribe link. */
export function EmailSubscriptionSection() {
  const id = useId();
  const queryClient = useQueryClient();
  const subscription = useQuery({ queryKey: subscriptionKey, queryFn: () => getJson<Subscription>("/api/profile/email-subscription") });
  const change = useMutation({
    mutationFn: (subscribed: boolean) => requestJson<Subscription>("PUT", "/api/profile/email-subscription", { subscribed }),
    onSuccess: (answer) => queryClient.setQueryData(subscriptionKey, answer),
  });
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3 rounded-lg border border-border p-4">
      <div className="flex items-start gap-3">
        <Mail className="mt-0.5 size-5 shrink-0 text-navy-600" aria-hidden />
        <h3 id={`${id}-heading`} className="text-base font-semibold text-ink">
          Emails
        </h3>
      </div>
      <label className="flex items-start gap-3 text-sm text-ink">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-navy-600"
          checked={subscription.data?.subscribed ?? true}
          disabled={!subscription.data || change.isPending}
          onChange={(event) => change.mutate(event.target.checked)}
        />
        Receive emails the community sends to its members
      </label>
      {change.isError ? <Alert variant="error">Failed to save your email preference. Please try again.</Alert> : null}
    </section>
  );
}
