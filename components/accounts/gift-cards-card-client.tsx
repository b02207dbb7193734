"use client";

import { useState } from "react";
import { useApiGet } from "@/components/api/use-api-get";
import { ClientForm } from "@/components/forms/form-client";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { Panel } from "@/components/ui/panel";
import * as endpoints from "@/lib/client/endpoints";
import type { TGiftCardRedeemed, TMyGiftCard } from "@/lib/schemas/gift-cards";

const fmt = (n: number) => n.toLocaleString("en-US");
const STATE_LABEL: Record<TMyGiftCard["status"], string> = { ACTIVE: "Unused", EXPIRED: "Expired", REDEEMED: "Redeemed", VOIDED: "Voided" };
const day = (iso: string) => new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

/**
 * The account page's gift cards (docs/gift-cards.md): redeem a code into the balance (the
 * server's reason under the field when it is refused: unknown, expired, voided or already
 * redeemed), and the cards this player bought, with the code while it is unused.
 */
export function GiftCardsCard({ onRedeemed }: { onRedeemed?: () => void }) {
  const [code, setCode] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const mine = useApiGet(endpoints.myGiftCards, {}, { signedIn: "/account" });
  const form = useApiForm<{ code: string }, TGiftCardRedeemed>({
    endpoint: endpoints.redeemGiftCard,
    required: ["code"],
    fields: ["code"],
    onSuccess: (r) => {
      setCode("");
      setDone(`Added ${fmt(r.credits)} credits. Your balance is now ${fmt(r.balance)} credits.`);
      mine.retry();
      onRedeemed?.();
    },
  });
  const cards = mine.res?.ok ? mine.res.data.results : null;
  return (
    <Panel aria-labelledby="gift-cards-heading">
      <h2 id="gift-cards-heading" className="text-2xl text-gold">
        Gift cards
      </h2>
      <ClientForm
        noValidate
        className="mt-4 space-y-4"
        aria-busy={form.busy}
        onSubmit={(e) => {
          setDone(null);
          return form.submit({ code }, e);
        }}
      >
        <Field
          id="gift-card-code"
          label="Redeem a gift card"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          required
          placeholder="XXXX-XXXX-XXXX-XXXX"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          errors={form.fieldErrors.code}
          hint="The 16 letters and digits on the card; dashes and spaces are optional."
        />
        <LiveAlert tone={form.formError && !form.fieldErrors.code ? "error" : "success"}>
          {form.formError && !form.fieldErrors.code ? form.formError : done}
        </LiveAlert>
        <button type="submit" className="btn btn-gold" disabled={form.busy}>
          {form.busy ? "Redeeming..." : "Redeem"}
        </button>
      </ClientForm>
      {cards && cards.length ? (
        <div className="mt-6">
          <h3 className="text-xl text-gold">Gift cards you bought</h3>
          <ul className="mt-2 space-y-2">
            {cards.map((c) => (
              <li key={c.id} className="rounded border-2 border-stone-700 p-3">
                <p className="font-semibold text-stone-100">
                  {fmt(c.credits)} credits · {STATE_LABEL[c.status]}
                  {c.expiresAt && c.status === "ACTIVE" ? ` until ${day(c.expiresAt)}` : ""}
                </p>
                <p className="mt-1 break-all font-mono text-stone-200">{c.code ?? `••••-••••-••••-${c.codeLast4}`}</p>
                <p className="text-sm text-stone-300">Bought {day(c.createdAt)}</p>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Panel>
  );
}
