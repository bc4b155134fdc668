import { useState } from "react";
import type { Coupon } from "../../../../common/contracts/billing";
import { PLANS } from "../../../../common/tiers";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { formatChosenDay } from "../../../../common/end-of-day";
import { useCouponMutations, useCoupons } from "../api";

/** Coupons, active first then earliest expiry (the server's order), with used/limit, toggle and delete. */
export function CouponList() {
  const coupons = useCoupons();
  const { toggle, remove } = useCouponMutations();
  const [pendingDelete, setPendingDelete] = useState<Coupon | null>(null);

  if (coupons.isPending) return <Spinner label="Loading coupons" />;
  if (coupons.isError) return <Alert variant="error">Failed to load coupons. Please try again.</Alert>;
  const list = coupons.data.coupons;
  if (list.length === 0) return <p className="text-sm text-muted">No coupons yet. Create the first one above.</p>;

  return (
    <>
      <ul className="grid gap-3">
        {list.map((coupon) => (
          <li key={coupon.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-4" data-testid="coupon-row">
            <div>
              <p className="font-mono text-base font-semibold text-ink">{coupon.code}</p>
              <p className="text-sm text-muted">{`${coupon.discount}% off ${PLANS[coupon.membershipTier].name} · ${coupon.usedCount}/${coupon.usageLimit} used · ${coupon.heldCount} held in open checkouts · valid until ${formatChosenDay(coupon.validUntil)}`}</p>
            </div>
            <div className="flex items-center gap-2">
              <Badge>{coupon.isActive ? "Active" : "Inactive"}</Badge>
              <Button size="sm" variant="outline" onClick={() => toggle.mutate(coupon)} disabled={toggle.isPending}>
                {coupon.isActive ? "Deactivate" : "Activate"}
              </Button>
              <Button size="sm" variant="danger" onClick={() => setPendingDelete(coupon)}>
                Delete
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <Dialog open={pendingDelete !== null} onOpenChange={(open) => !open && setPendingDelete(null)}>
        <DialogContent>
          <DialogTitle>{`Delete coupon ${pendingDelete?.code ?? ""}?`}</DialogTitle>
          <DialogDescription className="mt-2">Checkouts already paid keep their discount; nobody can use this code afterwards.</DialogDescription>
          <div className="mt-6 flex justify-end gap-3">
            <Button variant="outline" onClick={() => setPendingDelete(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                if (pendingDelete) remove.mutate(pendingDelete);
                setPendingDelete(null);
              }}
            >
              Yes, Delete
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
