import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

function parsePage(value: string | null): number {
  const page = Math.floor(Number(value));
  return Number.isFinite(page) && page >= 1 ? page : 1;
}

/** The /events search text (?q=) and page (?page=) live in the URL, so results can be linked and go back. */
export function useEventListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = (searchParams.get('q') ?? '').trim();
  const page = parsePage(searchParams.get('page'));

  // Typing replaces the history entry and keeps the scroll position; each new page is a step Back
  // can return to, and ScrollRestoration takes it to the top.
  const setQuery = useCallback(
    (next: string) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (next) params.set('q', next);
          else params.delete('q');
          params.delete('page');
          return params;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setSearchParams],
  );

  const setPage = useCallback(
    (next: number) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        if (next > 1) params.set('page', String(next));
        else params.delete('page');
        return params;
      }),
    [setSearchParams],
  );

  return { q, page, setQuery, setPage };
}
