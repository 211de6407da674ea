import { Stack, Text, Title } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { notify } from '../lib/notify.ts';
import { Button } from './button.tsx';
import classes from './subscribe-form.module.css';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The newsletter box. There is no newsletter yet, so it saves nothing and says so.
 * A plain input rather than Mantine's TextInput: the footer is on every page, and TextInput's
 * input machinery is about 3 kB gzipped that the home page budget cannot spare.
 */
export function SubscribeForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    if (!value) return setError('Enter your email address');
    if (!emailPattern.test(value)) return setError('Enter an email address like name@example.org');
    setError(null);
    setEmail('');
    void notify({
      title: 'Thank you for your interest!',
      message: 'Our newsletter is not running yet, so we have not stored your address. Please check our events page for news.',
      color: 'teal',
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby="subscribe-heading">
      <Stack gap="xs">
        <Title order={2} size="h4" id="subscribe-heading">
          Stay in touch
        </Title>
        <Text size="sm">Hear about new events and how your help made a difference.</Text>
        <label htmlFor={inputId} className={classes.label}>
          Email address
        </label>
        <input
          id={inputId}
          className={classes.input}
          type="email"
          autoComplete="email"
          placeholder="name@example.org"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {error && (
          <Text id={errorId} size="sm" c="red.9">
            {error}
          </Text>
        )}
        <Button type="submit" className={classes.submit}>
          Subscribe
        </Button>
      </Stack>
    </form>
  );
}
