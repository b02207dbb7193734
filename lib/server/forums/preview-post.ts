import "server-only";
import { getEnv } from "../env";
import { resolveReferences } from "../content/references";
import { cleanContent } from "./sanitize";
import { withCurrentNames } from "./post-references";

// POST /api/v1/forums/preview: the editor's Preview tab. The body goes through what posting does
// (the allowlist with this site's image rule, the mention limit, mentions and quotes made true)
// and is answered, never stored. Outside images keep their own address here (registering them
// with the image proxy would be a write); the page's image policy may not load them.

export async function previewPost(input: { content: string }): Promise<{ content: string }> {
  const env = getEnv();
  const clean = cleanContent(input.content, "content", { site: env.SITE_URL, allowPrivate: env.IMAGE_PROXY_ALLOW_PRIVATE });
  const [shown] = await withCurrentNames([{ content: await resolveReferences(clean) }]);
  return { content: shown!.content };
}
