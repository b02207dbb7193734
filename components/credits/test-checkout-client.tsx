"use client";

import { useRef, useState } from "react";
import { LiveAlert } from "@/components/ui/alert";
import { api, failureFrom } from "@/lib/client/api";
import * as endpoints from "@/lib/client/endpoints";
import { TEST_CHECKOUT_LABEL } from "./checkout-text";

/**
 * Local mode only (docs/deployment.md): completes the purchase through the server's test checkout,
 * which sends a correctly signed provider webhook through the real webhook path.
 */
export function TestCheckout({ purchaseId, onPaid }: { purchaseId: number; onPaid: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sending = useRef(false);

  async function pay() {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setError(null);
    const res = await api(endpoints.testCheckout, { body: { purchase_id: purchaseId } });
    if (res.ok) return onPaid(); // stays busy: leaving the page
    sending.current = false;
    setBusy(false);
    setError(failureFrom(res).formError ?? null);
  }

  return (
    <section aria-labelledby="test-checkout-heading" className="space-y-3 rounded border-2 border-dashed border-gold p-3" data-testid="test-checkout">
      <h3 id="test-checkout-heading" className="font-bold text-gold">
        {TEST_CHECKOUT_LABEL}
      </h3>
      <p className="text-sm text-stone-300">
        No payment provider is configured on this server. Paying here marks the purchase as paid, as a real payment would.
      </p>
      <button type="button" className="btn btn-gold w-full" autoFocus disabled={busy} aria-busy={busy} onClick={() => void pay()}>
        {busy ? "Paying..." : "Pay"}
      </button>
      <LiveAlert tone="error">{error}</LiveAlert>
    </section>
  );
}
