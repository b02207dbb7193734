"use client";

import { TitleField } from "@/components/forums/title-field";
import { useState } from "react";
import { RichTextEditor } from "@/components/editor/rich-text-editor-client";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { NEWS_IMAGE_MAX, NEWS_PLACEHOLDER_IMAGE } from "@/lib/schemas/news";
import * as endpoints from "@/lib/client/endpoints";
import { ClientForm } from "@/components/forms/form-client";

type Values = { title: string; image: string; content: string };
const FIELDS = ["title", "image", "content"] as const;

/** docs/product.md §2 Create News Post: title, image (optional) and the rich-text editor; on 201 to the post. */
export function CreateNewsForm() {
  const [values, setValues] = useState<Values>({ title: "", image: "", content: "" });
  const form = useApiForm<Values, { slug?: unknown }>({
    endpoint: endpoints.createNews,
    required: ["title", "content"],
    fields: FIELDS,
    prepare: (v) => ({ title: v.title, content: v.content, ...(v.image.trim() ? { image: v.image.trim() } : {}) }),
    onSuccess: (data, { stayBusy }) => {
      if (typeof data.slug !== "string") return;
      stayBusy();
      // A full page load on purpose: the post renders stored HTML, so it must run under its own
      // nonce policy, not the one this document started with (docs/performance.md).
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign(`/news/${data.slug}`);
    },
  });

  return (
    <ClientForm noValidate onSubmit={(e) => form.submit(values, e)} className="space-y-5">
      <TitleField id="news-title" value={values.title} onChange={(title) => setValues((v) => ({ ...v, title }))} errors={form.fieldErrors.title} />
      <Field
        id="news-image"
        label="Image URL (optional)"
        hint={`An https:// address or a path on this site. Leave empty for the default picture (${NEWS_PLACEHOLDER_IMAGE}).`}
        value={values.image}
        onChange={(e) => setValues((v) => ({ ...v, image: e.target.value }))}
        errors={form.fieldErrors.image}
        maxLength={NEWS_IMAGE_MAX}
        inputMode="url"
        autoComplete="off"
        placeholder="https://"
      />
      <RichTextEditor
        id="news-content"
        label="Content"
        value={values.content}
        onChange={(html) => setValues((v) => ({ ...v, content: html }))}
        errors={form.fieldErrors.content}
        placeholder="Write the news post here…"
      />
      <LiveAlert tone="error">{form.formError}</LiveAlert>
      <button type="submit" className="btn btn-gold" disabled={form.busy}>
        {form.busy ? "Publishing..." : "Publish News Post"}
      </button>
    </ClientForm>
  );
}
