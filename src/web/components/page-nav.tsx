import '@mantine/core/styles/Pagination.css';
import { Group, Pagination } from '@mantine/core';

const controlLabels = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' };

interface PageNavProps {
  /** What is paged, for screen readers: 'Event pages'. */
  label: string;
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

/** Numbered pages with named controls; nothing when everything fits on one page. */
export function PageNav({ label, page, pageCount, onPage }: PageNavProps) {
  if (pageCount <= 1) return null;
  return (
    <Group justify="center" component="nav" aria-label={label}>
      <Pagination
        total={pageCount}
        value={Math.min(page, pageCount)}
        onChange={onPage}
        siblings={1}
        gap={4}
        getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
        getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
      />
    </Group>
  );
}
