/**
 * A news post's picture: an http(s) address or a path on this site (checked when it was saved).
 * Decorative beside the title, so it has no text of its own. Lazy unless `eager` (a picture in
 * view at load, which a lazy load would only delay).
 */
export function NewsImage({ src, className = "", eager = false }: { src: string; className?: string; eager?: boolean }) {
  return (
    // Any https host may serve it (next/image would need each host configured in advance).
    // eslint-disable-next-line @next/next/no-img-element
    <img
      src={src}
      alt=""
      width={320}
      height={180}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      className={`aspect-video w-full rounded border-2 border-stone-700 bg-stone-850 object-cover ${className}`}
    />
  );
}
