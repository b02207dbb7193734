import { Field } from "@/components/ui/field";
import { THREAD_TITLE_MAX } from "@/lib/messages/forums";

/** The title of a new thread or news post (a news post is a thread): required, at most THREAD_TITLE_MAX. */
export function TitleField({ id, value, onChange, errors }: { id: string; value: string; onChange: (title: string) => void; errors?: readonly string[] }) {
  return (
    <Field
      id={id}
      label="Title"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      errors={errors}
      maxLength={THREAD_TITLE_MAX}
      autoComplete="off"
      required
    />
  );
}
