import { TextField } from '../../../components/ui/text-field';

/**
 * The handle of a product or a collection: optional, made from the name when left empty (the
 * hint and the placeholder say which), shown in a fixed-width font as addresses are.
 */
export function HandleField({
  id,
  value,
  onChange,
  error,
  generatedHandle,
  filledHint,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** What the server would make of the name ('' before a name is typed). */
  generatedHandle: string;
  /** The hint once a handle is typed (where the address leads). */
  filledHint: string;
}) {
  const hint = value.trim()
    ? filledHint
    : generatedHandle
      ? `Left empty, it is made from the name: ${generatedHandle}`
      : 'Left empty, it is made from the name.';
  return (
    <TextField
      id={id}
      label="Handle (optional)"
      hint={hint}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      maxLength={80}
      autoComplete="off"
      spellCheck={false}
      placeholder={generatedHandle || undefined}
      className="[&_input]:font-mono"
    />
  );
}
