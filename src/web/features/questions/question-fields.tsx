import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Radio.css';
import { Checkbox, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type EmergencyContact, type Question, questionMessages } from '../../../shared/questions.ts';
import { loadProblemWords, problemIn } from '../../lib/problems.ts';
import { emptyValue, type FieldValue } from './answer-values.ts';
import classes from './questions.module.css';
import type { AnswersState } from './use-answers.ts';

interface QuestionFieldsProps {
  answers: AnswersState;
  /** The group's name, shown as its legend (the register page's); none: the fields alone (a dialog's title names them). */
  legend?: string;
  /** The first field takes the focus when a dialog opens. */
  autofocus?: boolean;
}

interface FieldProps {
  question: Question;
  value: FieldValue;
  error: string | undefined;
  onChange: (value: FieldValue) => void;
  /** The base of the ids that tie a group's problem to each of its choices. */
  idBase: string;
  autofocus: boolean;
}

const text = (value: FieldValue) => (typeof value === 'string' ? value : '');

/** Where a problem with an emergency contact is shown: beside its phone when it is about the number, else beside its name. */
const isPhoneProblem = (message: string) => message === problemIn(questionMessages.notPhone) || message === questionMessages.notPhone;

function EmergencyContactField({ question, value, error, onChange, autofocus }: Omit<FieldProps, 'idBase'>) {
  const { t } = useTranslation('registrations');
  const contact = (
    typeof value === 'object' && value !== null && !Array.isArray(value) ? value : { name: '', phone: '' }
  ) as EmergencyContact;
  const phoneProblem = error !== undefined && isPhoneProblem(error);
  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.contactLegend}>
        {question.label}
        {question.required && (
          <span className={classes.asterisk} aria-hidden="true">
            {' *'}
          </span>
        )}
      </legend>
      <Stack gap="xs">
        <TextInput
          label={t('questions.contactName')}
          name={`answers.${question.id}.name`}
          autoComplete="off"
          aria-required={question.required || undefined}
          value={contact.name}
          onChange={(event) => onChange({ ...contact, name: event.currentTarget.value })}
          error={error !== undefined && !phoneProblem ? error : undefined}
          data-autofocus={autofocus || undefined}
        />
        <TextInput
          label={t('questions.contactPhone')}
          type="tel"
          name={`answers.${question.id}.phone`}
          autoComplete="off"
          aria-required={question.required || undefined}
          value={contact.phone}
          onChange={(event) => onChange({ ...contact, phone: event.currentTarget.value })}
          error={phoneProblem ? error : undefined}
        />
      </Stack>
    </fieldset>
  );
}

/** One question's field, by its type; its problem beside it, tied to it (aria-describedby) and marked invalid. */
function QuestionField({ question, value, error, onChange, idBase, autofocus }: FieldProps): ReactNode {
  const { t } = useTranslation('registrations');
  const common = {
    label: question.label,
    withAsterisk: question.required,
    error,
    classNames: { label: classes.label },
  };
  // Not the native `required`: the page's own check says what is missing, beside the field, in the reader's words.
  const input = {
    ...common,
    name: `answers.${question.id}`,
    'aria-required': question.required || undefined,
    'data-autofocus': autofocus || undefined,
  };
  // A group of choices is no input: each choice is marked invalid and described by the group's problem.
  const errorId = `${idBase}-${question.id}-error`;
  const choiceProps = (index: number) => ({
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    'data-autofocus': (autofocus && index === 0) || undefined,
  });

  switch (question.type) {
    case 'text':
      return <TextInput {...input} autoComplete="off" value={text(value)} onChange={(event) => onChange(event.currentTarget.value)} />;
    case 'longText':
      return (
        <Textarea
          {...input}
          autosize
          minRows={3}
          maxRows={12}
          value={text(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'date':
      return <TextInput {...input} type="date" value={text(value)} onChange={(event) => onChange(event.currentTarget.value)} />;
    case 'phone':
      return <TextInput {...input} type="tel" value={text(value)} onChange={(event) => onChange(event.currentTarget.value)} />;
    case 'choice':
      return (
        <Radio.Group {...common} errorProps={{ id: errorId }} name={`answers.${question.id}`} value={text(value)} onChange={onChange}>
          <Stack gap="xs" mt={4}>
            {question.options.map((option, index) => (
              <Radio key={option} value={option} label={option} {...choiceProps(index)} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'yesNo':
      return (
        <Radio.Group
          {...common}
          errorProps={{ id: errorId }}
          name={`answers.${question.id}`}
          value={value === true ? 'yes' : value === false ? 'no' : ''}
          onChange={(chosen) => onChange(chosen === 'yes')}
        >
          <Stack gap="xs" mt={4}>
            <Radio value="yes" label={t('questions.yes')} {...choiceProps(0)} />
            <Radio value="no" label={t('questions.no')} {...choiceProps(1)} />
          </Stack>
        </Radio.Group>
      );
    case 'multiChoice':
      return (
        <Checkbox.Group {...common} errorProps={{ id: errorId }} value={Array.isArray(value) ? value : []} onChange={onChange}>
          <Stack gap="xs" mt={4}>
            {question.options.map((option, index) => (
              <Checkbox key={option} value={option} label={option} name={`answers.${question.id}`} {...choiceProps(index)} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'emergencyContact':
      return <EmergencyContactField question={question} value={value} error={error} onChange={onChange} autofocus={autofocus} />;
  }
}

/**
 * The questions an event asks the person registering (decision 052), one field per question by its
 * type, labelled by the question, its asterisk when it needs an answer, its problem beside it. The
 * values and problems are `useAnswers`'; a refused check moves the focus to the first problem.
 */
export function QuestionFields({ answers, legend, autofocus = false }: QuestionFieldsProps) {
  const { t } = useTranslation('registrations');
  const idBase = useId();
  const box = useRef<HTMLDivElement>(null);
  const { questions, values, errors, focusAsked, setValue } = answers;

  // The problems' words in the reader's language, before anyone can get an answer wrong.
  useEffect(loadProblemWords, []);
  // After the render that shows the problems, so the fields are marked invalid.
  useEffect(() => {
    if (focusAsked > 0) box.current?.querySelector<HTMLElement>(':is(input, textarea)[aria-invalid="true"]')?.focus();
  }, [focusAsked]);

  if (questions.length === 0) return null;
  const fields = (
    <Stack gap="md" ref={box}>
      {questions.some((question) => question.required) && (
        <Text size="sm" c="dimmed">
          {t('questions.requiredHint')}
        </Text>
      )}
      {questions.map((question, index) => (
        <QuestionField
          key={question.id}
          question={question}
          value={question.id in values ? values[question.id] : emptyValue(question)}
          error={errors[question.id]}
          onChange={(value) => setValue(question.id, value)}
          idBase={idBase}
          autofocus={autofocus && index === 0}
        />
      ))}
    </Stack>
  );
  if (!legend) return fields;
  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>{legend}</legend>
      {fields}
    </fieldset>
  );
}
