import { Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { ButtonLink } from '../../components/button.tsx';

interface BackLink {
  to: string;
  label: string;
}

/** An id the server does not know (a deleted record, a mistyped address): said, with the way back. */
export function RecordNotFound({ title, text, back }: { title: string; text: string; back: BackLink }) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" ta="center" gap="sm">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{text}</Text>
        <ButtonLink to={back.to}>{back.label}</ButtonLink>
      </Stack>
    </Paper>
  );
}

/** The person's card and the form, while they load. */
export function RecordSkeleton({ label }: { label: string }) {
  return (
    <div role="status">
      <VisuallyHidden>{label}</VisuallyHidden>
      <Stack gap="md" maw={720} aria-hidden="true">
        <Skeleton height={112} radius="md" />
        <Skeleton height={16} width="40%" />
        <Skeleton height={16} width="60%" />
        <Skeleton height={36} width={120} />
      </Stack>
    </div>
  );
}
