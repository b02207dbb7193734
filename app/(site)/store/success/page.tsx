import type { Metadata } from "next";
import Link from "next/link";
import { ButtonLink } from "@/components/ui/button-link";
import { Panel } from "@/components/ui/panel";
import { requireUser } from "@/lib/server/sessions/guards";

export const metadata: Metadata = { title: "Order Complete" };
export const dynamic = "force-dynamic";

/** docs/product.md §2 Order complete: where a store or credit purchase ends. */
export default async function OrderCompletePage() {
  await requireUser("/store/success", { storeSession: true });
  return (
    <div className="mx-auto max-w-2xl">
      <Panel className="space-y-4 text-center">
        <h1 className="text-3xl text-gold sm:text-4xl">Order Complete</h1>
        <p>Thank you for supporting the server! Your order has been received.</p>
        <p>
          Log in to the game and talk to the donation manager at home to claim your purchase. Credits bought with a card or PayPal are added to your balance as
          soon as the payment is confirmed; crypto payments usually take 5 to 10 minutes.
        </p>
        <p>
          Something missing or wrong? <Link href="/tickets/create">Open a support ticket</Link> and we will sort it out.
        </p>
        <ButtonLink href="/store">Return to Store</ButtonLink>
      </Panel>
    </div>
  );
}
