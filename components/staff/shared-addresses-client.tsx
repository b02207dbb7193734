"use client";

import Link from "next/link";
import { useState } from "react";
import { ClientForm } from "@/components/forms/form-client";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { LocalDateTime } from "@/components/ui/local-date-time-client";
import * as endpoints from "@/lib/client/endpoints";
import { SHARED_ADDRESS_PERIODS, type TSharedAddresses } from "@/lib/schemas/staff-players";
import { SelectField } from "./form-controls";
import { StaffBadge } from "./staff-badge";

type Values = { days: string };

/**
 * "Which other accounts used this player's addresses?" over 7, 30 or 90 days: a button, not a
 * page load, because each look-up is written to the audit log (POST …/shared-addresses).
 */
export function SharedAddresses({ playerId }: { playerId: number }) {
  const [days, setDays] = useState("30");
  const [found, setFound] = useState<TSharedAddresses | null>(null);
  const form = useApiForm<Values, TSharedAddresses>({
    endpoint: endpoints.sharedAddresses,
    params: () => ({ id: playerId }),
    fields: ["days"],
    prepare: (v) => ({ days: Number(v.days) }),
    isSuccess: (res) => res.status === 200,
    onSuccess: (data) => setFound(data),
  });
  return (
    <div className="space-y-4" data-testid="shared-addresses">
      <ClientForm noValidate onSubmit={(e) => void form.submit({ days }, e)} className="flex flex-wrap items-end gap-3">
        <div className="w-40">
          <SelectField id="shared-days" label="Period" value={days} onChange={(e) => setDays(e.target.value)} errors={form.fieldErrors.days}>
            {SHARED_ADDRESS_PERIODS.map((d) => (
              <option key={d} value={d}>
                Last {d} days
              </option>
            ))}
          </SelectField>
        </div>
        <button type="submit" className="btn btn-gold" disabled={form.busy}>
          {form.busy ? "Looking..." : "Look up accounts"}
        </button>
      </ClientForm>
      <p className="text-sm text-stone-400">Addresses of the player&apos;s browser sessions and API logins. Each look-up is recorded in the audit log.</p>
      <LiveAlert tone="error">{form.formError}</LiveAlert>
      {found ? (
        <div role="status" aria-live="polite">
          <p className="mb-2 text-stone-200">
            {found.addresses === 0
              ? `No addresses recorded for this player in the last ${found.days} days.`
              : `${found.addresses} ${found.addresses === 1 ? "address" : "addresses"} in the last ${found.days} days; ${
                  found.accounts.length === 0
                    ? "no other account used them."
                    : `${found.accounts.length} other ${found.accounts.length === 1 ? "account" : "accounts"}:`
                }`}
          </p>
          {found.accounts.length ? (
            <ul className="space-y-2" aria-label="Accounts on the same addresses">
              {found.accounts.map((a) => (
                <li key={a.id} className="rounded border-2 border-stone-700 p-3" data-testid="shared-account">
                  <p className="flex flex-wrap items-center gap-2">
                    <Link href={`/staff/players/${a.id}`} className="font-bold">
                      {a.username}
                    </Link>
                    {a.privilege !== "PLAYER" ? <StaffBadge tone="wait">{a.privilege.toLowerCase()}</StaffBadge> : null}
                    {a.banned ? <StaffBadge tone="bad">Banned</StaffBadge> : null}
                  </p>
                  <p className="text-sm break-all text-stone-300">{a.addresses.join(", ")}</p>
                  <p className="text-sm text-stone-400">
                    Last seen on one of them <LocalDateTime value={a.lastSeenAt} long />
                  </p>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
