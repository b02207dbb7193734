// "Could not load X. Retry": the one failed-load message with its retry button.
export function LoadFailed({ children, onRetry, className = "" }: { children: React.ReactNode; onRetry: () => void; className?: string }) {
  return (
    <p role="alert" className={`text-red-200 ${className}`}>
      {children}{" "}
      <button type="button" className="underline" onClick={onRetry}>
        Retry
      </button>
    </p>
  );
}
