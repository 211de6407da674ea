import '@mantine/core/styles/Tabs.css';
import { Paper, Tabs, Text, Textarea } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from './markdown.tsx';

interface MarkdownFieldProps {
  label: string;
  description: string;
  inputKey: string;
  inputProps: GetInputPropsReturnType;
  /** The text as it is now, for the preview. */
  read: () => string;
}

/**
 * A policy written in Markdown, with a preview of the page it makes (rendered as /privacy and
 * /terms render it: no HTML). The preview is read from the field when its tab is chosen; a field
 * with a problem shows its Write tab, so the message and the cursor can reach it.
 */
export function MarkdownField({ label, description, inputKey, inputProps, read }: MarkdownFieldProps) {
  const { t } = useTranslation('settings');
  const [tab, setTab] = useState<string | null>('write');
  const [previewed, setPreviewed] = useState('');
  return (
    <Tabs
      value={inputProps.error ? 'write' : tab}
      onChange={(next) => {
        if (next === 'preview') setPreviewed(read());
        setTab(next);
      }}
      keepMounted
    >
      <Tabs.List aria-label={t('markdown.tabs', { label })}>
        <Tabs.Tab value="write">{t('markdown.write', { label: label.toLowerCase() })}</Tabs.Tab>
        <Tabs.Tab value="preview">{t('markdown.preview', { label: label.toLowerCase() })}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="write" pt="xs">
        <Textarea
          label={label}
          description={t('markdown.help', { description })}
          autosize
          minRows={6}
          maxRows={20}
          maxLength={50_000}
          key={inputKey}
          {...inputProps}
        />
      </Tabs.Panel>
      <Tabs.Panel value="preview" pt="xs">
        <Paper withBorder p="md" radius="md">
          {previewed.trim() ? <Markdown>{previewed}</Markdown> : <Text c="dimmed">{t('markdown.empty')}</Text>}
        </Paper>
      </Tabs.Panel>
    </Tabs>
  );
}
