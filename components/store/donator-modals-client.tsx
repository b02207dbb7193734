"use client";

import { useState } from "react";
import { Modal } from "@/components/ui/modal-client";
import { ANKOU_COLOURS, CUSTOM_DONATIONS, CUSTOM_DONATION_NOTES, DONATOR_TIERS, MORE_PERKS_NOTE, formatDollars } from "@/lib/content/donator";
import { siteConfig } from "@/lib/site-config";

/** The two buttons of docs/product.md §2 Store and their modals (docs/product.md §9 data from lib/content/donator.ts). */
export function DonatorButtons() {
  const [open, setOpen] = useState<"benefits" | "custom" | null>(null);
  const close = () => setOpen(null);
  return (
    <div className="flex flex-wrap gap-3">
      <button type="button" className="btn btn-stone" aria-haspopup="dialog" onClick={() => setOpen("benefits")}>
        Donator Benefits
      </button>
      <button type="button" className="btn btn-stone" aria-haspopup="dialog" onClick={() => setOpen("custom")}>
        Custom Donations
      </button>

      <Modal open={open === "benefits"} onClose={close} title="Donator Benefits" className="max-w-3xl">
        <p className="mb-4 text-stone-300">
          Ranks follow the total you have donated, refunds excluded. A higher rank improves every perk of the ranks below it.
        </p>
        <ol className="space-y-4">
          {DONATOR_TIERS.map((t) => (
            <li key={t.rank} className="rounded border border-stone-700 bg-stone-850 p-3">
              <h3 className="flex flex-wrap items-baseline justify-between gap-2 text-lg font-bold text-stone-100">
                <span>{t.name}</span>
                <span className="text-sm font-semibold text-gold">{formatDollars(t.minDollars)} donated</span>
              </h3>
              <ul className="mt-2 list-disc space-y-0.5 pl-5 text-sm text-stone-300">
                {t.perks.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
        <p className="mt-4 text-sm text-stone-400">{MORE_PERKS_NOTE}</p>
      </Modal>

      <Modal open={open === "custom"} onClose={close} title="Custom Donations" className="max-w-2xl">
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-stone-700 text-stone-400">
                <th scope="col" className="py-2 pr-3">
                  Donation
                </th>
                <th scope="col" className="py-2 pr-3">
                  Price
                </th>
                <th scope="col" className="py-2">
                  What you get
                </th>
              </tr>
            </thead>
            <tbody>
              {CUSTOM_DONATIONS.map((d) => (
                <tr key={d.name} className="border-b border-stone-800 align-top">
                  <th scope="row" className="py-2 pr-3 font-semibold text-stone-100">
                    {d.name}
                  </th>
                  <td className="py-2 pr-3 text-gold">{formatDollars(d.dollars)}</td>
                  <td className="py-2 text-stone-300">{d.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-3 text-sm text-stone-300">Ankou outfit colours: {ANKOU_COLOURS.join(", ")}.</p>
        <ul className="mt-3 space-y-1 text-sm text-stone-300">
          {CUSTOM_DONATION_NOTES.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
        <p className="mt-4">
          <a href={siteConfig.chatInviteUrl} target="_blank" rel="noopener noreferrer" className="btn btn-gold">
            Join our {siteConfig.chatServerName}
          </a>
        </p>
      </Modal>
    </div>
  );
}
