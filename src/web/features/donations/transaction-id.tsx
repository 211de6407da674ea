import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { notify } from '../../lib/notify.ts';
import { shortTransaction } from './transaction.ts';

/**
 * A donation's transaction ID as the spec shows it (characters 3 to 27), with the whole ID on
 * hover and a button that copies the whole ID, for finding the payment at the payment provider.
 *
 * A screen reader hears the same shortened ID a sighted admin sees, so both can read it out to
 * each other; the copy button names it again, so in a list of Copy buttons each says whose it is.
 * The hover text is a convenience only: the copy button is how everyone gets the whole ID.
 */
export function TransactionId({ transaction }: { transaction: string }) {
  const { t } = useTranslation('donations');
  const shown = shortTransaction(transaction);

  async function copy() {
    try {
      // Missing outside a secure context (plain http other than localhost).
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(transaction);
      void notify({ color: 'teal', message: t('transaction.copied') });
    } catch {
      void notify({ color: 'red', message: t('transaction.notCopied', { transaction }) });
    }
  }

  return (
    <Group gap={6} wrap="wrap">
      <Text component="code" size="sm" ff="monospace" title={transaction}>
        {shown}
      </Text>
      <Button variant="subtle" aria-label={t('transaction.copyLabel', { id: shown })} onClick={() => void copy()}>
        {t('transaction.copy')}
      </Button>
    </Group>
  );
}
