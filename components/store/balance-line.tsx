import Link from "next/link";
import { buyCreditsLabel } from "./store-query";

/** Spec §2 Store: the credit balance with its link to /credits. */
export function BalanceLine({ balance }: { balance: number }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-lg" data-testid="store-balance">
      <span>
        Your balance: <strong className="text-gold" data-testid="store-balance-amount">{balance.toLocaleString("en-US")}</strong> credits
      </span>
      <Link href="/credits" className="font-semibold">
        {buyCreditsLabel(balance)}
      </Link>
    </p>
  );
}
