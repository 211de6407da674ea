import { Text } from '@mantine/core';
import { Button } from './button.tsx';
import classes from './query-error.module.css';

interface QueryErrorProps {
  title: string;
  error: Error;
  onRetry: () => void;
}

/** A failed load with the server's reason and a way to ask again. */
export function QueryError({ title, error, onRetry }: QueryErrorProps) {
  return (
    <div role="alert" className={classes.box}>
      <Text fw={700} c="red.9">
        {title}
      </Text>
      <Text size="sm" mt={4}>
        {error.message}
      </Text>
      <Button variant="default" className={classes.retry} onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
