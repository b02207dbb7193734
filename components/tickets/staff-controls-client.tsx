"use client";

import { useRouter } from "next/navigation";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import * as endpoints from "@/lib/client/endpoints";
import { ClientForm } from "@/components/forms/form-client";

/**
 * docs/product.md §2/§4 Staff Controls: Close an open ticket, Open a closed one. The screen changes only on
 * a 200 (the page is re-read from the server then); any other answer shows its error.
 */
export function StaffControls({ ticketId, closed }: { ticketId: number; closed: boolean }) {
  const router = useRouter();
  const form = useApiForm<{ closed: boolean }>({
    endpoint: endpoints.updateTicket,
    params: () => ({ id: ticketId }),
    isSuccess: (res) => res.status === 200,
    onSuccess: () => router.refresh(),
  });
  return (
    <ClientForm noValidate onSubmit={(e) => form.submit({ closed: !closed }, e)} className="space-y-3" aria-labelledby="staff-controls-heading">
      <h2 id="staff-controls-heading" className="text-xl text-gold">
        Staff Controls
      </h2>
      <button type="submit" className={`btn ${closed ? "btn-gold" : "btn-ember"} w-full`} disabled={form.busy}>
        {form.busy ? "Saving..." : closed ? "Open" : "Close"}
      </button>
      <LiveAlert tone="error">{form.formError}</LiveAlert>
    </ClientForm>
  );
}
