import { ProgressTime } from "./progress-time";

/** The window a record was made in: "from – to", each a <time>. */
export function RecordWindow({ from, to }: { from: string; to: string }) {
  return (
    <span className="whitespace-normal">
      <ProgressTime value={from} />
      <span aria-hidden="true"> – </span>
      <span className="sr-only"> to </span>
      <ProgressTime value={to} />
    </span>
  );
}
