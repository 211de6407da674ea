import { Container, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryError } from '../components/query-error.tsx';
import { siteQueries } from '../features/site/api.ts';
import { Markdown } from '../features/site/markdown.tsx';
import { usePageTitle } from '../lib/use-page-title.ts';

interface PolicyPageProps {
  title: string;
  field: 'privacy' | 'terms';
  /** What the page says when the organisation has not written this yet. */
  notYet: string;
}

/** A policy the organisation writes in Markdown at /dashboard/settings, rendered without any HTML in it. */
function PolicyPage({ title, field, notYet }: PolicyPageProps) {
  usePageTitle(title);
  const query = useQuery(siteQueries.site());
  const text = query.data?.[field].trim();

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        {query.isPending && (
          <Stack gap="sm" role="status" data-loading>
            <VisuallyHidden>Loading the {title.toLowerCase()}</VisuallyHidden>
            <Skeleton height={20} width="40%" />
            <Skeleton height={14} />
            <Skeleton height={14} />
            <Skeleton height={14} width="70%" />
          </Stack>
        )}
        {query.isError && (
          <QueryError title={`The ${title.toLowerCase()} could not be loaded`} error={query.error} onRetry={() => void query.refetch()} />
        )}
        {query.data &&
          (text ? (
            <Markdown>{text}</Markdown>
          ) : (
            <Paper withBorder p="xl" radius="md">
              <Text fw={600}>Not written yet</Text>
              <Text c="dimmed" mt={4}>
                {notYet.replace('{name}', query.data.name)}
              </Text>
            </Paper>
          ))}
      </Stack>
    </Container>
  );
}

/** /privacy */
export function PrivacyPage() {
  return (
    <PolicyPage
      title="Privacy policy"
      field="privacy"
      notYet="{name} has not published its privacy policy yet. To ask how your information is used, contact the organisation."
    />
  );
}

/** /terms */
export function TermsPage() {
  return <PolicyPage title="Terms" field="terms" notYet="{name} has not published its terms yet." />;
}
