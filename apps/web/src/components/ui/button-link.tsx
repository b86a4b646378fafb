import { Link } from 'react-router';
import type { ComponentProps } from 'react';
import { buttonClass } from './button-styles';
import type { ButtonSize, ButtonVariant } from './button-styles';

type ButtonLinkProps = ComponentProps<typeof Link> & { variant?: ButtonVariant; size?: ButtonSize };

/** A link drawn as a button (navigation stays a link for assistive technology). */
export function ButtonLink({ variant, size, className = '', ...props }: ButtonLinkProps) {
  return <Link className={`${buttonClass(variant, size)} ${className}`} {...props} />;
}
