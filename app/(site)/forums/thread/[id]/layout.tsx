import type { ReactNode } from "react";
import { ThreadFlashProvider } from "@/components/forums/thread-flash-client";

// Stays mounted while the reader moves between pages of one thread (?page=), so a message such
// as 'Successfully posted comment!' survives the move to the page where the new post is.
export default function ThreadLayout({ children }: { children: ReactNode }) {
  return <ThreadFlashProvider>{children}</ThreadFlashProvider>;
}
