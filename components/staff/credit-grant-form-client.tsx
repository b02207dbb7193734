"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import type { TCreditGrantResult } from "@/lib/schemas/staff-store";
import { numberOrAbsent, TextAreaField } from "./form-controls";
import * as endpoints from "@/lib/client/endpoints";
import { ClientForm } from "@/components/forms/form-client";

type Values = { username: string; direction: "add" | "remove"; amount: string; reason: string };
const fmt = (n: number) => n.toLocaleString("en-US");
// randomUUID needs a secure context; getRandomValues works on plain http too (a LAN address).
const newKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

/**
 * Manual credit grant or removal (OSRS gold bought through a ticket, corrections). The same
 * values sent again (a double click, a retry after a lost answer) carry the same
 * Idempotency-Key, so the server applies them once. With `username` (a player's staff page) the
 * player is fixed, and the page reads its ledger and balance again after each change.
 */
export function CreditGrantForm({ username }: { username?: string } = {}) {
  const router = useRouter();
  const [v, setV] = useState<Values>({ username: username ?? "", direction: "add", amount: "", reason: "" });
  const [done, setDone] = useState<string | null>(null);
  const attempt = useRef<{ signature: string; key: string } | null>(null);
  const set =
    <K extends keyof Values>(k: K) =>
    (value: Values[K]) =>
      setV((old) => ({ ...old, [k]: value }));

  const form = useApiForm<Values, TCreditGrantResult>({
    endpoint: endpoints.grantCredits,
    required: ["username", "amount", "reason"],
    fields: ["username", "amount", "reason"],
    headers: (x) => {
      const signature = JSON.stringify(x);
      if (attempt.current?.signature !== signature) attempt.current = { signature, key: newKey() };
      return { "Idempotency-Key": attempt.current.key };
    },
    prepare: (x) => {
      const n = numberOrAbsent(x.amount);
      return { username: x.username, amount: n === undefined ? undefined : x.direction === "remove" ? -n : n, reason: x.reason };
    },
    onSuccess: (r) => {
      attempt.current = null;
      const amount = Math.abs(r.amount);
      setDone(
        r.applied
          ? `${r.amount > 0 ? "Added" : "Removed"} ${fmt(amount)} credits ${r.amount > 0 ? "to" : "from"} ${r.username}. New balance: ${fmt(r.balance)}.`
          : `That change was already applied to ${r.username}. Balance: ${fmt(r.balance)}.`,
      );
      setV((old) => ({ ...old, amount: "", reason: "" }));
      if (username) router.refresh();
    },
  });
  const e = form.fieldErrors;
  return (
    <ClientForm
      noValidate
      className="max-w-xl space-y-4"
      aria-busy={form.busy}
      onSubmit={(ev) => {
        setDone(null);
        return form.submit(v, ev);
      }}
    >
      <p className="text-stone-300">
        For OSRS gold bought through a ticket, and corrections. Every change is recorded in the ledger and the audit log with your name and the reason.
      </p>
      {username ? null : (
        <Field
          id="grant-username"
          label="Player's username"
          autoComplete="off"
          maxLength={12}
          required
          value={v.username}
          onChange={(ev) => set("username")(ev.target.value)}
          errors={e.username}
        />
      )}
      <fieldset>
        <legend className="mb-1 font-semibold text-stone-100">Change</legend>
        <div className="flex flex-wrap gap-4">
          {(["add", "remove"] as const).map((d) => (
            <label key={d} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="grant-direction"
                className="size-5 accent-gold"
                value={d}
                checked={v.direction === d}
                onChange={() => set("direction")(d)}
              />
              {d === "add" ? "Add credits" : "Remove credits"}
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        id="grant-amount"
        label="Amount (credits)"
        inputMode="numeric"
        required
        value={v.amount}
        onChange={(ev) => set("amount")(ev.target.value)}
        errors={e.amount}
        hint={
          v.direction === "remove"
            ? "A removal is applied even if it takes the balance below zero (e.g. to correct fraud); a negative balance blocks store purchases until it is positive again."
            : "Up to 1,000,000 credits at a time."
        }
      />
      <TextAreaField
        id="grant-reason"
        label="Reason"
        maxLength={500}
        required
        value={v.reason}
        onChange={(ev) => set("reason")(ev.target.value)}
        errors={e.reason}
        placeholder="e.g. Ticket #123: 10M OSRS gold received"
      />
      <LiveAlert tone={form.formError ? "error" : "success"}>{form.formError ?? done}</LiveAlert>
      <button type="submit" className="btn btn-gold" disabled={form.busy}>
        {form.busy ? "Saving..." : v.direction === "remove" ? "Remove credits" : "Add credits"}
      </button>
    </ClientForm>
  );
}
