"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { Modal } from "@/components/ui/modal-client";
import * as endpoints from "@/lib/client/endpoints";
import { FormActions } from "./form-controls";
import { ClientForm } from "@/components/forms/form-client";

/**
 * Retry and Delete for one failed job. Retry queues it again at once (a runner takes it within
 * seconds); Delete gives up on it, after a confirmation. The page then reloads its data.
 */
export function FailedJobActions({ id, task }: { id: number; task: string }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const retry = useApiForm<Record<string, never>>({
    endpoint: endpoints.retryJob,
    params: () => ({ id }),
    onSuccess: () => {
      setDone(`Job #${id} is queued again: a runner takes it within seconds.`);
      router.refresh();
    },
  });
  const remove = useApiForm<Record<string, never>>({
    endpoint: endpoints.deleteJob,
    params: () => ({ id }),
    onSuccess: () => {
      setConfirming(false);
      setDone(`Job #${id} deleted.`);
      router.refresh();
    },
  });
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-gold" disabled={retry.busy} onClick={() => void retry.submit({})}>
          {retry.busy ? "Retrying..." : "Retry"}
          <span className="sr-only"> job #{id}</span>
        </button>
        <button type="button" className="btn btn-stone" onClick={() => setConfirming(true)}>
          Delete<span className="sr-only"> job #{id}</span>
        </button>
      </div>
      <LiveAlert tone="error">{retry.formError}</LiveAlert>
      <LiveAlert tone="success">{done}</LiveAlert>
      <Modal open={confirming} onClose={() => setConfirming(false)} title={`Delete job #${id}?`}>
        <ClientForm noValidate className="space-y-4" onSubmit={(e) => void remove.submit({}, e)}>
          <p className="text-stone-300">The {task} job is given up: it will not run again. This cannot be undone.</p>
          <LiveAlert tone="error">{remove.formError}</LiveAlert>
          <FormActions busy={remove.busy} onCancel={() => setConfirming(false)} submitLabel="Delete job" busyLabel="Deleting..." />
        </ClientForm>
      </Modal>
    </div>
  );
}
