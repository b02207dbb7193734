"use client";

/** Opens the browser's print dialog (the receipt prints without the site's navigation). */
export function PrintButton() {
  return (
    <button type="button" className="btn btn-stone min-h-11" onClick={() => window.print()}>
      Print receipt
    </button>
  );
}
