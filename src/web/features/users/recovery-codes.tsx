import '@mantine/core/styles/List.css';
import { Alert, Group, List, Stack, Text } from '@mantine/core';
import { secondFactorMessages } from '../../../shared/second-factor.ts';
import { Button } from '../../components/button.tsx';
import { copyText } from '../../lib/copy-text.ts';

/** Recovery codes, shown once: each signs in once when the authenticator app is not at hand. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Helping Hands recovery codes (each works once)\n\n${codes.join('\n')}\n`;

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
        Your recovery codes
      </Text>
      <Alert color="gray" variant="light" title="Save these codes now">
        They are shown only this once. Keep them somewhere safe (a password manager, or printed): if you lose your phone, each code signs
        you in once instead of a code from the app.
      </Alert>
      <List listStyleType="none" ff="monospace" aria-label="Recovery codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group gap="sm">
        <Button onClick={() => void copyText(codes.join('\n'), secondFactorMessages.codesCopied)}>Copy codes</Button>
        <Button variant="default" onClick={download}>
          Download codes
        </Button>
        <Button variant="subtle" onClick={onDone}>
          I have saved them
        </Button>
      </Group>
    </Stack>
  );
}
