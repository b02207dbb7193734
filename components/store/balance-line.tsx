import Link from "next/link";
import { buyCreditsLabel } from "./store-query";

/** docs/product.md §2 Store: the credit balance with its link to /credits (null: still loading). */
export function BalanceLine({ balance }: { balance: number | null }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-lg" data-testid="store-balance" aria-busy={balance === null}>
      <span>
        Your balance:{" "}
        {balance === null ? (
          <span className="inline-block h-5 w-12 animate-pulse rounded bg-stone-800 align-middle">
            <span className="sr-only">loading</span>
          </span>
        ) : (
          <strong className="text-gold" data-testid="store-balance-amount">
            {balance.toLocaleString("en-US")}
          </strong>
        )}{" "}
        credits
      </span>
      <Link href="/credits" className="font-semibold">
        {buyCreditsLabel(balance ?? 0)}
      </Link>
    </p>
  );
}
