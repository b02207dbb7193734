import type { Metadata } from "next";
import { NotificationsClient } from "@/components/notifications/notifications-client";

export const metadata: Metadata = { title: "Notifications" };

// A prerendered shell (docs/performance.md, "Signed-in pages as shells"): proxy.ts sends guests
// to /login before it is served, and the notifications are fetched from the API in the browser.
export default function NotificationsPage() {
  return <NotificationsClient />;
}
