"use client";

import { useState } from "react";
import { ErrorList } from "@/components/ui/field";
import { ATTACHMENT_ACCEPT, ATTACHMENT_MAX_BYTES, ATTACHMENT_MESSAGES, ATTACHMENTS_MAX, type TAttachmentUpload } from "@/lib/schemas/ticket-attachments";

// The image picker of the create and reply forms: a native file input (keyboard and screen-reader
// friendly as it is), the chosen files listed with a Remove button each. It refuses early what
// the server would (over 4 MB, more than 5, not an image by its declared type); the server
// still decides by the bytes and its message shows under the same field.

export type PickedFile = TAttachmentUpload & { key: string; size: number };

const readBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

const kb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

export function AttachmentPicker({
  id,
  files,
  onChange,
  errors,
  disabled,
}: {
  id: string;
  files: PickedFile[];
  onChange: (files: PickedFile[]) => void;
  errors?: readonly string[];
  disabled?: boolean;
}) {
  const [problems, setProblems] = useState<string[]>([]);
  const shown = [...problems, ...(errors ?? [])];
  const hintId = `${id}-hint`;

  async function add(list: FileList | null) {
    const found: string[] = [];
    const next = [...files];
    for (const file of Array.from(list ?? [])) {
      if (next.length >= ATTACHMENTS_MAX) {
        found.push(ATTACHMENT_MESSAGES.tooMany);
        break;
      }
      if (!ATTACHMENT_ACCEPT.split(",").includes(file.type)) found.push(ATTACHMENT_MESSAGES.notImage(file.name));
      else if (file.size > ATTACHMENT_MAX_BYTES) found.push(ATTACHMENT_MESSAGES.tooLarge(file.name));
      else next.push({ key: `${file.name}-${file.size}-${file.lastModified}-${next.length}`, name: file.name, size: file.size, data: await readBase64(file) });
    }
    setProblems(found);
    onChange(next);
  }

  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-semibold text-stone-100">
        Images (optional)
      </label>
      <p id={hintId} className="mb-2 text-sm text-stone-400">
        Up to {ATTACHMENTS_MAX} PNG, JPEG, WebP or GIF images, 4 MB each. Staff and you can see them; their metadata (such as location) is removed.
      </p>
      <input
        id={id}
        type="file"
        accept={ATTACHMENT_ACCEPT}
        multiple
        disabled={disabled || files.length >= ATTACHMENTS_MAX}
        aria-describedby={[hintId, shown.length ? `${id}-errors` : null].filter(Boolean).join(" ")}
        aria-invalid={shown.length ? true : undefined}
        className="block w-full text-stone-200 file:mr-3 file:min-h-11 file:rounded file:border-2 file:border-stone-600 file:bg-stone-800 file:px-3 file:text-stone-100"
        onChange={(e) => {
          const input = e.currentTarget;
          void add(input.files).finally(() => {
            input.value = "";
          });
        }}
      />
      <ErrorList id={`${id}-errors`} errors={shown} />
      {files.length ? (
        <ul className="mt-2 space-y-1" aria-label="Chosen images">
          {files.map((f) => (
            <li key={f.key} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="break-all text-stone-200">{f.name}</span>
              <span className="text-stone-400">({kb(f.size)})</span>
              <button type="button" className="btn btn-stone min-h-11 px-3 py-1 text-sm" onClick={() => onChange(files.filter((x) => x.key !== f.key))}>
                Remove<span className="sr-only"> {f.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The request body's `attachments`, or nothing when none are chosen. */
export const uploadsOf = (files: PickedFile[]) => (files.length ? { attachments: files.map(({ name, data }) => ({ name, data })) } : {});
