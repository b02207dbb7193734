"use client";

import { type ComponentProps, useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * True once React runs this page in the browser; false in the server render and while the
 * page hydrates. On a client navigation it is true from the first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * A form whose submit is handled in JavaScript (a call to /api/v1). Until the page has
 * hydrated its controls are disabled: a click would otherwise submit the bare HTML form (the
 * page reloads and what was typed is gone), and text typed before hydration would be on
 * screen but not in React's state, so the form would answer "This field is required.".
 * The form's `className` goes on that fieldset, the one child of the form, so `space-y-*`
 * and `flex`/`grid` layouts still apply to the form's own children.
 */
export function ClientForm({ children, className, ...props }: ComponentProps<"form">) {
  const hydrated = useHydrated();
  return (
    <form {...props}>
      <fieldset disabled={!hydrated} className={className ? `min-w-0 ${className}` : "min-w-0"}>
        {children}
      </fieldset>
    </form>
  );
}
