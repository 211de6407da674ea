import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { webConfig } from '../lib/config.ts';

interface SearchBoxProps {
  label: string;
  placeholder: string;
  /** The search in the URL. */
  query: string;
  onSearch: (query: string) => void;
}

/** Searches as you type, a moment after you stop; Enter searches at once. */
export function SearchBox({ label, placeholder, query, onSearch }: SearchBoxProps) {
  const [value, setValue] = useState(query);
  const [syncedQuery, setSyncedQuery] = useState(query);
  const search = useDebouncedCallback((text: string) => onSearch(text.trim()), webConfig.searchDebounceMs);

  // Back, Forward or 'Clear search' changed the URL: show that search in the box.
  if (query !== syncedQuery) {
    setSyncedQuery(query);
    if (query !== value.trim()) setValue(query);
  }

  return (
    <TextInput
      label={label}
      type="search"
      placeholder={placeholder}
      value={value}
      maxLength={200}
      onChange={(event) => {
        setValue(event.currentTarget.value);
        search(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') search.flush();
      }}
      leftSection={
        <svg viewBox="0 0 24 24" width={16} height={16} fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
      }
    />
  );
}
