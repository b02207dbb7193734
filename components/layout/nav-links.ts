// Main navigation entries, shared by the desktop bar and the mobile menu.
export const NAV_LINKS: ReadonlyArray<{ href: string; label: string }> = [
  { href: "/", label: "Home" },
  { href: "/news", label: "News" },
  { href: "/forums", label: "Forums" },
  { href: "/hiscores", label: "Hiscores" },
  { href: "/store", label: "Store" },
  { href: "/vote", label: "Vote" },
  { href: "/tickets/", label: "Support" },
];
