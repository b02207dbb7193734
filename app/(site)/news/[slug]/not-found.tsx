import { BackLink } from "@/components/ui/back-link";
import { NEWS_NOT_FOUND } from "@/lib/schemas/news";

/** A news slug that does not exist or is hidden (docs/product.md §2 News post: 'Oops! News archive post not found!'), answered 404. */
export default function NewsPostNotFound() {
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink href="/news">Back to the news archive</BackLink>
      <h1 className="text-3xl text-gold sm:text-4xl">{NEWS_NOT_FOUND}</h1>
      <p className="mt-3 text-stone-300">It may have been removed, or the address is mistyped. Every post is listed in the archive by month.</p>
    </div>
  );
}
