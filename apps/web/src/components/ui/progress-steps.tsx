import { Link } from 'react-router';

export type ProgressStep = { label: string; to: string };

type ProgressStepsProps = {
  /** Names the navigation, e.g. "Checkout steps". */
  label: string;
  steps: readonly ProgressStep[];
  /** Index of the step shown now; earlier steps are links back, later ones plain text. */
  current: number;
};

// Narrow screens: one column per step, the number above its name, so three steps fit at 320 px.
const columns: Record<number, string> = {
  2: 'grid-cols-2',
  3: 'grid-cols-3',
  4: 'grid-cols-4',
};

const stepClass =
  'flex min-h-11 flex-col items-center gap-1 text-center sm:flex-row sm:gap-2 sm:pr-2 sm:text-left';

/** A numbered row of steps (1 Shipping → 2 Payment → 3 Place order), the current one marked. */
export function ProgressSteps({ label, steps, current }: ProgressStepsProps) {
  return (
    <nav aria-label={label} className="mb-8">
      <ol
        className={`grid ${columns[steps.length] ?? 'grid-flow-col'} gap-2 text-sm sm:flex sm:flex-wrap sm:items-center`}
      >
        {steps.map((step, index) => {
          const done = index < current;
          const here = index === current;
          const badge = (
            <span
              aria-hidden="true"
              className={`flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                here
                  ? 'bg-terracotta-700 text-sand-50'
                  : done
                    ? 'bg-sand-300 text-ink'
                    : 'border border-[#9a7b5c] bg-white text-ink-muted'
              }`}
            >
              {index + 1}
            </span>
          );
          return (
            <li key={step.to} className="flex justify-center sm:items-center sm:gap-2">
              {index > 0 && (
                <span aria-hidden="true" className="hidden h-px w-8 bg-sand-400 sm:block" />
              )}
              {done ? (
                <Link
                  to={step.to}
                  className={`${stepClass} rounded-lg font-semibold text-terracotta-700 hover:underline`}
                >
                  {badge}
                  <span>
                    {step.label}
                    <span className="sr-only"> (done)</span>
                  </span>
                </Link>
              ) : (
                <span
                  aria-current={here ? 'step' : undefined}
                  className={`${stepClass} ${here ? 'font-semibold text-ink' : 'text-ink-muted'}`}
                >
                  {badge}
                  <span>{step.label}</span>
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
