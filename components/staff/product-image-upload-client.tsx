"use client";

import { useEffect, useState } from "react";
import { ErrorList } from "@/components/ui/field";
import { api } from "@/lib/client/api";
import * as endpoints from "@/lib/client/endpoints";

// Upload a product image instead of typing an address (docs/staff.md, "Product images"): the
// chosen file is previewed at once, sent as base64 to POST /api/v1/staff/store/images (which
// reads its type from the bytes, re-encodes and stores it), and the answer's address becomes the
// product's image. The product is saved with the form as usual.

const MAX_BYTES = 512 * 1024;

function toBase64(file: File): Promise<string> {
  return file.arrayBuffer().then((buf) => {
    const bytes = new Uint8Array(buf);
    let s = "";
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s);
  });
}

export function ProductImageUpload({ id, current, onUploaded }: { id: string; current: string; onUploaded: (href: string) => void }) {
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[] | undefined>();
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  async function choose(file: File | undefined) {
    setErrors(undefined);
    setDone(null);
    if (!file) return;
    setPreview(URL.createObjectURL(file));
    if (file.size > MAX_BYTES) return setErrors(["The image is larger than 512 KB."]);
    setBusy(true);
    try {
      const res = await api(endpoints.uploadStoreImage, { body: { data: await toBase64(file) } });
      if (res.ok) {
        onUploaded(res.data.href);
        setDone(`Uploaded (${res.data.width}×${res.data.height}, ${res.data.type.replace("image/", "").toUpperCase()}). Save the product to use it.`);
      } else {
        const d = res.data as Record<string, unknown>;
        setErrors(Array.isArray(d.data) ? (d.data as string[]) : [typeof d.details === "string" ? d.details : "The upload failed, please try again."]);
      }
    } finally {
      setBusy(false);
    }
  }

  const shown = preview ?? (current || null);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-semibold text-stone-100">
        Or upload an image
      </label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        aria-describedby={`${id}-hint${errors ? ` ${id}-errors` : ""}`}
        aria-invalid={errors ? true : undefined}
        disabled={busy}
        onChange={(e) => void choose(e.target.files?.[0])}
        className="block w-full text-stone-200 file:mr-3 file:min-h-11 file:rounded file:border-0 file:bg-stone-700 file:px-3 file:text-stone-100"
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-stone-300">
        PNG, JPEG, GIF or WebP up to 512 KB; stored on this site and scaled to at most 1024 px.
      </p>
      <ErrorList id={`${id}-errors`} errors={errors} />
      <p role="status" className="mt-1 text-sm text-emerald-300">
        {busy ? "Uploading..." : done}
      </p>
      {shown ? (
        // A preview of the chosen file (a blob: address) or the current image: not for next/image.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={shown}
          alt="Preview of the product image"
          data-testid="product-image-preview"
          className="mt-2 max-h-32 max-w-full rounded border-2 border-stone-700"
        />
      ) : null}
    </div>
  );
}
