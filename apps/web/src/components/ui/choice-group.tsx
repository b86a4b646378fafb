/** `hint`: a short note under the label ('sold out'); screen readers hear 'L — sold out'. */
type Choice<T extends string> = { value: T; label: string; hint?: string | undefined };

type ChoiceGroupProps<T extends string> = {
  legend: string;
  name: string;
  choices: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
};

/** A labelled radio group drawn as pills (arrow keys move between choices, as radios do). */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
}: ChoiceGroupProps<T>) {
  return (
    <fieldset>
      <legend className="mb-2 text-xs font-semibold tracking-[0.2em] text-ink-muted uppercase">
        {legend}
      </legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={`${choice.hint ? 'border-dashed' : ''} relative flex min-h-11 min-w-14 cursor-pointer flex-col items-center justify-center rounded-full border-2 border-sand-300 bg-white px-4 text-sm font-semibold text-ink transition-colors hover:border-sand-400 has-[:checked]:border-terracotta-700 has-[:checked]:bg-terracotta-700 has-[:checked]:text-sand-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-terracotta-600`}
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              aria-label={choice.hint ? `${choice.label} — ${choice.hint}` : undefined}
              className="sr-only"
            />
            <span>{choice.label}</span>
            {choice.hint && (
              <span className="text-[0.65rem] font-normal opacity-80">{choice.hint}</span>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
