import { inputClass } from "@/components/ui/field";

/** The forum search box: a plain GET form to /forums/search, so it works without scripts. */
export function ForumSearchForm({ q = "", id = "forum-search" }: { q?: string; id?: string }) {
  return (
    <form method="get" action="/forums/search" role="search" aria-label="Forums" className="flex w-full max-w-xl flex-wrap items-end gap-2">
      <div className="min-w-0 grow basis-48">
        <label htmlFor={id} className="mb-1 block font-semibold text-stone-100">
          Search the forums
        </label>
        <input id={id} type="search" name="q" defaultValue={q} maxLength={200} placeholder="Words in titles and posts" className={inputClass} />
      </div>
      <button type="submit" className="btn btn-gold">
        Search
      </button>
    </form>
  );
}
