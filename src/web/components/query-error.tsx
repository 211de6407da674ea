import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api-error.ts';
import { Button } from './button.tsx';
import classes from './query-error.module.css';
import { SecondFactorFirst } from './second-factor-first.tsx';

interface QueryErrorProps {
  title: string;
  error: Error;
  onRetry: () => void;
}

/** A failed load with the server's reason and a way to ask again. */
export function QueryError({ title, error, onRetry }: QueryErrorProps) {
  const { t } = useTranslation();
  // An admin page before two-step sign-in is set up (or passed): the way there, not a retry that fails again.
  if (isApiError(error, 'mfa_required')) {
    return <SecondFactorFirst pending={error.details?.reason === 'confirm' ? 'confirm' : 'set-up'} />;
  }
  return (
    <div role="alert" className={classes.box}>
      <Text fw={700} c="red.9">
        {title}
      </Text>
      <Text size="sm" mt={4}>
        {error.message}
      </Text>
      <Button variant="default" className={classes.retry} onClick={onRetry}>
        {t('loading.tryAgain')}
      </Button>
    </div>
  );
}
