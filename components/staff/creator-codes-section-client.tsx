"use client";

import { useState } from "react";
import { ClientForm } from "@/components/forms/form-client";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { ResponsiveTable } from "@/components/ui/responsive-table";
import { api, failureFrom } from "@/lib/client/api";
import * as endpoints from "@/lib/client/endpoints";
import type { TCreatorPayout, TStaffCreatorCode } from "@/lib/schemas/creator-codes";
import { numberOrAbsent } from "./form-controls";

// Creator codes in the store editor (docs/store.md, "Creator codes"): make a code for a player, pause
// or resume it, and mark its payable shares paid once the money was sent outside the site. Every
// change is written to the audit log.

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

type Values = { code: string; username: string; bonusPercent: string; sharePercent: string };
const EMPTY: Values = { code: "", username: "", bonusPercent: "", sharePercent: "" };

function CreateForm({ onCreated }: { onCreated: (c: TStaffCreatorCode) => void }) {
  const [v, setV] = useState<Values>(EMPTY);
  const form = useApiForm<Values, TStaffCreatorCode>({
    endpoint: endpoints.createCreatorCode,
    required: ["code", "username", "bonusPercent", "sharePercent"],
    fields: ["code", "username", "bonusPercent", "sharePercent"],
    prepare: (x) => ({ code: x.code, username: x.username, bonusPercent: numberOrAbsent(x.bonusPercent), sharePercent: numberOrAbsent(x.sharePercent) }),
    onSuccess: (c) => {
      setV(EMPTY);
      onCreated(c);
    },
  });
  const e = form.fieldErrors;
  const set = (k: keyof Values) => (ev: { target: { value: string } }) => setV((o) => ({ ...o, [k]: ev.target.value }));
  return (
    <ClientForm noValidate className="max-w-2xl space-y-4" aria-busy={form.busy} onSubmit={(ev) => form.submit(v, ev)} aria-label="New creator code">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="creator-code" label="Code" required value={v.code} onChange={set("code")} errors={e.code} hint="3–32 letters, digits, - or _; any case." />
        <Field id="creator-username" label="Creator's username" required value={v.username} onChange={set("username")} errors={e.username} />
        <Field
          id="creator-bonus"
          label="Buyer's bonus (%)"
          inputMode="numeric"
          required
          value={v.bonusPercent}
          onChange={set("bonusPercent")}
          errors={e.bonusPercent}
          hint="Percent of the package's credits, given as bonus credits."
        />
        <Field
          id="creator-share"
          label="Creator's share (%)"
          inputMode="numeric"
          required
          value={v.sharePercent}
          onChange={set("sharePercent")}
          errors={e.sharePercent}
          hint="Percent of what the buyer paid after discounts."
        />
      </div>
      <LiveAlert tone="error">{form.formError}</LiveAlert>
      <button type="submit" className="btn btn-gold" disabled={form.busy}>
        {form.busy ? "Creating..." : "Create creator code"}
      </button>
    </ClientForm>
  );
}

function PayForm({ code, onPaid, onCancel }: { code: TStaffCreatorCode; onPaid: (p: TCreatorPayout) => void; onCancel: () => void }) {
  const [reference, setReference] = useState("");
  const form = useApiForm<{ reference: string }, TCreatorPayout>({
    endpoint: endpoints.payCreatorCode,
    params: () => ({ id: code.id }),
    required: ["reference"],
    fields: ["reference"],
    prepare: (x) => ({ reference: x.reference.trim() }),
    onSuccess: onPaid,
  });
  return (
    <ClientForm
      noValidate
      className="max-w-xl space-y-3 rounded border-2 border-gold p-4"
      aria-busy={form.busy}
      aria-label={`Pay creator code ${code.code}`}
      onSubmit={(ev) => form.submit({ reference }, ev)}
    >
      <p className="text-stone-100">
        Mark the payable shares of <strong className="text-gold">{code.code}</strong> ({code.username}) paid: {usd(code.payableCents)}
        {code.reversedCents > 0 ? `, minus ${usd(code.reversedCents)} reversed since the last payout` : ""}. Send the money first; this only records it.
      </p>
      <Field
        id="creator-pay-reference"
        label="Reference"
        required
        maxLength={200}
        value={reference}
        onChange={(ev) => setReference(ev.target.value)}
        errors={form.fieldErrors.reference}
        hint="Where the money went: a transfer id or an invoice."
      />
      <LiveAlert tone="error">{form.formError}</LiveAlert>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-gold" disabled={form.busy}>
          {form.busy ? "Saving..." : "Mark paid"}
        </button>
        <button type="button" className="btn btn-stone" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </ClientForm>
  );
}

