"use client";

import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { type Stripe, loadStripe } from "@stripe/stripe-js";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Field } from "@/components/ui/field";
import { LiveAlert } from "@/components/ui/alert";
import { REQUIRED } from "@/lib/schemas/api";
import type { EnsureResult } from "./payment-modal-client";
import { ClientForm } from "@/components/forms/form-client";

// One Stripe.js per key for the page's life (loadStripe adds the script once). A script that
// cannot load (blocked, offline) resolves to null so the form can say so.
const stripes = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  let s = stripes.get(key);
  if (!s) stripes.set(key, (s = loadStripe(key).catch(() => null)));
  return s;
};

export const CARD_FORM_UNAVAILABLE = "The card form could not be loaded. Check that nothing blocks js.stripe.com, or choose another payment method.";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Props = { publishableKey: string; ensureCheckout: () => Promise<EnsureResult>; onPaid: () => void };

/** docs/product.md §5: Stripe Elements card form with full name and email (both required). */
export function StripeCardForm(props: Props) {
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let live = true;
    void stripeFor(props.publishableKey).then((s) => {
      if (live && !s) setUnavailable(true);
    });
    return () => {
      live = false;
    };
  }, [props.publishableKey]);
  if (unavailable) return <LiveAlert tone="error">{CARD_FORM_UNAVAILABLE}</LiveAlert>;
  return (
    <Elements stripe={stripeFor(props.publishableKey)}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ ensureCheckout, onPaid }: Props) {
  const stripe = useStripe();
  const elements = useElements();
  const id = useId();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<{ name?: string[]; email?: string[] }>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy || !stripe || !elements) return;
    const found: typeof errors = {};
    if (!name.trim()) found.name = [REQUIRED];
    if (!email.trim()) found.email = [REQUIRED];
    else if (!EMAIL.test(email.trim())) found.email = ["Enter a valid email address."];
    setErrors(found);
    if (found.name || found.email) return;
    const card = elements.getElement(CardElement);
    if (!card) return;

    setBusy(true);
    setMessage(null);
    const r = await ensureCheckout();
    if (!r.ok) {
      setBusy(false);
      return setMessage(r.message);
    }
    // The modal shows the test checkout instead when the server chose it.
    if (r.checkout.test_checkout) return setBusy(false);
    if (!r.checkout.client_secret) {
      setBusy(false);
      return setMessage("The card checkout could not be started. Please report this to a staff member for help.");
    }
    const result = await stripe.confirmCardPayment(r.checkout.client_secret, {
      payment_method: { card, billing_details: { name: name.trim(), email: email.trim() } },
    });
    if (result.error) {
      setBusy(false);
      // Stripe's own text says what went wrong with the card (docs/product.md §4).
      return setMessage(result.error.message ?? "Your card payment did not go through.");
    }
    // Credits arrive with Stripe's verified webhook, never from here.
    onPaid();
  }

  return (
    <ClientForm onSubmit={(e) => void submit(e)} noValidate aria-busy={busy} className="space-y-3">
      <Field
        id={`${id}-name`}
        label="Full name"
        autoComplete="name"
        required
        value={name}
        onChange={(e) => setName(e.target.value)}
        errors={errors.name}
        data-autofocus
      />
      <Field
        id={`${id}-email`}
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        errors={errors.email}
      />
      <div>
        <span id={`${id}-card`} className="mb-1 block font-semibold text-stone-100">
          Card
        </span>
        <div role="group" aria-labelledby={`${id}-card`} className="rounded border-2 border-stone-700 bg-stone-950 px-3 py-3">
          <CardElement
            options={{
              hidePostalCode: false,
              style: { base: { color: "#f5f5f4", fontSize: "16px", "::placeholder": { color: "#78716c" } }, invalid: { color: "#fca5a5" } },
            }}
          />
        </div>
      </div>
      <LiveAlert tone="error">{message}</LiveAlert>
      <button type="submit" className="btn btn-gold w-full" disabled={busy || !stripe}>
        {busy ? "Paying..." : "Pay"}
      </button>
    </ClientForm>
  );
}
