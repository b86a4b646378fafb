export type ButtonVariant =
  'primary' | 'secondary' | 'ghost' | 'dark' | 'danger' | 'danger-outline';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold uppercase tracking-wider transition-colors disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-terracotta-700 text-sand-50 hover:bg-terracotta-800',
  secondary:
    'border-2 border-terracotta-700 text-terracotta-700 hover:bg-terracotta-700 hover:text-sand-50',
  ghost: 'text-ink hover:bg-sand-200',
  dark: 'bg-ink text-sand-50 hover:bg-terracotta-800',
  /** Actions that cannot be undone (deleting the account). */
  danger: 'bg-danger text-white hover:bg-[#912018]',
  'danger-outline': 'border-2 border-danger text-danger hover:bg-danger hover:text-white',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-4 text-xs',
  md: 'min-h-11 px-6 text-sm',
  lg: 'min-h-12 px-8 text-sm',
};

/** The class names of a button, shared by <Button> and links drawn as buttons. */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md'): string {
  return `${base} ${variants[variant]} ${sizes[size]}`;
}
