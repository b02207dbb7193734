"use client";

import { useState } from "react";
import { ClientForm } from "@/components/forms/form-client";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { ResponsiveTable } from "@/components/ui/responsive-table";
import * as endpoints from "@/lib/client/endpoints";
import type { TGiftCardIssued, TStaffGiftCard } from "@/lib/schemas/gift-cards";
import { numberOrAbsent, TextAreaField } from "./form-controls";
import { StaffActionDialog } from "./staff-action-dialog-client";

// Gift cards in the store editor (docs/gift-cards.md): issue one with a reason (its code is shown
// here once: only its hash is stored), see the latest ones and void an unused one with a reason.

const fmt = (n: number) => n.toLocaleString("en-US");
const STATE: Record<TStaffGiftCard["status"], string> = { ACTIVE: "Unused", EXPIRED: "Expired", REDEEMED: "Redeemed", VOIDED: "Voided" };
const when = (iso: string | null) => (iso ? new Date(iso).toISOString().slice(0, 16).replace("T", " ") + " UTC" : "never");

type Values = { credits: string; expiresAt: string; reason: string };

function IssueForm({ onIssued }: { onIssued: (r: TGiftCardIssued) => void }) {
  const [v, setV] = useState<Values>({ credits: "", expiresAt: "", reason: "" });
  const form = useApiForm<Values, TGiftCardIssued>({
    endpoint: endpoints.staffIssueGiftCard,
    required: ["credits", "reason"],
    fields: ["credits", "expiresAt", "reason"],
    // datetime-local has no zone: the staff member's own, sent as an instant.
    prepare: (x) => ({ credits: numberOrAbsent(x.credits), reason: x.reason, expiresAt: x.expiresAt ? new Date(x.expiresAt).toISOString() : null }),
    onSuccess: (r) => {
      setV({ credits: "", expiresAt: "", reason: "" });
      onIssued(r);
    },
  });
  const e = form.fieldErrors;
  return (
    <ClientForm noValidate className="max-w-xl space-y-4" aria-busy={form.busy} onSubmit={(ev) => form.submit(v, ev)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="gift-card-credits"
          label="Credits"
          inputMode="numeric"
          required
          value={v.credits}
          onChange={(ev) => setV((o) => ({ ...o, credits: ev.target.value }))}
          errors={e.credits}
        />
        <Field
          id="gift-card-expires"
          label="Expires (optional)"
          type="datetime-local"
          value={v.expiresAt}
          onChange={(ev) => setV((o) => ({ ...o, expiresAt: ev.target.value }))}
          errors={e.expiresAt}
          hint="Your local time. Empty: never expires."
        />
      </div>
      <TextAreaField
        id="gift-card-reason"
        label="Reason"
        maxLength={500}
        required
        value={v.reason}
        onChange={(ev) => setV((o) => ({ ...o, reason: ev.target.value }))}
        errors={e.reason}
        placeholder="e.g. Prize for the December PvP tournament"
      />
      <LiveAlert tone="error">{form.formError}</LiveAlert>
      <button type="submit" className="btn btn-gold" disabled={form.busy}>
        {form.busy ? "Issuing..." : "Issue gift card"}
      </button>
    </ClientForm>
  );
}

export function GiftCardsSection({ cards, onChange }: { cards: TStaffGiftCard[]; onChange: (list: TStaffGiftCard[]) => void }) {
  const [fresh, setFresh] = useState<TGiftCardIssued | null>(null);
  const [voiding, setVoiding] = useState<TStaffGiftCard | null>(null);
  return (
    <div className="space-y-6">
      <p className="text-stone-300">
        Codes worth a number of credits, redeemed once into a player&apos;s balance. Credit packages marked as gift cards sell them for money. Every issue and
        void is written to the audit log with your reason.
      </p>
      <IssueForm
        onIssued={(r) => {
          setFresh(r);
          onChange([r.card, ...cards]);
        }}
      />
      {fresh ? (
        <div role="status" className="rounded border-2 border-gold p-4" data-testid="issued-gift-card">
          <p className="font-semibold text-stone-100">
            Gift card #{fresh.card.id} worth {fmt(fresh.card.credits)} credits. Its code, shown only now:
          </p>
          <p className="mt-2 break-all font-mono text-2xl text-gold">{fresh.code}</p>
          <p className="mt-1 text-sm text-stone-300">Copy it before leaving this page: only its last 4 characters are kept for the list below.</p>
        </div>
      ) : null}
      {cards.length === 0 ? (
        <p className="rounded border border-dashed border-stone-700 p-4 text-stone-300">No gift cards yet.</p>
      ) : (
        <ResponsiveTable
          caption="Gift cards, newest first"
          columns={[
            { label: "Card" },
            { label: "Credits", numeric: true },
            { label: "Status" },
            { label: "From" },
            { label: "Expires" },
            { label: "Actions", hideLabel: true },
          ]}
          rowHeader={0}
          wide="xl"
          rows={cards.map((c) => ({
            key: c.id,
            cells: [
              `#${c.id} ····${c.codeLast4}`,
              fmt(c.credits),
              `${STATE[c.status]}${c.redeemedBy ? ` by ${c.redeemedBy}` : ""}`,
              c.boughtBy ? `Bought by ${c.boughtBy}` : `${c.issuedBy ?? "Staff"}: ${c.reason ?? ""}`,
              when(c.expiresAt),
              c.status === "ACTIVE" || c.status === "EXPIRED" ? (
                <button key="v" type="button" className="btn btn-ember" onClick={() => setVoiding(c)}>
                  Void<span className="sr-only"> gift card #{c.id}</span>
                </button>
              ) : null,
            ],
          }))}
        />
      )}
      {voiding ? (
        <StaffActionDialog<TStaffGiftCard>
          open
          onClose={() => setVoiding(null)}
          title={`Void gift card #${voiding.id}?`}
          intro={<p>Its code stops working at once. A voided card cannot be used again.</p>}
          fieldId={`void-reason-${voiding.id}`}
          submitLabel="Void"
          endpoint={endpoints.staffVoidGiftCard}
          id={voiding.id}
          outcome={(card) => {
            onChange(cards.map((c) => (c.id === card.id ? card : c)));
            return `Gift card #${card.id} is voided.`;
          }}
          onFinished={() => setVoiding(null)}
        />
      ) : null}
    </div>
  );
}
