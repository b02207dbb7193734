"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ClientForm } from "@/components/forms/form-client";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import * as endpoints from "@/lib/client/endpoints";
import { TICKET_RATING_LABELS, TICKET_RATINGS, type TTicketRating } from "@/lib/schemas/tickets";

export const RATING_SAVED = "Thank you: your rating is saved.";

/**
 * The player's rating of their closed ticket (docs/support-desk.md). The mail's links open the
 * page with `?rate=` chosen here; only the Confirm button records it (POST), so a mail scanner
 * that follows the links changes nothing.
 */
export function RatingForm({ ticketId, current, chosen }: { ticketId: number; current: TTicketRating | null; chosen: TTicketRating | null }) {
  const router = useRouter();
  const [rating, setRating] = useState<TTicketRating | null>(chosen ?? current);
  const [saved, setSaved] = useState(false);
  const form = useApiForm<{ rating: TTicketRating | null }>({
    endpoint: endpoints.rateTicket,
    params: () => ({ id: ticketId }),
    required: ["rating"],
    fields: ["rating"],
    isSuccess: (res) => res.status === 200,
    onSuccess: () => {
      setSaved(true);
      router.refresh();
    },
  });
  return (
    <ClientForm
      noValidate
      onSubmit={(e) => {
        setSaved(false);
        void form.submit({ rating }, e);
      }}
      className="space-y-3"
      aria-labelledby="rate-heading"
    >
      <h2 id="rate-heading" className="text-xl text-gold">
        Rate this ticket
      </h2>
      <fieldset className="space-y-2" aria-describedby={form.fieldErrors.rating?.length ? "rating-errors" : undefined}>
        <legend className="mb-1 text-stone-300">
          {current ? `You rated it ${TICKET_RATING_LABELS[current].toLowerCase()}. Change it?` : "How did we do?"}
        </legend>
        <div className="flex flex-wrap gap-4">
          {TICKET_RATINGS.map((r) => (
            <label key={r} className="flex min-h-11 items-center gap-2 font-semibold text-stone-100">
              <input type="radio" name="rating" value={r} className="size-5 accent-gold" checked={rating === r} onChange={() => setRating(r)} />
              {TICKET_RATING_LABELS[r]}
            </label>
          ))}
        </div>
        {form.fieldErrors.rating?.length ? (
          <p id="rating-errors" className="text-sm text-red-300">
            {form.fieldErrors.rating.join(" ")}
          </p>
        ) : null}
      </fieldset>
      <LiveAlert tone={form.formError ? "error" : "success"}>{form.formError ?? (saved ? RATING_SAVED : undefined)}</LiveAlert>
      <button type="submit" className="btn btn-gold" disabled={form.busy}>
        {form.busy ? "Saving..." : "Confirm rating"}
      </button>
    </ClientForm>
  );
}
