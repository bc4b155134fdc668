import { Tabs } from "radix-ui";
import { AppPage } from "../../components/layout/app-page";
import { PageHeader } from "../../components/layout/page-header";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { CouponForm } from "../../features/coupons/components/coupon-form";
import { CouponList } from "../../features/coupons/components/coupon-list";
import { GeneralSettingsTab } from "../../features/settings/components/general-settings-tab";
import { InvitationsTab } from "../../features/invitations/components/invitations-tab";

const TAB_CLASS =
  "rounded-md px-4 py-2 text-sm font-semibold text-muted transition-colors hover:text-ink focus-visible:outline-2 focus-visible:outline-ring data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm";

/** /admin/settings: General Settings, Invitations, Coupon Codes (spec 001 §2.5). */
export default function AdminSettingsPage() {
  return (
    <AppPage>
      <PageHeader eyebrow="Admin" title="Admin Settings" description="Community settings, invitations and discount coupons." />
      <Tabs.Root defaultValue="general" className="grid gap-6">
        <Tabs.List aria-label="Settings sections" className="inline-flex w-fit flex-wrap gap-1 rounded-lg bg-navy-50 p-1">
          <Tabs.Trigger value="general" className={TAB_CLASS}>
            General Settings
          </Tabs.Trigger>
          <Tabs.Trigger value="invitations" className={TAB_CLASS}>
            Invitations
          </Tabs.Trigger>
          <Tabs.Trigger value="coupons" className={TAB_CLASS}>
            Coupon Codes
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="general">
          <GeneralSettingsTab />
        </Tabs.Content>
        <Tabs.Content value="invitations">
          <InvitationsTab />
        </Tabs.Content>
        <Tabs.Content value="coupons" className="grid gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Create a coupon</CardTitle>
            </CardHeader>
            <CardContent>
              <CouponForm />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Coupons</CardTitle>
            </CardHeader>
            <CardContent>
              <CouponList />
            </CardContent>
          </Card>
        </Tabs.Content>
      </Tabs.Root>
    </AppPage>
  );
}
