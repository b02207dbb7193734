import type { Metadata } from "next";
import Link from "next/link";
import { AppealTicket } from "@/components/appeals/appeal-ticket-client";
import { LiveAlert } from "@/components/ui/alert";

// The query holds the emailed link's token: never send it on in a Referer header, never index.
export const metadata: Metadata = { title: "Your Request", referrer: "no-referrer", robots: { index: false, follow: false } };

const first = (v: string | string[] | undefined) => (typeof v === "string" ? v : Array.isArray(v) ? (v[0] ?? "") : "");

export default async function AppealTicketPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const token = first((await searchParams).token);
  return (
    <div className="mx-auto max-w-3xl">
      {token ? (
        <AppealTicket token={token} />
      ) : (
        <LiveAlert tone="error">
          This link is incomplete. Open the link from your email again, or <Link href="/appeal">send a new request</Link>.
        </LiveAlert>
      )}
    </div>
  );
}
