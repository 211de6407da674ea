import { Text } from '@mantine/core';
import type { Ref } from 'react';

/**
 * The line under a sign-in form: an error in red, or 'Login Successful' in green (spec section 2).
 * `ref`: for a result that takes the form's place and is given the focus (use-focus-when.ts).
 */
export function FormMessage({
  id,
  tone,
  children,
  ref,
}: {
  id?: string;
  tone: 'error' | 'success';
  children: string;
  ref?: Ref<HTMLParagraphElement>;
}) {
  return (
    <Text
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      id={id}
      size="sm"
      fw={600}
      c={tone === 'error' ? 'red.9' : 'teal.9'}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {children}
    </Text>
  );
}
