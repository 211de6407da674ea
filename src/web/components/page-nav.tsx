import '@mantine/core/styles/Pagination.css';
import { Group, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/format.ts';

interface PageNavProps {
  /** What is paged, for screen readers: 'Event pages'. */
  label: string;
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

/** Numbered pages with named controls; nothing when everything fits on one page. */
export function PageNav({ label, page, pageCount, onPage }: PageNavProps) {
  const { t, i18n } = useTranslation();
  if (pageCount <= 1) return null;
  const controlLabels = {
    first: t('pageNav.first'),
    previous: t('pageNav.previous'),
    next: t('pageNav.next'),
    last: t('pageNav.last'),
  };
  return (
    <Group justify="center" component="nav" aria-label={label}>
      <Pagination
        total={pageCount}
        value={Math.min(page, pageCount)}
        onChange={onPage}
        siblings={1}
        gap={4}
        getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
        getItemProps={(item) => ({
          'aria-label': t('pageNav.page', { page: formatNumber(item, i18n.language, { useGrouping: false }) }),
        })}
      />
    </Group>
  );
}
