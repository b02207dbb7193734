import type { TTicketAttachment } from "@/lib/schemas/ticket-attachments";

/** A message's images as thumbnails, each a link opening the full image (served to the owner and staff only). */
export function AttachmentThumbnails({ attachments }: { attachments: TTicketAttachment[] }) {
  if (!attachments.length) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-3" aria-label="Attached images">
      {attachments.map((a) => (
        <li key={a.id}>
          <a href={a.href} target="_blank" rel="noopener" className="block rounded border-2 border-stone-700 hover:border-gold focus-visible:border-gold">
            {/* eslint-disable-next-line @next/next/no-img-element -- a private image behind the session: no optimizer, no shared cache */}
            <img
              src={a.href}
              alt={`Attached image ${a.name}`}
              width={a.width}
              height={a.height}
              loading="lazy"
              className="h-24 w-auto max-w-40 object-contain"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
