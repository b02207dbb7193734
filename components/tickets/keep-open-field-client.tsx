"use client";

import { CheckboxField } from "@/components/staff/form-controls";

/**
 * The staff reply's "keep open" choice (docs/support-desk.md): a staff reply moves the ticket to
 * waiting for the player unless this is ticked, when it stays waiting for staff.
 */
export function KeepOpenField({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  return <CheckboxField id="reply-keep-open" label="Keep open (still waiting for staff)" checked={checked} onChange={onChange} />;
}
