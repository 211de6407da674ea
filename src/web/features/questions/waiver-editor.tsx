import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Fieldset.css';
import { Checkbox, Fieldset, Stack, Text, Textarea } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../../shared/field-errors.ts';
import { formatNumber } from '../../../shared/format.ts';
import { type EventWaiver, waiverWriteSchema } from '../../../shared/waivers.ts';
import { isApiError } from '../../lib/api-error.ts';
import { problemIn } from '../../lib/problems.ts';

/** What saving does with the waiver: set this text (a new version), take it off, or nothing. */
export type WaiverChange = { text: string } | { remove: true } | null;

export interface WaiverDraft {
  /** Whether people are asked to sign one. */
  on: boolean;
  text: string;
  error: string | undefined;
  /** The waiver as saved (its version and text); null: none. */
  saved: EventWaiver | null;
  /** The id of its text box. */
  textId: string;
  setOn: (on: boolean) => void;
  setText: (text: string) => void;
  /** Shows what is wrong beside the text: true when nothing is. */
  check: () => boolean;
  /** What saving would send (only once `check` passed). */
  change: () => WaiverChange;
  /**
   * A failed save: the server's message beside the text when it is about it (`field`: what the server
   * calls the text, `waiver.text` when the waiver went with the event). True when it is.
   */
  fail: (error: unknown, field?: string) => boolean;
  /** What the server holds now. */
  markSaved: (waiver: EventWaiver | null) => void;
}

/** The waiver of an event's form, from the event's `waiver` (null for a new event, or one without). */
export function useWaiverDraft(initial: EventWaiver | null = null): WaiverDraft {
  const textId = useId();
  const [saved, setSaved] = useState(initial);
  const [on, setOn] = useState(initial !== null);
  const [text, setText] = useState(initial?.text ?? '');
  const [error, setError] = useState<string | undefined>(undefined);

  const problem = () => {
    if (!on) return undefined;
    const message = fieldErrorsOf(waiverWriteSchema.safeParse({ text }).error?.issues ?? []).text;
    return message === undefined ? undefined : problemIn(message);
  };

  return {
    on,
    text,
    error,
    saved,
    textId,
    setOn: (value) => {
      setOn(value);
      setError(undefined);
    },
    setText: (value) => {
      setText(value);
      setError(undefined);
    },
    check: () => {
      const found = problem();
      setError(found);
      return found === undefined;
    },
    change: () => {
      if (!on) return saved ? { remove: true } : null;
      const written = waiverWriteSchema.parse({ text }).text;
      return written === saved?.text ? null : { text: written };
    },
    fail: (failure, field = 'text') => {
      const message = isApiError(failure) ? failure.fields?.[field] : undefined;
      if (message === undefined) return false;
      setError(problemIn(message));
      return true;
    },
    markSaved: (waiver) => {
      setSaved(waiver);
      setError(undefined);
      if (waiver) setText(waiver.text);
    },
  };
}

/**
 * Whether people sign a waiver when they register, and its text. The version people sign is shown;
 * a changed text is saved as the next one (those who signed keep what they signed).
 */
export function WaiverEditor({ draft }: { draft: WaiverDraft }) {
  const { t, i18n } = useTranslation('manage');
  const { saved } = draft;
  const changed = saved !== null && draft.on && draft.text.trim() !== saved.text;

  return (
    <Fieldset legend={t('waiverEditor.legend')}>
      <Stack gap="sm">
        <Checkbox
          label={t('waiverEditor.ask')}
          description={t('waiverEditor.askHint')}
          checked={draft.on}
          onChange={(event) => draft.setOn(event.currentTarget.checked)}
        />
        {saved && (
          <Text size="sm" fw={600}>
            {t('waiverEditor.version', { version: formatNumber(saved.version, i18n.language) })}
            {changed ? ` ${t('waiverEditor.nextVersion', { version: formatNumber(saved.version + 1, i18n.language) })}` : ''}
          </Text>
        )}
        {draft.on && (
          <Textarea
            id={draft.textId}
            label={t('waiverEditor.text')}
            description={t('waiverEditor.textHint')}
            required
            autosize
            minRows={6}
            maxRows={20}
            maxLength={20_000}
            value={draft.text}
            error={draft.error}
            onChange={(event) => draft.setText(event.currentTarget.value)}
          />
        )}
        {!draft.on && saved && <Text size="sm">{t('waiverEditor.removing')}</Text>}
      </Stack>
    </Fieldset>
  );
}
