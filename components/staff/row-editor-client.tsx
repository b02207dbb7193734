"use client";

import { Fragment, type ReactNode, useState } from "react";
import { LiveAlert } from "@/components/ui/alert";
import { Modal } from "@/components/ui/modal-client";
import type { Endpoint } from "@/lib/client/api";
import { upsert } from "./upsert";
import { VisibilityToggle } from "./visibility-toggle-client";

// What the three catalogue tables (categories, products, packages) share: which row is being
// edited, the status line, the row's Edit and hide/show buttons, and the create/edit modal.

type Message = { tone: "success" | "error"; text: string } | null;

export type RowEditor<T extends { id: number }> = {
  editing: T | "new" | null;
  setEditing: (row: T | "new" | null) => void;
  message: Message;
  setMessage: (m: Message) => void;
  /** Puts the saved row into the list and says so, e.g. `Saved category "Weapons".` */
  saved: (row: T, verb: string) => void;
};

export function useRowEditor<T extends { id: number }>(rows: T[], onChange: (list: T[]) => void, describe: (row: T) => string): RowEditor<T> {
  const [editing, setEditing] = useState<T | "new" | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const saved = (row: T, verb: string) => {
    onChange(upsert(rows, row));
    setMessage({ tone: "success", text: `${verb} ${describe(row)}.` });
  };
  return { editing, setEditing, message, setMessage, saved };
}

export function RowStatus({ editor }: { editor: Pick<RowEditor<{ id: number }>, "message"> }) {
  return <LiveAlert tone={editor.message?.tone ?? "success"}>{editor.message?.text}</LiveAlert>;
}

/** Edit and hide/show for one row; `field` is the row's flag ("hidden" or "active"). */
export function RowActions<T extends { id: number; hidden?: boolean; active?: boolean }>({
  row,
  name,
  endpoint,
  field,
  editor,
}: {
  row: T;
  name: string;
  endpoint: Endpoint;
  field: "hidden" | "active";
  editor: RowEditor<T>;
}) {
  const shown = (r: T) => (field === "hidden" ? !r.hidden : Boolean(r.active));
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <button type="button" className="btn btn-stone min-h-11 px-3 py-1 text-sm" onClick={() => editor.setEditing(row)}>
        Edit<span className="sr-only"> {name}</span>
      </button>
      <VisibilityToggle<T>
        endpoint={endpoint}
        id={row.id}
        field={field}
        visible={shown(row)}
        name={name}
        onSaved={(saved) => editor.saved(saved, shown(saved) ? "Showed" : "Hid")}
        onError={(text) => editor.setMessage({ tone: "error", text })}
      />
    </div>
  );
}

/** The create/edit modal; `form` renders the form for a row (null: a new one). */
export function RowEditorModal<T extends { id: number }>({
  editor,
  noun,
  className,
  form,
}: {
  editor: RowEditor<T>;
  noun: string;
  className?: string;
  form: (props: { initial: T | null; onCancel: () => void; onSaved: (row: T) => void }) => ReactNode;
}) {
  const { editing, setEditing } = editor;
  return (
    <Modal open={editing !== null} onClose={() => setEditing(null)} title={editing === "new" ? `New ${noun}` : `Edit ${noun}`} className={className ?? ""}>
      {editing !== null ? (
        // Keyed by the row: switching rows starts a fresh form.
        <Fragment key={editing === "new" ? "new" : editing.id}>
          {form({
            initial: editing === "new" ? null : editing,
            onCancel: () => setEditing(null),
            onSaved: (row) => {
              editor.saved(row, editing === "new" ? "Created" : "Saved");
              setEditing(null);
            },
          })}
        </Fragment>
      ) : null}
    </Modal>
  );
}
