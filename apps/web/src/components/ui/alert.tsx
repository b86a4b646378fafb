import type { ReactNode } from 'react';

type AlertProps = {
  variant?: 'danger' | 'success' | 'info' | 'warning';
  children: ReactNode;
  className?: string;
};

const variants = {
  danger: 'border-danger/30 bg-danger-soft text-danger',
  success: 'border-success/30 bg-[#edf7f0] text-success',
  info: 'border-sand-300 bg-sand-100 text-ink',
  warning: 'border-saffron bg-[#fdf3e1] text-[#633c00]',
};

/** A message box; danger alerts are announced at once (role=alert). */
export function Alert({ variant = 'info', children, className = '' }: AlertProps) {
  return (
    <div
      role={variant === 'danger' ? 'alert' : 'status'}
      className={`rounded-lg border px-4 py-3 text-sm ${variants[variant]} ${className}`}
    >
      {children}
    </div>
  );
}
