"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useApiGet } from "@/components/api/use-api-get";
import { PaymentModal } from "@/components/credits/payment-modal-client";
import type { CreditCheckout, CreditPackage } from "@/components/store/contract";
import { LiveAlert } from "@/components/ui/alert";
import { api, failureFrom } from "@/lib/client/api";
import * as endpoints from "@/lib/client/endpoints";
import type { TResumeResult } from "@/lib/schemas/orders";

/**
 * An unpaid checkout's two buttons: Resume payment reopens the provider session it was made with
 * (the same payment modal as /credits), Cancel closes it. The server decides whether either is
 * still possible; the page is refreshed after a cancel.
 */
export function CheckoutActions({ number, canResume, canCancel, balance }: { number: string; canResume: boolean; canCancel: boolean; balance: number }) {
  const router = useRouter();
  const [busy, setBusy] = useState<"resume" | "cancel" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [resumed, setResumed] = useState<TResumeResult | null>(null);
  const configGet = useApiGet(endpoints.paymentsConfig, {});
  const config = configGet.res?.ok ? configGet.res.data : null;

  async function resume() {
    setBusy("resume");
    setError(null);
    const res = await api(endpoints.resumeCheckout, { params: { number } });
    setBusy(null);
    if (!res.ok) return setError(failureFrom(res).formError ?? "We could not reopen this checkout.");
    const r = res.data;
    if (r.method === "coinbase" && r.hosted_url && !r.test_checkout) window.open(r.hosted_url, "_blank", "noopener,noreferrer");
    setResumed(r);
  }

  async function cancel() {
    setBusy("cancel");
    setError(null);
    const res = await api(endpoints.cancelCheckout, { params: { number } });
    setBusy(null);
    if (!res.ok) setError(failureFrom(res).formError ?? "We could not cancel this checkout.");
    router.refresh();
  }

  const pkg: CreditPackage | undefined = resumed
    ? {
        id: 0,
        credits: resumed.package.credits,
        bonusCredits: resumed.package.bonusCredits,
        price: resumed.package.price,
        imageUrl: "",
        amount: resumed.package.credits,
        bonus_amount: resumed.package.bonusCredits,
        // Not shown by the payment modal, which only completes the provider's session.
        gift_card: false,
      }
    : undefined;
  const checkout: CreditCheckout | undefined = resumed
    ? {
        purchase_id: resumed.purchase_id,
        test_checkout: resumed.test_checkout,
        ...(resumed.client_secret ? { client_secret: resumed.client_secret } : {}),
        ...(resumed.order_id ? { order_id: resumed.order_id } : {}),
        ...(resumed.hosted_url ? { hosted_url: resumed.hosted_url } : {}),
      }
    : undefined;

  return (
    <>
      {canResume ? (
        <button type="button" className="btn btn-gold min-h-11" disabled={busy !== null} aria-busy={busy === "resume"} onClick={() => void resume()}>
          {busy === "resume" ? "Reopening..." : "Resume payment"}
          <span className="sr-only"> for order {number}</span>
        </button>
      ) : null}
      {canCancel ? (
        <button type="button" className="btn btn-stone min-h-11" disabled={busy !== null} aria-busy={busy === "cancel"} onClick={() => void cancel()}>
          {busy === "cancel" ? "Cancelling..." : "Cancel order"}
          <span className="sr-only"> {number}</span>
        </button>
      ) : null}
      <LiveAlert tone="error">{error}</LiveAlert>
      {resumed && checkout ? (
        <PaymentModal
          method={resumed.method}
          pkg={pkg}
          balance={balance}
          deliverInGame={resumed.deliver_in_game}
          config={config}
          resumed={checkout}
          onClose={() => setResumed(null)}
        />
      ) : null}
    </>
  );
}
