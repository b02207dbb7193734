import type { TPriceLine } from "@/lib/schemas/store";

// The price lines of the pipeline (docs/store.md), in the order they were applied: base, sale,
// coupon, creator bonus (bonus credits: the price does not change), total. The same component for
// credits and US cents.

export function formatAmount(amount: number, unit: "credits" | "cents"): string {
  const sign = amount < 0 ? "−" : "";
  const abs = Math.abs(amount);
  return unit === "credits" ? `${sign}${abs.toLocaleString("en-US")} credits` : `${sign}$${(abs / 100).toFixed(2)}`;
}

export function PriceLines({ lines, unit }: { lines: readonly TPriceLine[]; unit: "credits" | "cents" }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" data-testid="price-lines">
      {lines.map((l) => (
        <div key={l.step} className={`contents ${l.step === "total" ? "font-bold" : ""}`} data-step={l.step}>
          <dt className={l.step === "total" ? "border-t border-stone-700 pt-1 text-stone-100" : "text-stone-300"}>{l.label}</dt>
          <dd
            className={`text-right tabular-nums ${l.step === "total" ? "border-t border-stone-700 pt-1 text-gold" : l.amount < 0 || l.step === "creator_bonus" ? "text-emerald-300" : ""}`}
          >
            {l.step === "creator_bonus" ? `+${(l.bonus_credits ?? 0).toLocaleString("en-US")} credits` : formatAmount(l.amount, unit)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
