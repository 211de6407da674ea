import { Text } from '@mantine/core';
import { secondFactorMessages } from '../../shared/second-factor.ts';
import { ButtonLink } from './button.tsx';
import classes from './second-factor-first.module.css';

/**
 * In place of an admin page's data while the admin still has to set up two-step sign-in (ADMIN_MFA=
 * required) or pass it in this session: what to do, and the way to Security where it is done.
 */
export function SecondFactorFirst({ pending }: { pending: 'set-up' | 'confirm' }) {
  return (
    <div role="status" className={classes.box}>
      <Text fw={700}>{pending === 'set-up' ? secondFactorMessages.setUpForAdmin : secondFactorMessages.confirmForAdmin}</Text>
      <Text size="sm" mt={4}>
        {pending === 'set-up'
          ? 'Admin pages keep people’s details and money safe with a code from an authenticator app as well as your password. It takes two minutes.'
          : 'This session signed in without a code from your authenticator app.'}
      </Text>
      <ButtonLink to="/dashboard/security" className={classes.action}>
        {pending === 'set-up' ? 'Set up two-step sign-in' : 'Enter a code'}
      </ButtonLink>
    </div>
  );
}
