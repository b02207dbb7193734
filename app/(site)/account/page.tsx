import type { Metadata } from "next";
import { ChangePasswordForm } from "@/components/accounts/change-password-form";
import { ProfileCard } from "@/components/accounts/profile-card";
import { SessionsList } from "@/components/accounts/sessions-list";
import { TwoFactorCard } from "@/components/accounts/two-factor-card";
import { ButtonLink } from "@/components/ui/button-link";
import { PageHeader } from "@/components/ui/page-header";
import { getProfile } from "@/lib/server/accounts/get-profile";
import { requireUser } from "@/lib/server/sessions/guards";
import { listSessions } from "@/lib/server/sessions/list-sessions";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const actor = await requireUser("/account");
  const [profile, sessions] = await Promise.all([getProfile(actor.userId), listSessions(actor)]);
  return (
    <>
      <PageHeader title="Account" subtitle="Your profile, security settings and where you are logged in.">
        {actor.isStaff ? (
          <>
            <ButtonLink href="/staff/tickets" variant="stone">
              Ticket queue
            </ButtonLink>
            <ButtonLink href="/staff/forums/reports" variant="stone">
              Reported posts
            </ButtonLink>
          </>
        ) : null}
      </PageHeader>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-6">
          <ProfileCard profile={profile} />
          <TwoFactorCard initialActivated={profile.two_factor} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <ChangePasswordForm />
          <SessionsList initial={sessions} />
        </div>
      </div>
    </>
  );
}
