import { Text } from '@mantine/core';

/** The line under a sign-in form: an error in red, or 'Login Successful' in green (spec section 2). */
export function FormMessage({ id, tone, children }: { id?: string; tone: 'error' | 'success'; children: string }) {
  return (
    <Text id={id} size="sm" fw={600} c={tone === 'error' ? 'red.9' : 'teal.9'} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </Text>
  );
}
