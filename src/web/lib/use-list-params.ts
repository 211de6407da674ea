import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

function parsePage(value: string | null): number {
  const page = Math.floor(Number(value));
  return Number.isFinite(page) && page >= 1 ? page : 1;
}

/** A sort the list allows (`title`, `-title`), or none: a hand-edited address never reaches the server as a 400. */
function parseSort(value: string | null, columns: readonly string[]): string | undefined {
  if (!value) return undefined;
  return columns.includes(value.replace(/^-/, '')) ? value : undefined;
}

/** The list's search text, page and sort as an address gives them (for a page's data declaration too). */
export function readListParams(searchParams: URLSearchParams, sortColumns: readonly string[] = []) {
  return {
    q: (searchParams.get('q') ?? '').trim(),
    page: parsePage(searchParams.get('page')),
    sort: parseSort(searchParams.get('sort'), sortColumns),
  };
}

/**
 * A list's search text (?q=), sort (?sort=, `-` for descending) and page (?page=) live in the URL,
 * so results can be linked and Back returns to them.
 */
export function useListParams(sortColumns: readonly string[] = []) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { q, page, sort } = readListParams(searchParams, sortColumns);

  const update = useCallback(
    (change: (params: URLSearchParams) => void, options?: { replace?: boolean; preventScrollReset?: boolean }) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        change(params);
        return params;
      }, options),
    [setSearchParams],
  );

  // Typing replaces the history entry and keeps the scroll position; each new page or sort is a
  // step Back can return to, and ScrollRestoration takes a new page to the top.
  const setQuery = useCallback(
    (next: string) =>
      update(
        (params) => {
          if (next) params.set('q', next);
          else params.delete('q');
          params.delete('page');
        },
        { replace: true, preventScrollReset: true },
      ),
    [update],
  );

  const setPage = useCallback(
    (next: number) =>
      update((params) => {
        if (next > 1) params.set('page', String(next));
        else params.delete('page');
      }),
    [update],
  );

  const setSort = useCallback(
    (next: string | undefined) =>
      update(
        (params) => {
          if (next) params.set('sort', next);
          else params.delete('sort');
          params.delete('page');
        },
        { preventScrollReset: true },
      ),
    [update],
  );

  return { q, page, sort, setQuery, setPage, setSort };
}
