import { saleLabel } from "@/lib/store/sale";
import type { StoreProduct } from "./contract";
import { SaleCountdown } from "./sale-countdown-client";

/** The price in force: the server's sale price while a sale runs. */
export const pricePaid = (p: StoreProduct) => p.sale_price ?? p.price;

/** Price with the struck-through list price during a sale. */
export function ProductPrice({ product }: { product: StoreProduct }) {
  const onSale = product.sale_price !== null && product.sale_price !== product.price;
  return (
    <span className="inline-flex flex-wrap items-baseline gap-2">
      {onSale ? (
        <del className="text-sm text-stone-400">
          <span className="sr-only">was </span>
          {product.price.toLocaleString("en-US")}
        </del>
      ) : null}
      <span className="font-bold text-gold">
        {onSale ? <span className="sr-only">now </span> : null}
        {pricePaid(product).toLocaleString("en-US")} credits
      </span>
    </span>
  );
}

/** One product in the grid: a button that opens the details modal. */
export function ProductCard({ product, onOpen }: { product: StoreProduct; onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-haspopup="dialog"
      className="panel relative flex h-full w-full flex-col items-center gap-2 p-4 text-center hover:border-gold focus-visible:border-gold"
      data-testid="product-card"
    >
      {product.sale ? (
        <span className="absolute top-2 right-2 rounded bg-ember-dark px-2 py-0.5 text-xs font-bold text-white" data-testid="sale-badge">
          {product.sale_percent !== null ? `${product.sale_percent}% OFF` : saleLabel(product.sale)}
        </span>
      ) : null}
      {/* Staff-entered URLs on any host: a plain img, no Next image optimisation. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={product.image_href} alt="" width={96} height={96} className="size-24 object-contain" loading="lazy" />
      <span className="text-lg font-semibold text-stone-100">{product.name}</span>
      <ProductPrice product={product} />
      {product.sale_ends_at ? <SaleCountdown endsAt={product.sale_ends_at} /> : null}
    </button>
  );
}
