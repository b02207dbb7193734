"use client";

import { useState } from "react";
import { ChangePasswordForm } from "@/components/accounts/change-password-form-client";
import { GiftCardsCard } from "@/components/accounts/gift-cards-card-client";
import { ProfileCard } from "@/components/accounts/profile-card";
import { SessionsList } from "@/components/accounts/sessions-list-client";
import { TwoFactorCard } from "@/components/accounts/two-factor-card-client";
import { useApiGet } from "@/components/api/use-api-get";
import { SupporterPrivacyCard } from "@/components/goals/supporter-privacy-client";
import { ButtonLink } from "@/components/ui/button-link";
import { LoadFailed } from "@/components/ui/load-failed";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import * as endpoints from "@/lib/client/endpoints";
import type { TSessionDto } from "@/lib/schemas/accounts";

const STAFF_RANKS = new Set(["moderator", "administrator", "owner"]);

/** A card-sized placeholder while the player's data loads (announced once, not per card). */
function CardLoading({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <Panel aria-label={label} aria-busy="true">
      <span className="block h-7 w-40 animate-pulse rounded bg-stone-800" />
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} className="mt-3 block h-5 animate-pulse rounded bg-stone-800" />
      ))}
    </Panel>
  );
}

/**
 * The account page (docs/product.md §2 Account). The page itself is a prerendered shell: proxy.ts lets only
 * a signed-in player reach it, and the profile and the sessions come from the API here, so a
 * visit costs no React render on the server.
 */
export function AccountClient() {
  const user = useApiGet(endpoints.user, {}, { signedIn: "/account" });
  const sessions = useApiGet(endpoints.listSessions, {}, { signedIn: "/account" });
  // The creator dashboard is linked only for a player who owns a creator code.
  const creator = useApiGet(endpoints.creatorDashboard, {}, { signedIn: "/account" });
  const ownsCreatorCode = creator.res?.ok === true && Array.isArray(creator.res.data.codes) && creator.res.data.codes.length > 0;
  const profile = user.res?.ok ? user.res.data : null;
  const loaded = sessions.res?.ok && Array.isArray(sessions.res.data.results) ? sessions.res.data.results : null;
  // While the list reloads (after a password change) the last one stays on screen.
  const [kept, setKept] = useState<TSessionDto[] | null>(null);
  if (loaded && loaded !== kept) setKept(loaded);
  const list = loaded ?? kept;
  const signingIn = user.signingIn || sessions.signingIn;
  const failed = !signingIn && ((user.res && !user.res.ok) || (sessions.res && !sessions.res.ok));

  return (
    <>
      <PageHeader title="Account" subtitle="Your profile, security settings and where you are logged in.">
        <ButtonLink href="/account/settings" variant="stone">
          Email, data and deletion
        </ButtonLink>
        <ButtonLink href="/account/notifications" variant="stone">
          Notifications
        </ButtonLink>
        {profile && STAFF_RANKS.has(profile.rank) ? (
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
      {failed ? (
        <LoadFailed className="mb-6" onRetry={() => (user.res?.ok ? null : user.retry(), sessions.res?.ok ? null : sessions.retry())}>
          We could not load your account just now.
        </LoadFailed>
      ) : null}
      <div className="grid min-h-dvh content-start gap-6 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-6">
          {profile ? <ProfileCard profile={profile} creatorDashboard={ownsCreatorCode} /> : <CardLoading label="User Profile" rows={5} />}
          {profile ? <TwoFactorCard initialActivated={profile.two_factor} /> : <CardLoading label="Two-factor authentication" rows={2} />}
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <ChangePasswordForm onChanged={sessions.retry} />
          {list ? <SessionsList initial={list} /> : <CardLoading label="Sessions" rows={3} />}
          <SupporterPrivacyCard />
          <GiftCardsCard onRedeemed={user.retry} />
        </div>
      </div>
    </>
  );
}
