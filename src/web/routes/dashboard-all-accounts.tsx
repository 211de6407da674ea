import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../shared/accounts.ts';
import { AdminList } from '../components/admin-list/admin-list.tsx';
import { type Column, formatCount } from '../components/admin-list/admin-table.tsx';
import { confirmedActionColumn } from '../components/admin-list/confirmed-action-column.tsx';
import { ButtonLink } from '../components/button.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { OrNotGiven } from '../features/users/not-given.tsx';
import { useDeleteAccount } from '../features/users/use-delete-account.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** /dashboard/all-accounts: every account, with Edit Role and Delete (spec section 2). */
export function DashboardAllAccountsPage() {
  const { t, i18n } = useTranslation('admin');
  usePageTitle(t('accounts.title'));
  const { isMe, ...remove } = useDeleteAccount();

  const columns: Column<Account>[] = [
    {
      id: 'name',
      header: t('accounts.name'),
      sort: 'name',
      cell: (account) => (
        <Text fw={600}>
          {account.displayName}
          {isMe(account) && ` ${t('accounts.you')}`}
        </Text>
      ),
    },
    { id: 'age', header: t('accounts.age'), sort: 'age', cell: (account) => <OrNotGiven value={account.age} /> },
    { id: 'education', header: t('accounts.education'), sort: 'education', cell: (account) => <OrNotGiven value={account.education} /> },
    {
      id: 'occupation',
      header: t('accounts.occupation'),
      sort: 'occupation',
      cell: (account) => <OrNotGiven value={account.occupation} />,
    },
    { id: 'address', header: t('accounts.address'), sort: 'address', cell: (account) => <OrNotGiven value={account.address} /> },
    { id: 'role', header: t('accounts.role'), sort: 'role', cell: (account) => t(`roles.${account.role}`) },
    {
      id: 'email',
      header: t('accounts.email'),
      sort: 'email',
      cell: (account) => <span style={{ overflowWrap: 'anywhere' }}>{account.email}</span>,
    },
    {
      id: 'edit-role',
      header: t('accounts.editRole'),
      action: true,
      cell: (account) => (
        <ButtonLink to={`/dashboard/users/${account._id}`} variant="light" aria-label={t('accounts.editRoleOf', { email: account.email })}>
          {t('accounts.editRole')}
        </ButtonLink>
      ),
    },
    confirmedActionColumn(remove, {
      header: t('accounts.delete'),
      label: (account) => t('accounts.deleteLabel', { email: account.email }),
    }),
  ];

  return (
    <>
      <AdminList<Account>
        path="/users"
        heading={(total, q) => {
          const count = { count: total, n: formatCount(total, i18n.language) };
          return q ? t('accounts.headingMatch', { ...count, q }) : t('accounts.heading', count);
        }}
        loadingHeading={t('accounts.title')}
        caption={t('accounts.caption')}
        noun={t('accounts.noun')}
        searchLabel={t('accounts.searchLabel')}
        searchPlaceholder={t('accounts.searchPlaceholder')}
        columns={columns}
        rowKey={(account) => account._id}
        empty={<Text ta="center">{t('accounts.empty')}</Text>}
      />
      <ConfirmDialog opened={remove.opened} subject={remove.subject} onConfirm={remove.confirm} onDecline={remove.decline} />
    </>
  );
}
