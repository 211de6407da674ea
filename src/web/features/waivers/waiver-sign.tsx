import '@mantine/core/styles/Checkbox.css';
import { Alert, Checkbox, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { loadProblemWords } from '../../lib/problems.ts';
import type { WaiverSignState } from './use-waiver-sign.ts';
import { WaiverParagraphs } from './waiver-text.tsx';
import classes from './waivers.module.css';

interface WaiverSignProps {
  sign: WaiverSignState;
}

/**
 * The register page's waiver (after the questions): the event's waiver to read, in a box of its own
 * that scrolls (reached by Tab, scrolled by the arrow keys, named by the section's heading), 'I have
 * read and accept the waiver', the person's full name as their signature, and, when they are under 18
 * on the event's day, a parent's or guardian's full name with why it is asked. Each problem beside its
 * field; a refusal moves the focus to the first, or to the text when it changed since it was read.
 */
export function WaiverSign({ sign }: WaiverSignProps) {
  const { t } = useTranslation('registrations');
  const headingId = useId();
  const changedId = useId();
  const box = useRef<HTMLDivElement>(null);
  const textBox = useRef<HTMLElement>(null);
  const { focusAsked, errors } = sign;

  // The problems' words in the reader's language, before anyone can get one wrong.
  useEffect(loadProblemWords, []);
  // After the render that shows the problems, so the fields are marked invalid.
  useEffect(() => {
    if (focusAsked.count === 0) return;
    if (focusAsked.to === 'text') textBox.current?.focus();
    else box.current?.querySelector<HTMLElement>('input[aria-invalid="true"]')?.focus();
  }, [focusAsked]);

  return (
    <Stack gap="sm" ref={box}>
      <Title order={2} id={headingId} className={classes.heading}>
        {t('waiver.heading')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('waiver.intro')}
      </Text>
      {sign.changed && (
        <Alert role="none" color="orange" variant="light" id={changedId}>
          {sign.changed}
        </Alert>
      )}
      <section
        aria-labelledby={headingId}
        aria-describedby={sign.changed ? changedId : undefined}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls is reached by Tab, so a keyboard can scroll it (WCAG 2.1.1)
        tabIndex={0}
        ref={textBox}
        className={classes.text}
      >
        <WaiverParagraphs text={sign.text} />
      </section>
      <Checkbox
        label={t('waiver.accept')}
        name="waiver.accepted"
        checked={sign.accepted}
        onChange={(event) => sign.setAccepted(event.currentTarget.checked)}
        error={errors.accepted}
        aria-invalid={errors.accepted ? true : undefined}
        aria-required
      />
      <TextInput
        label={t('waiver.signedName')}
        description={t('waiver.signedNameHelp')}
        name="waiver.signedName"
        autoComplete="name"
        value={sign.signedName}
        onChange={(event) => sign.setSignedName(event.currentTarget.value)}
        error={errors.signedName}
        aria-required
      />
      {sign.withGuardian && (
        <TextInput
          label={t('waiver.guardianName')}
          description={t('waiver.guardianHelp')}
          name="waiver.guardianName"
          autoComplete="off"
          value={sign.guardianName}
          onChange={(event) => sign.setGuardianName(event.currentTarget.value)}
          error={errors.guardianName}
          aria-required
        />
      )}
    </Stack>
  );
}
