import { useState } from 'react';
import type { DragEvent } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';

type FileDropZoneProps = {
  id: string;
  /** The button's text: 'Choose a photo'. */
  buttonLabel: string;
  /** What may be dropped, for the text beside the button: 'a photo'. */
  what: string;
  accept: string;
  file: File | null;
  onFile: (file: File) => void;
  /** Ids of the hint and error that describe the file input. */
  describedBy?: string | undefined;
  invalid?: boolean;
  disabled?: boolean;
};

/** '1.2 MB', '340 kB'. */
export function fileSize(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} kB`;
}

/**
 * A file chosen by drag and drop or with a real file input (keyboard and screen-reader users
 * use the input: it keeps the focus, and its label is drawn as the button).
 */
export function FileDropZone({
  id,
  buttonLabel,
  what,
  accept,
  file,
  onFile,
  describedBy,
  invalid = false,
  disabled = false,
}: FileDropZoneProps) {
  const [over, setOver] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onFile(dropped);
  };

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={`flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-5 text-center text-sm transition-colors ${
        over ? 'border-terracotta-700 bg-sand-100' : invalid ? 'border-danger' : 'border-sand-300'
      }`}
    >
      <p className="text-ink-muted">Drop {what} here, or</p>
      <input
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen) onFile(chosen);
          // The same file can be chosen again after a failed upload.
          event.target.value = '';
        }}
        className="peer sr-only"
      />
      <label
        htmlFor={id}
        className={`${buttonClass('secondary', 'sm')} cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-terracotta-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-50`}
      >
        {buttonLabel}
      </label>
      <p className="break-all text-ink" aria-live="polite">
        {file ? `Chosen: ${file.name} (${fileSize(file.size)})` : ''}
      </p>
    </div>
  );
}
