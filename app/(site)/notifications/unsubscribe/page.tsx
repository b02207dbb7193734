import type { Metadata } from "next";
import { UnsubscribeClient } from "@/components/notifications/unsubscribe-client";

export const metadata: Metadata = { title: "Unsubscribe", robots: { index: false } };

// The page a notification mail's unsubscribe link opens (docs/notifications.md). Static: the
// browser reads the token from the address, shows what it would stop (a GET that changes
// nothing), and the button posts it. Mail clients' one-click POST goes to the API directly.
export default function UnsubscribePage() {
  return <UnsubscribeClient />;
}
