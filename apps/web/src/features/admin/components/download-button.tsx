import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

/** What a download came to: the file saved, or the API's message. */
export type DownloadOutcome = { ok: true; fileName: string } | { ok: false; message: string };

type DownloadButtonProps = {
  label: string;
  busyLabel: string;
  /** Fetches the file with the back-office token (a plain link has none) and saves it. */
  download: () => Promise<DownloadOutcome>;
  variant?: 'primary' | 'secondary';
  /** Says why the button does nothing yet (e.g. no order chosen); announced on press. */
  unavailable?: string | undefined;
};

/** A button that downloads a file and says, in a live line, what became of it. */
export function DownloadButton({
  label,
  busyLabel,
  download,
  variant = 'secondary',
  unavailable,
}: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<DownloadOutcome | null>(null);

  const start = async () => {
    if (busy) return;
    if (unavailable) {
      setOutcome({ ok: false, message: unavailable });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome(await download());
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col items-start gap-2">
      <Button variant={variant} onClick={start} aria-disabled={busy || undefined}>
        {busy ? busyLabel : label}
      </Button>
      {/* Always there, so that what it comes to say is announced. */}
      <p role="status" className="text-sm text-ink-muted">
        {outcome?.ok ? `Downloaded ${outcome.fileName}` : ''}
      </p>
      {outcome && !outcome.ok && <Alert variant="danger">{outcome.message}</Alert>}
    </div>
  );
}
