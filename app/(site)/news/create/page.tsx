import type { Metadata } from "next";
import { CreateNewsForm } from "@/components/news/create-news-form-client";
import { BackLink } from "@/components/ui/back-link";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { requireStaff, requireUser } from "@/lib/server/sessions/guards";

export const metadata: Metadata = { title: "Create News Post", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

/**
 * docs/product.md §2 Create News Post. Guests go to /login (an auth route, docs/product.md §6); signed-in players get the
 * 404 page, as on every staff page. POST /api/v1/news enforces the same rule on its own.
 */
export default async function CreateNewsPage() {
  await requireUser("/news/create");
  await requireStaff("MODERATOR");
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink href="/news">Back to the news archive</BackLink>
      <PageHeader title="Create News Post" subtitle="The post is published at once: on the home page, in the archive, and as a thread in the news forum." />
      <Panel>
        <CreateNewsForm />
      </Panel>
    </div>
  );
}
