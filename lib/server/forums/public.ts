import "server-only";

// What the forums publish to the domain built on them: news posts are forum threads. News
// imports forums only through this module, and forums never import news (the news row that
// mirrors an opening post is kept in step by forums/sync-news-article.ts). The lint rule in
// eslint.config.mjs holds both directions.

export { insertForum } from "./create-forum";
export { insertForumCategory } from "./create-forum-category";
export { insertThread } from "./create-thread";
export { htmlToText } from "./sanitize";
