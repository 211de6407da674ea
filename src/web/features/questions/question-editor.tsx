import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Modal.css';
import { Alert, Checkbox, Fieldset, Group, Modal, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format.ts';
import { type Question, type QuestionType, questionsSchema, questionTypes } from '../../../shared/questions.ts';
import { Button } from '../../components/button.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { problemIn } from '../../lib/problems.ts';
import { useFocusAfterRender } from '../../lib/use-focus-after-render.ts';
import {
  blankDraft,
  canTellAge,
  checkDrafts,
  draftOf,
  type FlagField,
  hasErrors,
  hasOptions,
  idsOf,
  MAX_QUESTIONS,
  normalised,
  type QuestionDraft,
  type QuestionField,
  questionsOf,
  serverErrorsOf,
} from './question-drafts.ts';
import classes from './question-editor.module.css';

type Part = QuestionField | 'row' | 'exposed' | 'add' | 'up' | 'down' | 'remove';

export interface QuestionDrafts {
  rows: QuestionDraft[];
  /** Each row's id as it would be saved now (a new one's from its label). */
  ids: string[];
  /** A problem with the list as a whole (too many questions). */
  listError: string | undefined;
  /** The id of a row's box or button, and of the Add button ('add'). */
  idOf: (key: string, part: Part) => string;
  add: () => void;
  /** Takes a question off (the editor asks first for one people may have answered). */
  remove: (key: string) => void;
  move: (key: string, by: -1 | 1) => void;
  change: (key: string, field: Exclude<QuestionField, FlagField>, value: string) => void;
  toggle: (key: string, field: FlagField, on: boolean) => void;
  /** Checks every question, shows what is wrong beside each box: true when all are fine. */
  check: () => boolean;
  /** The questions as the form holds them, for a schema to check (`questions` of PUT /api/site). */
  input: () => ReturnType<typeof questionsOf>;
  /** The questions as PUT takes them, trimmed (only once `check` passed). */
  questions: () => Question[];
  /** Whether they differ from those saved (or offered). */
  changed: () => boolean;
  /**
   * Takes a failed save in: the server's field messages (`<prefix>.<index>.<field>`) beside their boxes,
   * a refused change of type (409) beside each type changed. True when a box says what went wrong.
   */
  fail: (error: unknown, prefix?: string) => boolean;
  /** These questions are saved now: their ids stay, and taking one off asks first. */
  markSaved: (questions: readonly Question[]) => void;
  /** Starts again from these questions, loaded once the editor was drawn (the organisation's): nothing changed, nothing wrong. */
  reset: (questions: readonly Question[]) => void;
}

interface QuestionDraftsOptions {
  /** The questions are an event's own, which people may have answered (Update Event): taking one off asks first. */
  answered?: boolean;
}

/**
 * The questions of an editor, with where focus goes after each change: to the new question's box after
 * Add, to the next question's (or the one before's, or Add) after Remove, and with the question moved.
 */
export function useQuestionDrafts(initial: readonly Question[] = [], { answered = false }: QuestionDraftsOptions = {}): QuestionDrafts {
  const prefix = useId();
  const [rows, setRows] = useState<QuestionDraft[]>(() => initial.map((question) => draftOf(question, answered)));
  const [listError, setListError] = useState<string | undefined>(undefined);
  /** Ids of saved questions taken off: a new question never takes one (their answers are not its answers). */
  const [retired, setRetired] = useState<string[]>([]);
  const [baseline, setBaseline] = useState(() => normalised(initial));
  const focusNext = useFocusAfterRender();
  const idOf: QuestionDrafts['idOf'] = (key, part) => (part === 'add' ? `${prefix}-add` : `${prefix}-${key}-${part}`);

  const update = (key: string, changes: Partial<QuestionDraft>, cleared: (QuestionField | 'row')[]) =>
    setRows((current) =>
      current.map((draft) => {
        if (draft.key !== key) return draft;
        const errors = { ...draft.errors };
        for (const field of cleared) delete errors[field];
        return { ...draft, ...changes, errors };
      }),
    );

  return {
    rows,
    ids: idsOf(rows, retired),
    listError,
    idOf,
    add: () => {
      if (rows.length >= MAX_QUESTIONS) return;
      const draft = blankDraft();
      setRows((current) => [...current, draft]);
      focusNext(idOf(draft.key, 'label'));
    },
    remove: (key) => {
      const at = rows.findIndex((draft) => draft.key === key);
      const draft = rows[at];
      if (!draft) return;
      const rest = rows.filter((row) => row.key !== key);
      setRows(rest);
      setListError(undefined);
      const { saved } = draft;
      if (saved) setRetired((current) => [...current, saved.id]);
      const next = rest[at] ?? rest[at - 1];
      focusNext(next ? idOf(next.key, 'label') : idOf('', 'add'));
    },
    move: (key, by) => {
      const at = rows.findIndex((draft) => draft.key === key);
      const to = at + by;
      const draft = rows[at];
      if (!draft || to < 0 || to >= rows.length) return;
      const moved = rows.filter((row) => row.key !== key);
      moved.splice(to, 0, draft);
      setRows(moved);
      // The button pressed, or the other one once the question has reached the end it went to (that one is off).
      const atEnd = by < 0 ? to === 0 : to === rows.length - 1;
      const pressed = by < 0 ? 'up' : 'down';
      focusNext(idOf(key, atEnd ? (pressed === 'up' ? 'down' : 'up') : pressed));
    },
    change: (key, field, value) => {
      if (field === 'type') {
        const type = value as QuestionType;
        // The boxes that go with the old type go (their problems too).
        update(key, { type }, ['type', 'options', 'age', 'row']);
      } else update(key, { [field]: value }, [field]);
    },
    toggle: (key, field, on) => update(key, { [field]: on }, [field]),
    check: () => {
      const checked = checkDrafts(rows, retired);
      setRows(rows.map((draft, index) => ({ ...draft, errors: checked.errors[index] ?? {} })));
      setListError(checked.listError);
      return checked.listError === undefined && !checked.errors.some(hasErrors);
    },
    input: () => questionsOf(rows, retired),
    questions: () => questionsSchema.parse(questionsOf(rows, retired)),
    changed: () => normalised(questionsOf(rows, retired)) !== baseline,
    fail: (error, prefix = 'questions') => {
      const placed = serverErrorsOf(error, rows.length, prefix);
      if (placed) {
        setRows(rows.map((draft, index) => ({ ...draft, errors: placed.errors[index] ?? {} })));
        setListError(placed.listError);
        return placed.errors.some(hasErrors);
      }
      // A 409: a question's type changed after people answered it. Said beside each type that changed.
      const typeChanged = (draft: QuestionDraft) => draft.saved !== null && draft.saved.type !== draft.type;
      if (!isApiError(error) || error.status !== 409 || !rows.some(typeChanged)) return false;
      setRows(
        rows.map((draft) => (typeChanged(draft) ? { ...draft, errors: { ...draft.errors, type: problemIn(error.message) } } : draft)),
      );
      return true;
    },
    markSaved: (questions) => {
      const byIndex = [...questions];
      setRows((current) =>
        current.map((draft, index) => {
          const question = byIndex[index];
          return question ? { ...draft, id: question.id, saved: question, errors: {} } : draft;
        }),
      );
      setBaseline(normalised(questions));
      setListError(undefined);
    },
    reset: (questions) => {
      setRows(questions.map((question) => draftOf(question, answered)));
      setRetired([]);
      setBaseline(normalised(questions));
      setListError(undefined);
    },
  };
}

interface QuestionEditorProps {
  drafts: QuestionDrafts;
  /** The group's name: 'Registration questions' unless said ('Questions for every event'). */
  legend?: string;
  /** Said under the legend. */
  hint?: string;
}

/**
 * Questions people answer when they register (an event's, or the organisation's for every event): each
 * a group named by its number and wording, every box named with its question ('Type for question 2'),
 * each problem beside its box. Nothing is sent from here: the form saves them with the rest.
 */
export function QuestionEditor({ drafts, legend, hint }: QuestionEditorProps) {
  const { t, i18n } = useTranslation('manage');
  const { t: common } = useTranslation();
  const count = (value: number) => formatNumber(value, i18n.language);
  const hintId = useId();
  /** A question people may have answered, waiting for a yes before it is taken off. */
  const [asking, setAsking] = useState<{ key: string; label: string; open: boolean; confirmed: boolean } | null>(null);
  const typeNames = Object.fromEntries(questionTypes.map((type) => [type, t(`questionEditor.types.${type}`)])) as Record<
    QuestionType,
    string
  >;
  const full = drafts.rows.length >= MAX_QUESTIONS;

  return (
    <Fieldset legend={legend ?? t('questionEditor.legend')} aria-describedby={hintId}>
      <Stack gap="md">
        <Text id={hintId} size="sm" c="dimmed">
          {hint ?? t('questionEditor.hint')}
        </Text>
        {drafts.rows.length === 0 && <Text size="sm">{t('questionEditor.none')}</Text>}
        {drafts.rows.map((draft, index) => {
          const n = count(index + 1);
          const label = draft.label.trim();
          const id = drafts.ids[index] ?? '';
          // A sensitive answer shown at the door is seen by whoever checks people in, not only by admins.
          const exposed = draft.sensitive && draft.checkIn;
          const exposedId = drafts.idOf(draft.key, 'exposed');
          const flag = (field: FlagField) => ({
            id: drafts.idOf(draft.key, field),
            label: t(`questionEditor.${field}`),
            'aria-label': t(`questionEditor.${field}Of`, { n }),
            description: t(`questionEditor.${field}Hint`),
            checked: draft[field],
            error: draft.errors[field],
            onChange: (event: { currentTarget: { checked: boolean } }) => drafts.toggle(draft.key, field, event.currentTarget.checked),
          });
          return (
            <Fieldset
              key={draft.key}
              legend={
                <span className={classes.legend}>
                  {label ? t('questionEditor.rowNamed', { n, label }) : t('questionEditor.row', { n })}
                </span>
              }
              variant="filled"
              aria-describedby={draft.errors.row ? drafts.idOf(draft.key, 'row') : undefined}
            >
              <Stack gap="sm">
                <TextInput
                  id={drafts.idOf(draft.key, 'label')}
                  label={t('questionEditor.label')}
                  aria-label={t('questionEditor.labelOf', { n })}
                  description={t(draft.id ? 'questionEditor.idKept' : 'questionEditor.idNew', { id })}
                  required
                  autoComplete="off"
                  maxLength={200}
                  value={draft.label}
                  error={draft.errors.label}
                  onChange={(event) => drafts.change(draft.key, 'label', event.currentTarget.value)}
                />
                <NativeSelect
                  id={drafts.idOf(draft.key, 'type')}
                  label={t('questionEditor.type')}
                  aria-label={t('questionEditor.typeOf', { n })}
                  description={draft.saved ? t('questionEditor.typeSaved') : undefined}
                  data={questionTypes.map((type) => ({ value: type, label: typeNames[type] }))}
                  value={draft.type}
                  error={draft.errors.type}
                  onChange={(event) => drafts.change(draft.key, 'type', event.currentTarget.value)}
                />
                {hasOptions(draft.type) && (
                  <Textarea
                    id={drafts.idOf(draft.key, 'options')}
                    label={t('questionEditor.options')}
                    aria-label={t('questionEditor.optionsOf', { n })}
                    description={t('questionEditor.optionsHint')}
                    required
                    autosize
                    minRows={3}
                    maxRows={12}
                    value={draft.options}
                    error={draft.errors.options}
                    onChange={(event) => drafts.change(draft.key, 'options', event.currentTarget.value)}
                  />
                )}
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
                  <Checkbox {...flag('required')} />
                  <Checkbox {...flag('staffOnly')} />
                  <Checkbox {...flag('sensitive')} />
                  <Checkbox {...flag('checkIn')} aria-describedby={exposed ? exposedId : undefined} />
                  {canTellAge(draft.type) && <Checkbox {...flag('age')} />}
                </SimpleGrid>
                {exposed && (
                  <Alert id={exposedId} role="none" color="orange" variant="light" p="xs">
                    <Text size="sm" className={classes.wrap}>
                      {t('questionEditor.sensitiveAtCheckIn')}
                    </Text>
                  </Alert>
                )}
                {draft.errors.row && (
                  <Text id={drafts.idOf(draft.key, 'row')} size="sm" c="red.9" className={classes.wrap}>
                    {draft.errors.row}
                  </Text>
                )}
                <Group justify="flex-end" gap="sm">
                  <Button
                    id={drafts.idOf(draft.key, 'up')}
                    variant="default"
                    aria-label={t('questionEditor.moveUpOf', { n })}
                    disabled={index === 0}
                    onClick={() => drafts.move(draft.key, -1)}
                  >
                    {t('questionEditor.moveUp')}
                  </Button>
                  <Button
                    id={drafts.idOf(draft.key, 'down')}
                    variant="default"
                    aria-label={t('questionEditor.moveDownOf', { n })}
                    disabled={index === drafts.rows.length - 1}
                    onClick={() => drafts.move(draft.key, 1)}
                  >
                    {t('questionEditor.moveDown')}
                  </Button>
                  <Button
                    id={drafts.idOf(draft.key, 'remove')}
                    variant="default"
                    aria-label={t('questionEditor.removeOf', { n })}
                    onClick={() => {
                      if (draft.saved) setAsking({ key: draft.key, label: label || id, open: true, confirmed: false });
                      else drafts.remove(draft.key);
                    }}
                  >
                    {t('questionEditor.remove')}
                  </Button>
                </Group>
              </Stack>
            </Fieldset>
          );
        })}
        {drafts.listError && (
          <Text size="sm" c="red.9" role="alert">
            {drafts.listError}
          </Text>
        )}
        <div>
          <Button id={drafts.idOf('', 'add')} variant="light" disabled={full} onClick={drafts.add}>
            {t('questionEditor.add')}
          </Button>
          {full && (
            <Text size="sm" c="dimmed" mt={4}>
              {t('questionEditor.max', { n: count(MAX_QUESTIONS) })}
            </Text>
          )}
        </div>
      </Stack>
      <Modal
        opened={asking?.open ?? false}
        onClose={() => setAsking((current) => current && { ...current, open: false })}
        // After a yes, focus goes where the question was (see useQuestionDrafts); after a no, back to Remove.
        returnFocus={!asking?.confirmed}
        title={t('questionEditor.confirmTitle')}
        centered
        closeButtonProps={{ 'aria-label': common('close') }}
        styles={{ title: { fontWeight: 700 } }}
      >
        <Text mb="lg" className={classes.wrap}>
          {t('questionEditor.confirmSubject', { label: asking?.label ?? '' })}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" data-autofocus onClick={() => setAsking((current) => current && { ...current, open: false })}>
            {t('questionEditor.confirmNo')}
          </Button>
          <Button
            tone="danger"
            onClick={() => {
              if (!asking?.open) return;
              setAsking({ ...asking, open: false, confirmed: true });
              drafts.remove(asking.key);
            }}
          >
            {t('questionEditor.confirmYes')}
          </Button>
        </Group>
      </Modal>
    </Fieldset>
  );
}
