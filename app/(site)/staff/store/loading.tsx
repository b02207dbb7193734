/** Shown while the editor's lists load. */
export default function Loading() {
  return (
    <p role="status" className="py-12 text-center text-stone-300">
      Loading the store editor...
    </p>
  );
}
