import type { ReactNode } from "react";
import { skillName } from "@/lib/skills";

// One small drawing per skill (and Overall), drawn here: a sprite of <symbol>s rendered once on
// the page, and a <use> of it per row. Server-rendered SVG, no client code; each icon is an image
// named after its skill, so Fishing and Firemaking are told apart by ear as well as by eye.

const DARK = "#1c1917";
const line = { fill: "none", strokeLinecap: "round", strokeLinejoin: "round" } as const;

/** The drawings on a 24 × 24 grid, by skill id (0 Overall, 1–23 in the order of lib/skills.ts). */
const DRAWINGS: Record<number, ReactNode> = {
  // Overall: a bar chart.
  0: <path fill="#e9c46a" d="M3 14h4v7H3zm7-5h4v12h-4zm7-5h4v17h-4z" />,
  // Attack: a sword.
  1: (
    <>
      <path fill="#d6d3d1" d="m21 3-2 5.5-9.5 9.5-3.5-3.5L15.5 5z" />
      <path {...line} stroke="#e9c46a" strokeWidth="2.5" d="m4.5 13 6.5 6.5" />
      <path {...line} stroke="#a16207" strokeWidth="2.5" d="m7.5 16.5-4 4" />
    </>
  ),
  // Defence: a kite shield.
  2: (
    <>
      <path fill="#7aa2c9" d="M12 2 4 5v6c0 5 3.5 9 8 11 4.5-2 8-6 8-11V5z" />
      <path {...line} stroke="#dbeafe" strokeWidth="1.5" d="M12 5v14M7 9h10" />
    </>
  ),
  // Strength: a dumbbell.
  3: (
    <>
      <path fill="#94a3b8" d="M7 11h10v2H7z" />
      <path fill="#e2e8f0" d="M4 7h3v10H4zm13 0h3v10h-3zM1.5 9.5H4v5H1.5zm18.5 0h2.5v5H20z" />
    </>
  ),
  // Hitpoints: a heart.
  4: <path fill="#ef4444" d="M12 21s-8.5-5.3-8.5-11.2A4.6 4.6 0 0 1 12 7.2a4.6 4.6 0 0 1 8.5 2.6C20.5 15.7 12 21 12 21z" />,
  // Ranged: a bow and arrow.
  5: (
    <>
      <path {...line} stroke="#b45309" strokeWidth="2.2" d="M7 3c6.5 3 6.5 15 0 18" />
      <path {...line} stroke="#e7e5e4" strokeWidth="1" d="M7 3v18" />
      <path {...line} stroke="#d6d3d1" strokeWidth="1.5" d="M3 12h15M3 12l-1.5-2M3 12l-1.5 2" />
      <path fill="#d6d3d1" d="m22 12-4.5-2.5v5z" />
    </>
  ),
  // Prayer: a shining star.
  6: (
    <path
      fill="#fde68a"
      d="M12 1.5 13.3 8.9 17.1 6.9 15.1 10.7 22.5 12 15.1 13.3 17.1 17.1 13.3 15.1 12 22.5 10.7 15.1 6.9 17.1 8.9 13.3 1.5 12 8.9 10.7 6.9 6.9 10.7 8.9z"
    />
  ),
  // Magic: a wizard's hat.
  7: (
    <>
      <path fill="#60a5fa" d="M12.5 2 6.5 17h11z" />
      <path fill="#3b82f6" d="M2.5 18.5c0-1.2 4.3-2.2 9.5-2.2s9.5 1 9.5 2.2-4.3 2.2-9.5 2.2-9.5-1-9.5-2.2z" />
      <circle cx="12" cy="11.5" r="1.6" fill="#fde047" />
    </>
  ),
  // Cooking: a chef's hat.
  8: (
    <>
      <path fill="#f5f5f4" d="M7.5 13.5a4 4 0 1 1 1.5-7.7 4.5 4.5 0 0 1 6 0 4 4 0 1 1 1.5 7.7V20h-9z" />
      <path {...line} stroke="#a8a29e" strokeWidth="1.2" d="M7.5 16.5h9" />
    </>
  ),
  // Woodcutting: a tree.
  9: (
    <>
      <path fill="#92400e" d="M10.5 13h3v9h-3z" />
      <circle cx="12" cy="9" r="7" fill="#22c55e" />
    </>
  ),
  // Fletching: a feathered arrow.
  10: (
    <>
      <path {...line} stroke="#d6d3d1" strokeWidth="1.6" d="M5 19 18 6" />
      <path fill="#d6d3d1" d="m21 3-1.6 5.4-3.8-3.8z" />
      <path fill="#f87171" d="M3 21 4.2 14l3.4 2.4zm0 0 7-1.2-2.4-3.4z" />
    </>
  ),
  // Fishing: a fish.
  11: (
    <>
      <path fill="#38bdf8" d="M15.5 12 22 6.5v11zM2 12c2.5-4 6-5.5 9-5.5s5 2 6 5.5c-1 3.5-3 5.5-6 5.5s-6.5-1.5-9-5.5z" />
      <circle cx="6.5" cy="11" r="1.1" fill={DARK} />
    </>
  ),
  // Firemaking: a flame.
  12: (
    <>
      <path fill="#f97316" d="M12 1.5c1 4.5 6.5 6.5 6.5 13a6.5 6.5 0 0 1-13 0c0-3.2 1.8-5.4 3.2-6.6 0 2 .9 3.4 2.1 3.6-.6-3.6.2-7.2 1.2-10z" />
      <path fill="#fde047" d="M12 12.5c1 2 3.2 3 3.2 5.2a3.2 3.2 0 0 1-6.4 0c0-2 2.2-3.2 3.2-5.2z" />
    </>
  ),
  // Crafting: a cut gem.
  13: (
    <>
      <path fill="#22d3ee" d="M7 4h10l4.5 5L12 21 2.5 9z" />
      <path {...line} stroke="#0e7490" strokeWidth="1" d="M2.5 9h19M9 4l3 5 3-5M7.5 9 12 21l4.5-12" />
    </>
  ),
  // Smithing: an anvil.
  14: <path fill="#a8a29e" d="M2 7h14c.5 2.8 2.5 4 6 4v1.5h-6.5L14 15.5h2.5V19h-10v-3.5H9l-1.2-3C4.4 12.5 2.4 10.4 2 7z" />,
  // Mining: a pickaxe.
  15: (
    <>
      <path fill="#a16207" d="M11 6h2v16h-2z" />
      <path fill="#cbd5e1" d="M1.5 10C6 3.5 18 3.5 22.5 10l-1 .8C17 6.7 7 6.7 2.5 10.8z" />
    </>
  ),
  // Herblore: a potion.
  16: (
    <>
      <path fill="#86efac" d="M10.3 5h3.4v4.3a6.6 6.6 0 1 1-3.4 0z" />
      <path fill="#92400e" d="M9.8 2h4.4v3H9.8z" />
    </>
  ),
  // Agility: a runner.
  17: (
    <>
      <circle cx="15" cy="4" r="2.2" fill="#e7e5e4" />
      <path {...line} stroke="#e7e5e4" strokeWidth="2.2" d="m14 8-3 5.5 4 3-1 5m-3-8-2.5 4-4 .5M8 9.5l5.5-1.5 2.5 3.5 3 .5" />
    </>
  ),
  // Thieving: a mask.
  18: (
    <>
      <path
        fill="#a78bfa"
        d="M1.5 9c3.5-2.5 7.5-2.5 10.5-.3 3-2.2 7-2.2 10.5.3 0 4.5-2.2 7.5-5.5 7.5-2.3 0-3.2-2.2-5-2.2s-2.7 2.2-5 2.2C3.7 16.5 1.5 13.5 1.5 9z"
      />
      <ellipse cx="7" cy="11.3" rx="2.4" ry="1.5" fill={DARK} />
      <ellipse cx="17" cy="11.3" rx="2.4" ry="1.5" fill={DARK} />
    </>
  ),
  // Slayer: a skull.
  19: (
    <>
      <path fill="#f5f5f4" d="M12 2.5a8.5 8.5 0 0 0-8.5 8.5c0 3 1.4 5 3 6.2V21h11v-3.8c1.6-1.2 3-3.2 3-6.2A8.5 8.5 0 0 0 12 2.5z" />
      <circle cx="8.7" cy="11" r="2.1" fill={DARK} />
      <circle cx="15.3" cy="11" r="2.1" fill={DARK} />
      <path fill={DARK} d="m12 13.5 1.2 2.5h-2.4z" />
      <path {...line} stroke={DARK} strokeWidth="1" d="M10 21v-2.5m2 2.5v-2.5m2 2.5v-2.5" />
    </>
  ),
  // Farming: a watering can.
  20: (
    <>
      <path fill="#34d399" d="M5 9h10v10.5H5zm10 3.5 5.5-5 1.5 1.5-7 6.5z" />
      <path {...line} stroke="#34d399" strokeWidth="1.8" d="M5 11.5c-3.2 0-3.2 5.5 0 5.5M7 9c0-3 6-3 6 0" />
    </>
  ),
  // Runecrafting: a rune stone.
  21: (
    <>
      <circle cx="12" cy="12" r="9.5" fill="#a8a29e" />
      <path {...line} stroke="#1e3a8a" strokeWidth="2" d="M12 6v12M8 8.5l8 7M16 8.5l-8 7" />
    </>
  ),
  // Hunter: a paw print.
  22: (
    <>
      <path fill="#d6a16a" d="M12 11c3 0 6 4.5 6 7 0 2-1.6 3-3 3-1.3 0-2-.7-3-.7s-1.7.7-3 .7c-1.4 0-3-1-3-3 0-2.5 3-7 6-7z" />
      <ellipse cx="4.5" cy="10.5" rx="2" ry="2.5" fill="#d6a16a" />
      <ellipse cx="19.5" cy="10.5" rx="2" ry="2.5" fill="#d6a16a" />
      <ellipse cx="9" cy="5.5" rx="2" ry="2.7" fill="#d6a16a" />
      <ellipse cx="15" cy="5.5" rx="2" ry="2.7" fill="#d6a16a" />
    </>
  ),
  // Construction: a house.
  23: (
    <>
      <path fill="#e7e5e4" d="M5 11h14v10H5z" />
      <path fill="#dc2626" d="M12 2.5 1.5 12h21z" />
      <path fill="#92400e" d="M10 15h4v6h-4z" />
    </>
  ),
};

const symbolId = (skill: number) => `skill-icon-${skill}`;

/** Every drawing as a <symbol>, once per page (hidden itself: only its <use>s are seen). */
export function SkillIconSprite() {
  return (
    <svg aria-hidden="true" focusable="false" width="0" height="0" className="absolute overflow-hidden">
      {Object.entries(DRAWINGS).map(([skill, drawing]) => (
        <symbol key={skill} id={symbolId(Number(skill))} viewBox="0 0 24 24">
          {drawing}
        </symbol>
      ))}
    </svg>
  );
}

/** A skill's icon, named after the skill; needs <SkillIconSprite /> on the page. */
export function SkillIcon({ skill, className = "size-6" }: { skill: number; className?: string }) {
  return (
    <svg role="img" aria-label={skillName(skill)} viewBox="0 0 24 24" className={`inline-block shrink-0 ${className}`} data-skill-icon={skill}>
      <use href={`#${symbolId(skill)}`} />
    </svg>
  );
}
