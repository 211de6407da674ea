import type { ComponentProps } from 'react';
import { Link, type LinkProps } from 'react-router';
import classes from './button.module.css';

/** How a button looks; the names and looks are Mantine's (see button.module.css for why not Mantine's). */
export interface ButtonLook {
  variant?: 'filled' | 'light' | 'outline' | 'default' | 'subtle';
  size?: 'sm' | 'md';
  fullWidth?: boolean;
  /** 'danger' draws a filled button red: for taking something away ('Cancel Event'). */
  tone?: 'danger';
}

function lookProps({ variant = 'filled', size = 'sm', fullWidth, tone }: ButtonLook, className?: string) {
  return {
    className: className ? `${classes.button} ${className}` : classes.button,
    'data-variant': variant,
    'data-size': size,
    'data-full-width': fullWidth || undefined,
    'data-tone': tone,
  };
}

/** A link that looks like a button: for going somewhere. */
export function ButtonLink({ variant, size, fullWidth, tone, className, ...props }: ButtonLook & LinkProps) {
  return <Link {...props} {...lookProps({ variant, size, fullWidth, tone }, className)} />;
}

/** A plain link that looks like a button, for an address outside the app (`otpauth:`, `mailto:`). */
export function AddressButton({ variant, size, fullWidth, tone, className, ...props }: ButtonLook & ComponentProps<'a'>) {
  return <a {...props} {...lookProps({ variant, size, fullWidth, tone }, className)} />;
}

/** A real button: for doing something on this page. */
export function Button({ variant, size, fullWidth, tone, className, type = 'button', ...props }: ButtonLook & ComponentProps<'button'>) {
  return <button type={type} {...props} {...lookProps({ variant, size, fullWidth, tone }, className)} />;
}

/** A plain link that looks like a button: for files the browser downloads (`download`). */
export function ButtonAnchor({ variant, size, fullWidth, tone, className, ...props }: ButtonLook & ComponentProps<'a'>) {
  return <a {...props} {...lookProps({ variant, size, fullWidth, tone }, className)} />;
}
