"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect } from "react";
import { displayRank, rankColorClass } from "@/lib/ranks";
import { Dropdown } from "./dropdown-client";
import { LogoutButton } from "./logout-button-client";
import { syncSession, useSession } from "./session-state";

const menuItem = "block rounded px-3 py-2 text-stone-100 hover:bg-stone-800 hover:no-underline";

// Until the browser knows who is signed in (the prerendered HTML, and a signed-in visitor's
// first moments) both parts show the guest entries, which most visitors keep: nothing moves.

/** "Login / Register" beside the account menu, for guests on wide screens. */
export function GuestLoginLink() {
  const session = useSession();
  if (session.status === "user") return null;
  return (
    <Link href="/login" className="hidden whitespace-nowrap rounded px-3 py-2 text-stone-200 hover:bg-stone-800 hover:no-underline lg:block">
      Login / Register
    </Link>
  );
}

/** The account menu (docs/product.md §2 Global chrome): the player's rank-coloured name, or "Account". */
export function AccountMenu() {
  const session = useSession();
  const pathname = usePathname();
  // On load and after each navigation (login and logout move to another page).
  useEffect(() => syncSession(), [pathname]);
  const user = session.status === "user" ? session.user : null;
  const rank = user ? displayRank(user.privilege, user.memberRank) : null;
  return (
    <Dropdown
      label={
        user ? (
          <span className={`max-w-16 truncate font-bold sm:max-w-none ${rankColorClass(rank!)}`} data-rank={rank} title={user.username}>
            {user.username}
          </span>
        ) : (
          <span>Account</span>
        )
      }
    >
      {user ? (
        <div className="flex flex-col">
          <p className="truncate px-3 py-2 text-sm text-stone-400" title={user.email}>
            {user.email}
          </p>
          {user.storeSession ? (
            <>
              <p className="px-3 py-2 text-sm text-stone-300" data-testid="store-session-note">
                Signed in from the game for the store only.
              </p>
              <Link href="/login?next=%2Faccount" className={menuItem}>
                Log in for your account
              </Link>
            </>
          ) : (
            <Link href="/account" className={menuItem}>
              Account Settings
            </Link>
          )}
          {user.privilege !== "PLAYER" && !user.storeSession ? (
            <Link href="/staff" className={menuItem}>
              Staff
            </Link>
          ) : null}
          <LogoutButton className={`${menuItem} w-full text-left`} />
        </div>
      ) : (
        <div className="flex flex-col">
          <Link href="/login" className={menuItem}>
            Login
          </Link>
          <Link href="/account" className={menuItem}>
            Account Settings
          </Link>
          <Link href="/register" className={menuItem}>
            Sign Up
          </Link>
          <Link href="/play" className={menuItem}>
            Download Client
          </Link>
        </div>
      )}
    </Dropdown>
  );
}
