import { SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingPlaceholders } from '../../components/loading-placeholders.tsx';
import { QueryError } from '../../components/query-error.tsx';
import surface from '../../components/surface.module.css';
import { giftAddress, subscriptionQueries } from './api.ts';
import { MonthlyGiftCard } from './monthly-gift-card.tsx';

/** Holds a gift's place while the list loads: its heading, two lines and its buttons. */
function GiftSkeleton() {
  return (
    <div className={surface.card}>
      <Stack gap="xs">
        <Skeleton height={22} width="55%" />
        <Skeleton height={14} width="40%" />
        <Skeleton height={14} width="70%" />
        <Skeleton height={32} width="60%" mt="xs" />
      </Stack>
    </div>
  );
}

/**
 * My Donation's 'Monthly gifts': the signed-in donor's monthly gifts, each with what they can do with
 * it (change the amount, pause or resume, cancel, and in test mode replace the card). Not printed with
 * the yearly statement.
 */
export function MonthlyGiftsSection() {
  const { t } = useTranslation('monthly');
  const headingId = useId();
  const query = useQuery(subscriptionQueries.mine());

  return (
    <section aria-labelledby={headingId} data-print="hide">
      <Stack gap="md">
        <Title order={2} size="h3" id={headingId}>
          {t('section.heading')}
        </Title>
        {query.isPending && (
          <LoadingPlaceholders label={t('section.loading')} count={1} layout="stack">
            <GiftSkeleton />
          </LoadingPlaceholders>
        )}
        {query.isError && <QueryError title={t('section.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />}
        {query.isSuccess && query.data.length === 0 && <Text c="dimmed">{t('section.none')}</Text>}
        {query.isSuccess && query.data.length > 0 && (
          <SimpleGrid component="ul" cols={{ base: 1, md: 2 }} spacing="md" m={0} p={0} style={{ listStyle: 'none' }}>
            {query.data.map((gift) => (
              <li key={gift._id}>
                <MonthlyGiftCard gift={gift} address={giftAddress.mine(gift._id)} titleOrder={3} />
              </li>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </section>
  );
}
