"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { inputClass } from "@/components/ui/field";

/** docs/product.md §2: Enter or the button opens the player's page; an empty search does nothing. */
export function PlayerSearch({ initial = "" }: { initial?: string }) {
  const router = useRouter();
  const [name, setName] = useState(initial);
  const id = useId();
  return (
    <form
      role="search"
      className="flex w-full gap-2 sm:w-auto"
      onSubmit={(e) => {
        e.preventDefault();
        const n = name.trim();
        if (n) router.push(`/hiscores/player/${encodeURIComponent(n)}`);
      }}
    >
      <label htmlFor={id} className="sr-only">
        Player name
      </label>
      <input
        id={id}
        name="player"
        value={name}
        onChange={(e) => setName(e.target.value)}
        placeholder="Search a player"
        maxLength={12}
        autoComplete="off"
        className={`${inputClass} sm:w-56`}
      />
      <button type="submit" className="btn btn-gold shrink-0">
        Search
      </button>
    </form>
  );
}
