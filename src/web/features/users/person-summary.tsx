import { Group, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../shared/accounts.ts';
import { AccountPhoto } from '../../components/account-photo.tsx';
import classes from './person-summary.module.css';

interface PersonSummaryProps {
  name: string;
  email: string;
  photoURL: string | null;
  role: Role;
  /** More lines after Name, Email and Role: the event a registration is for. */
  more?: { term: string; value: ReactNode }[];
}

/** Whose role is about to change, so the admin can be sure before pressing the button. */
export function PersonSummary({ name, email, photoURL, role, more = [] }: PersonSummaryProps) {
  const { t } = useTranslation('admin');
  const lines = [
    { term: t('personSummary.name'), value: name },
    { term: t('personSummary.email'), value: email },
    { term: t('personSummary.role'), value: t(`roles.${role}`) },
    ...more,
  ];
  return (
    <Paper withBorder p="md" radius="md" maw={720}>
      <Group align="flex-start" gap="md" wrap="nowrap">
        <AccountPhoto photoURL={photoURL} size={64} />
        <dl className={classes.lines}>
          {lines.map((line) => (
            <div key={line.term} className={classes.line}>
              <dt>{line.term}</dt>
              <dd>{line.value}</dd>
            </div>
          ))}
        </dl>
      </Group>
    </Paper>
  );
}
