import { Container, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../components/query-error.tsx';
import { siteQueries } from '../features/site/api.ts';
import { Markdown } from '../features/site/markdown.tsx';
import { usePageTitle } from '../lib/use-page-title.ts';

interface PolicyWords {
  title: string;
  /** What a screen reader hears while it loads. */
  loading: string;
  failed: string;
  /** What the page says when the organisation (`name`) has not written this yet. */
  notYet: (name: string) => string;
}

interface PolicyPageProps {
  field: 'privacy' | 'terms';
  words: PolicyWords;
}

/** A policy the organisation writes in Markdown at /dashboard/settings, rendered without any HTML in it. */
function PolicyPage({ field, words }: PolicyPageProps) {
  const { t } = useTranslation();
  usePageTitle(words.title);
  const query = useQuery(siteQueries.site());
  const text = query.data?.[field].trim();

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{words.title}</Title>
        {query.isPending && (
          <Stack gap="sm" role="status" data-loading>
            <VisuallyHidden>{words.loading}</VisuallyHidden>
            <Skeleton height={20} width="40%" />
            <Skeleton height={14} />
            <Skeleton height={14} />
            <Skeleton height={14} width="70%" />
          </Stack>
        )}
        {query.isError && <QueryError title={words.failed} error={query.error} onRetry={() => void query.refetch()} />}
        {query.data &&
          (text ? (
            <Markdown>{text}</Markdown>
          ) : (
            <Paper withBorder p="xl" radius="md">
              <Text fw={600}>{t('policy.notWritten')}</Text>
              <Text c="dimmed" mt={4}>
                {words.notYet(query.data.name)}
              </Text>
            </Paper>
          ))}
      </Stack>
    </Container>
  );
}

/** /privacy */
export function PrivacyPage() {
  const { t } = useTranslation();
  const words: PolicyWords = {
    title: t('policy.privacy.title'),
    loading: t('policy.privacy.loading'),
    failed: t('policy.privacy.failed'),
    notYet: (name) => t('policy.privacy.notYet', { name }),
  };
  return <PolicyPage field="privacy" words={words} />;
}

/** /terms */
export function TermsPage() {
  const { t } = useTranslation();
  const words: PolicyWords = {
    title: t('policy.terms.title'),
    loading: t('policy.terms.loading'),
    failed: t('policy.terms.failed'),
    notYet: (name) => t('policy.terms.notYet', { name }),
  };
  return <PolicyPage field="terms" words={words} />;
}