export function CreatorCodesSection({ codes, onChange }: { codes: TStaffCreatorCode[]; onChange: (list: TStaffCreatorCode[]) => void }) {
  const [paying, setPaying] = useState<TStaffCreatorCode | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const replace = (c: TStaffCreatorCode) => onChange(codes.map((x) => (x.id === c.id ? c : x)));

  async function toggle(c: TStaffCreatorCode) {
    setProblem(null);
    const res = await api(endpoints.updateCreatorCode, { params: { id: c.id }, body: { active: !c.active } });
    if (res.ok) {
      replace(res.data);
      setMessage(`${res.data.code} is ${res.data.active ? "active" : "paused"}.`);
    } else setProblem(failureFrom(res).formError ?? "The change was not saved.");
  }

  async function reload() {
    const res = await api(endpoints.listCreatorCodes, {});
    if (res.ok) onChange(res.data.results);
  }

  return (
    <div className="space-y-6">
      <p className="text-stone-300">
        A creator code gives its buyer bonus credits on a credit package and its creator a share of what was paid, in US dollars. A share is held for refunds
        and chargebacks before it is payable; pay creators outside the site, then mark the payable shares paid here.
      </p>
      <CreateForm
        onCreated={(c) => {
          onChange([c, ...codes]);
          setMessage(`Creator code ${c.code} created for ${c.username}.`);
        }}
      />
      <LiveAlert tone="success">{message}</LiveAlert>
      <LiveAlert tone="error">{problem}</LiveAlert>
      {codes.length === 0 ? (
        <p className="rounded border border-dashed border-stone-700 p-4 text-stone-300">No creator codes yet.</p>
      ) : (
        <ResponsiveTable
          caption="Creator codes, newest first"
          columns={[
            { label: "Code" },
            { label: "Creator" },
            { label: "Bonus / share" },
            { label: "Uses", numeric: true },
            { label: "Revenue", numeric: true },
            { label: "Pending", numeric: true },
            { label: "Payable", numeric: true },
            { label: "Paid", numeric: true },
            { label: "Status" },
            { label: "Actions", hideLabel: true },
          ]}
          rowHeader={0}
          wide="xl"
          rows={codes.map((c) => ({
            key: c.id,
            cells: [
              c.code,
              c.username,
              `${c.bonusPercent}% / ${c.sharePercent}%`,
              c.uses.toLocaleString("en-US"),
              usd(c.revenueCents),
              usd(c.pendingCents),
              usd(c.payableCents),
              `${usd(c.paidCents)}${c.reversedCents > 0 ? ` (${usd(c.reversedCents)} reversed)` : ""}`,
              c.active ? "Active" : "Paused",
              <div key="a" className="flex flex-wrap gap-2">
                <button type="button" className="btn btn-stone" onClick={() => toggle(c)}>
                  {c.active ? "Pause" : "Resume"}
                  <span className="sr-only"> {c.code}</span>
                </button>
                <button type="button" className="btn btn-gold" onClick={() => (setMessage(null), setPaying(c))} disabled={c.payableCents === 0}>
                  Pay<span className="sr-only"> {c.code}</span>
                </button>
              </div>,
            ],
          }))}
        />
      )}
      {paying ? (
        <PayForm
          key={paying.id}
          code={paying}
          onCancel={() => setPaying(null)}
          onPaid={(p) => {
            setPaying(null);
            setMessage(`Payout #${p.id} of ${usd(p.amountCents)} for ${p.code} recorded (${p.sharesPaid} shares).`);
            void reload();
          }}
        />
      ) : null}
    </div>
  );
}
