import Link from "next/link";
import { LocalDateTime } from "@/components/ui/local-date-time-client";
import type { AppealAccount } from "@/lib/server/appeals/appeal-account";

/** Staff, on an appeal or recovery ticket: the account it was opened on, its ban now and its ban history. */
export function AppealAccountPanel({ account }: { account: AppealAccount }) {
  return (
    <section aria-labelledby="appeal-account-heading" className="space-y-3" data-testid="appeal-account">
      <h2 id="appeal-account-heading" className="text-lg text-gold">
        Account
      </h2>
      <p>
        <Link href={`/staff/players/${account.userId}`} className="font-semibold">
          {account.username}
        </Link>{" "}
        <span className="text-sm text-stone-400">(sent from the appeal page without signing in)</span>
      </p>
      <dl className="space-y-2 text-sm">
        <div>
          <dt className="text-stone-400">Ban</dt>
          <dd>
            {account.banned ? (
              <>
                Banned
                {account.bannedUntil ? (
                  <>
                    {" "}
                    until <LocalDateTime value={account.bannedUntil} long />
                  </>
                ) : (
                  " permanently"
                )}
                : {account.banReason ?? "no reason given"}
              </>
            ) : (
              "Not banned"
            )}
          </dd>
        </div>
        <div>
          <dt className="text-stone-400">Two-factor</dt>
          <dd>{account.twoFactor ? "On" : "Off"}</dd>
        </div>
      </dl>
      <h3 className="text-sm font-semibold text-stone-300">Ban history</h3>
      {account.history.length ? (
        <ol className="space-y-2 text-sm">
          {account.history.map((h, i) => (
            <li key={i}>
              <span className="font-semibold">{h.action === "banned" ? "Banned" : "Unbanned"}</span> <LocalDateTime value={h.at} long />
              {h.by ? ` by ${h.by}` : ""}: {h.reason ?? "no reason given"}
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-stone-400">No bans recorded.</p>
      )}
    </section>
  );
}
