import '@mantine/core/styles/Divider.css';
import { Divider, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Site } from '../../../shared/site.ts';
import { Button } from '../../components/button.tsx';
import { siteQueries } from '../site/api.ts';
import { startSocialSignIn } from './api.ts';
import { FormMessage } from './form-message.tsx';

/**
 * 'Continue With Google', shown only when the server has an identity provider set up
 * (DECISIONS section 1). Whatever the provider answers is shown as given.
 */
export function SocialSignInButton({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation('accounts');
  const site = useQuery(siteQueries.site());
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const provider = site.data?.socialSignIn;
  if (!provider) return null;

  async function handleClick(provider: NonNullable<Site['socialSignIn']>) {
    setPending(true);
    setError(null);
    try {
      await startSocialSignIn(provider, returnTo);
    } catch (failure) {
      setError((failure as Error).message);
      setPending(false);
    }
  }

  return (
    <Stack gap="sm">
      <Divider label={t('social.or')} labelPosition="center" />
      <Button variant="default" fullWidth disabled={pending} onClick={() => void handleClick(provider)}>
        <GoogleMark />
        {t('social.google')}
      </Button>
      {error && <FormMessage tone="error">{error}</FormMessage>}
    </Stack>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" width={18} height={18} aria-hidden="true">
      <path fill="#4285F4" d="M22.6 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h6a5.1 5.1 0 0 1-2.2 3.4v2.8h3.6c2-1.9 3.2-4.7 3.2-8.2Z" />
      <path fill="#34A853" d="M12 23c3 0 5.5-1 7.4-2.7l-3.6-2.8c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2v2.9A11 11 0 0 0 12 23Z" />
      <path fill="#FBBC05" d="M5.7 14c-.2-.7-.4-1.4-.4-2s.2-1.4.4-2V7.1H2A11 11 0 0 0 1 12c0 1.8.4 3.4 1.2 4.9L5.7 14Z" />
      <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.3 1.7l3.2-3.2A11 11 0 0 0 2 7.1L5.7 10c.9-2.6 3.4-4.6 6.3-4.6Z" />
    </svg>
  );
}
