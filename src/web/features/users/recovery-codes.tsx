import '@mantine/core/styles/List.css';
import { Alert, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { copyText } from '../../lib/copy-text.ts';

/** Recovery codes, shown once: each signs in once when the authenticator app is not at hand. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const text = `${t('recovery.fileHeading')}\n\n${codes.join('\n')}\n`;

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'helping-hands-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <Stack gap="md" role="region" aria-labelledby="recovery-codes-title">
      <Text fw={700} id="recovery-codes-title">
        {t('recovery.title')}
      </Text>
      <Alert color="gray" variant="light" title={t('recovery.saveNow')}>
        {t('recovery.onlyOnce')}
      </Alert>
      <List listStyleType="none" ff="monospace" aria-label={t('recovery.listLabel')} data-testid="recovery-codes">
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group gap="sm">
        <Button onClick={() => void copyText(codes.join('\n'), t('recovery.copied'))}>{t('recovery.copy')}</Button>
        <Button variant="default" onClick={download}>
          {t('recovery.download')}
        </Button>
        <Button variant="subtle" onClick={onDone}>
          {t('recovery.done')}
        </Button>
      </Group>
    </Stack>
  );
}
