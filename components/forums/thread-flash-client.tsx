"use client";

import { createContext, type ReactNode, useContext, useMemo, useState } from "react";

// A message that outlives a move to another page of the same thread: each page of posts is a
// new page render (its state starts over), so "Successfully posted comment!" and the post to
// scroll to live here, in the thread's layout, which stays mounted across ?page= changes.

export type ThreadFlash = { message: string; postId?: number } | null;
type Value = { flash: ThreadFlash; setFlash: (f: ThreadFlash) => void };

const Context = createContext<Value>({ flash: null, setFlash: () => {} });

export function ThreadFlashProvider({ children }: { children: ReactNode }) {
  const [flash, setFlash] = useState<ThreadFlash>(null);
  const value = useMemo(() => ({ flash, setFlash }), [flash]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export const useThreadFlash = (): Value => useContext(Context);
