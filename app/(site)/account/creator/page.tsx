import type { Metadata } from "next";
import { BackLink } from "@/components/ui/back-link";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { ResponsiveTable } from "@/components/ui/responsive-table";
import type { TCreatorDashboard } from "@/lib/schemas/creator-codes";
import { requireUser } from "@/lib/server/sessions/guards";
import { getCreatorDashboard } from "@/lib/server/store/creator-dashboard";

export const metadata: Metadata = { title: "Creator dashboard", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const day = (iso: string) => new Date(iso).toISOString().slice(0, 10);
const STATUS: Record<TCreatorDashboard["recent"][number]["status"], string> = {
  pending: "In hold",
  payable: "Payable",
  paid: "Paid",
  cancelled: "Cancelled (refunded)",
  reversed: "Reversed (refunded after payout)",
};

/**
 * The creator's own codes (docs/store.md, "Creator codes"): uses, revenue, shares in their hold,
 * payable and paid, and the latest uses without the buyers' names. Same data as GET /api/v1/account/creator.
 */
export default async function CreatorDashboardPage() {
  const actor = await requireUser("/account/creator");
  const d = await getCreatorDashboard(actor.userId);
  return (
    <>
      <BackLink href="/account">Account</BackLink>
      <PageHeader
        title="Creator dashboard"
        subtitle={`Your creator codes and your share of what their buyers paid. A share is held ${d.holdDays} days for refunds before staff pay it out.`}
      />
      {d.codes.length === 0 ? (
        <Panel>
          <p>You have no creator code. Staff make codes for content creators; ask on a ticket if you think you should have one.</p>
        </Panel>
      ) : (
        <div className="space-y-6">
          {d.codes.map((c) => (
            <Panel key={c.code} aria-labelledby={`code-${c.code}`} data-testid="creator-code-card">
              <h2 id={`code-${c.code}`} className="text-2xl text-gold">
                {c.code} <span className="text-base text-stone-300">{c.active ? "Active" : "Paused"}</span>
              </h2>
              <p className="text-sm text-stone-300">
                Buyers get {c.bonusPercent}% bonus credits; you get {c.sharePercent}% of what they pay.
              </p>
              <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
                {[
                  ["Uses", c.uses.toLocaleString("en-US")],
                  ["Revenue", usd(c.revenueCents)],
                  ["Pending (in hold)", usd(c.pendingCents)],
                  ["Payable", usd(c.payableCents)],
                  ["Paid", usd(c.paidCents)],
                  ["Reversed, to subtract", usd(c.reversedCents)],
                ].map(([label, value]) => (
                  <div key={label}>
                    <dt className="text-sm text-stone-400">{label}</dt>
                    <dd className="font-semibold text-stone-100" data-testid={`creator-${label!.split(" ")[0]!.toLowerCase()}`}>
                      {value}
                    </dd>
                  </div>
                ))}
              </dl>
            </Panel>
          ))}
          <Panel aria-labelledby="recent-uses">
            <h2 id="recent-uses" className="mb-3 text-2xl text-gold">
              Recent uses
            </h2>
            {d.recent.length === 0 ? (
              <p>Nobody has used your code yet.</p>
            ) : (
              <ResponsiveTable
                caption="The latest uses of your codes, newest first"
                columns={[
                  { label: "Paid on" },
                  { label: "Code" },
                  { label: "Paid", numeric: true },
                  { label: "Your share", numeric: true },
                  { label: "Status" },
                  { label: "Payable from" },
                ]}
                rowHeader={0}
                rows={d.recent.map((u, i) => ({
                  key: i,
                  cells: [day(u.paidAt), u.code, usd(u.paidCents), usd(u.shareCents), STATUS[u.status], day(u.payableAt)],
                }))}
              />
            )}
          </Panel>
        </div>
      )}
    </>
  );
}
