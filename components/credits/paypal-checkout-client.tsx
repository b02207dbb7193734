"use client";

import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from "@paypal/react-paypal-js";
import { useState } from "react";
import { LiveAlert } from "@/components/ui/alert";
import { api, failureFrom } from "@/lib/client/api";
import * as endpoints from "@/lib/client/endpoints";
import type { EnsureResult } from "./payment-modal-client";

type Props = { clientId: string; nonce?: string; ensureCheckout: () => Promise<EnsureResult>; onPaid: () => void };

/** PayPal buttons: the order comes from our purchase endpoint, approval is captured by our server. */
export function PayPalCheckout({ clientId, nonce, ensureCheckout, onPaid }: Props) {
  const [message, setMessage] = useState<string | null>(null);
  return (
    <PayPalScriptProvider options={{ clientId, currency: "USD", intent: "capture", ...(nonce ? { dataCspNonce: nonce } : {}) }}>
      <PayPalButtons
        style={{ layout: "vertical" }}
        createOrder={async () => {
          setMessage(null);
          const r = await ensureCheckout();
          if (!r.ok) {
            setMessage(r.message);
            throw new Error(r.message);
          }
          if (!r.checkout.order_id) throw new Error("no PayPal order");
          return r.checkout.order_id;
        }}
        onApprove={async (data) => {
          const res = await api(endpoints.paypalCapture, { body: { order_id: data.orderID } });
          // Credits come from the capture (or its webhook) on the server; here only where to go.
          if (res.ok) return onPaid();
          setMessage(failureFrom(res).formError ?? null);
        }}
        onError={() => setMessage((m) => m ?? "PayPal could not complete the payment. Please try again.")}
      />
      <ScriptProblem />
      <LiveAlert tone="error">{message}</LiveAlert>
    </PayPalScriptProvider>
  );
}

/** PayPal's script could not load (blocked, offline): say so instead of an empty box. */
function ScriptProblem() {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  if (isPending) return <p role="status">Loading PayPal...</p>;
  return isRejected ? (
    <LiveAlert tone="error">PayPal could not be loaded. Check that nothing blocks paypal.com, or choose another payment method.</LiveAlert>
  ) : null;
}
