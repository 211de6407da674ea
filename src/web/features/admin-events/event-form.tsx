import { Alert, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { eventWriteSchema } from '../../../shared/events.ts';
import { Button } from '../../components/button.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { adminListKey } from '../admin/api.ts';
import { eventQueries } from '../events/api.ts';
import { BannerField } from './banner-field.tsx';
import { uploadBanner, type EventForm as EventFormValues } from './api.ts';

type Field = keyof EventFormValues;
type FieldErrors = Partial<Record<Field, string>>;

/** The date is typed as a day and an optional time, and sent as one value: 2026-12-05T14:30. */
type Draft = Omit<EventFormValues, 'date'> & { day: string; time: string };

export const emptyEventForm: EventFormValues = { index: '', key: '', title: '', desc: '', banner: '', date: '' };

function toDraft({ date, ...rest }: EventFormValues): Draft {
  return { ...rest, day: date.slice(0, 10), time: date.slice(11, 16) };
}

function toEventForm({ day, time, ...rest }: Draft): EventFormValues {
  return { ...rest, date: day && time ? `${day}T${time}` : day };
}

function errorsOf(issues: { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[issue.path[0] as Field] ??= issue.message;
  return errors;
}

interface EventFormProps<Result> {
  /** The form's accessible name: 'Add Event'. */
  name: string;
  initial: EventFormValues;
  /** Event Index and Event Key are shown only when adding; when updating the event's own are sent back. */
  withIdentity: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** The alert's title when the server could not be reached or refused: 'The event was not added'. */
  failureTitle: string;
  save: (form: EventFormValues) => Promise<Result>;
  onSaved: (result: Result, form: EventFormValues) => void;
}

/**
 * Add Event and Update Event (spec section 2, DECISIONS 3.4): checked here with the server's own
 * schema before anything is sent, each message beside its field; the server's field messages go
 * there too. Whatever the server answers, what was typed stays on the form.
 */
export function EventForm<Result>(props: EventFormProps<Result>) {
  const { withIdentity } = props;
  const [draft, setDraft] = useState(() => toDraft(props.initial));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  // Bumped when a submit finds problems, so focus moves to the first field that has one.
  const [problemCount, setProblemCount] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const queryClient = useQueryClient();
  const visibleFields: Field[] = withIdentity ? ['index', 'key', 'title', 'desc', 'banner', 'date'] : ['title', 'desc', 'banner', 'date'];

  const upload = useMutation({ mutationFn: uploadBanner });
  const save = useMutation({
    mutationFn: props.save,
    onSuccess: (result, form) => {
      void queryClient.invalidateQueries({ queryKey: adminListKey });
      void queryClient.invalidateQueries({ queryKey: eventQueries.all() });
      props.onSaved(result, form);
    },
    onError: (error) => {
      if (isApiError(error) && error.fields) {
        setFieldErrors(error.fields as FieldErrors);
        setProblemCount((count) => count + 1);
      }
    },
  });
  const serverFields = isApiError(save.error) ? Object.keys(save.error.fields ?? {}) : [];
  // A message for a field on the form is shown beside it; anything else (a network failure, a 403) in the alert.
  const failure =
    save.error && !(serverFields.length > 0 && serverFields.every((field) => visibleFields.includes(field as Field))) ? save.error : null;

  useEffect(() => {
    if (problemCount > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [problemCount]);

  function change<Name extends keyof Draft>(name: Name, value: Draft[Name]) {
    setDraft((current) => ({ ...current, [name]: value }));
    const field: Field = name === 'day' || name === 'time' ? 'date' : name;
    setFieldErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending || upload.isPending) return;
    const form = toEventForm(draft);
    const checked = eventWriteSchema.safeParse(form);
    if (!checked.success) {
      setFieldErrors(errorsOf(checked.error.issues));
      setProblemCount((count) => count + 1);
      return;
    }
    setFieldErrors({});
    save.mutate(form);
  }

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate aria-label={props.name}>
      <Stack gap="md" maw={720}>
        {withIdentity && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Event Index"
              description="Optional: a number is made up when left empty."
              inputMode="numeric"
              autoComplete="off"
              value={draft.index}
              error={fieldErrors.index}
              onChange={(event) => change('index', event.currentTarget.value)}
            />
            <TextInput
              label="Event Key"
              description="Optional: made up when left empty."
              autoComplete="off"
              maxLength={100}
              value={draft.key}
              error={fieldErrors.key}
              onChange={(event) => change('key', event.currentTarget.value)}
            />
          </SimpleGrid>
        )}
        <TextInput
          label="Event Title"
          required
          autoComplete="off"
          maxLength={200}
          value={draft.title}
          error={fieldErrors.title}
          onChange={(event) => change('title', event.currentTarget.value)}
        />
        <Textarea
          label="Description"
          required
          autosize
          minRows={4}
          maxRows={12}
          maxLength={5000}
          value={draft.desc}
          error={fieldErrors.desc}
          onChange={(event) => change('desc', event.currentTarget.value)}
        />
        <BannerField value={draft.banner} error={fieldErrors.banner} onChange={(banner) => change('banner', banner)} upload={upload} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            type="date"
            label="Event Date"
            required
            value={draft.day}
            error={fieldErrors.date}
            onChange={(event) => change('day', event.currentTarget.value)}
          />
          <TextInput
            type="time"
            label="Start Time (optional)"
            value={draft.time}
            onChange={(event) => change('time', event.currentTarget.value)}
          />
        </SimpleGrid>
        {failure && (
          <Alert color="red" variant="light" title={props.failureTitle}>
            {failure.message}
          </Alert>
        )}
        <div>
          <Button type="submit" size="md" disabled={save.isPending || upload.isPending}>
            {save.isPending ? props.pendingLabel : props.submitLabel}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
