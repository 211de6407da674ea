import { Text } from '@mantine/core';
import type { Account } from '../../shared/accounts.ts';
import { AdminList } from '../components/admin-list/admin-list.tsx';
import type { Column } from '../components/admin-list/admin-table.tsx';
import { confirmedActionColumn } from '../components/admin-list/confirmed-action-column.tsx';
import { ButtonLink } from '../components/button.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { OrNotGiven } from '../features/users/not-given.tsx';
import { roleNames } from '../features/users/roles.ts';
import { useDeleteAccount } from '../features/users/use-delete-account.ts';
import { counted } from '../lib/counted.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** /dashboard/all-accounts: every account, with Edit Role and Delete (spec section 2). */
export function DashboardAllAccountsPage() {
  usePageTitle('All Accounts');
  const { isMe, ...remove } = useDeleteAccount();

  const columns: Column<Account>[] = [
    {
      id: 'name',
      header: 'Name',
      sort: 'name',
      cell: (account) => (
        <Text fw={600}>
          {account.displayName}
          {isMe(account) && ' (you)'}
        </Text>
      ),
    },
    { id: 'age', header: 'Age', sort: 'age', cell: (account) => <OrNotGiven value={account.age} /> },
    { id: 'education', header: 'Education', sort: 'education', cell: (account) => <OrNotGiven value={account.education} /> },
    { id: 'occupation', header: 'Occupation', sort: 'occupation', cell: (account) => <OrNotGiven value={account.occupation} /> },
    { id: 'address', header: 'Address', sort: 'address', cell: (account) => <OrNotGiven value={account.address} /> },
    { id: 'role', header: 'Role', sort: 'role', cell: (account) => roleNames[account.role] },
    {
      id: 'email',
      header: 'Email ID',
      sort: 'email',
      cell: (account) => <span style={{ overflowWrap: 'anywhere' }}>{account.email}</span>,
    },
    {
      id: 'edit-role',
      header: 'Edit Role',
      action: true,
      cell: (account) => (
        <ButtonLink to={`/dashboard/users/${account._id}`} variant="light" aria-label={`Edit Role of ${account.email}`}>
          Edit Role
        </ButtonLink>
      ),
    },
    confirmedActionColumn(remove, { label: (account) => `Delete ${account.email}` }),
  ];

  return (
    <>
      <AdminList<Account>
        path="/users"
        heading={(total, q) => `Total ${counted(total, 'account')}${q ? ` matching ‘${q}’` : ''}`}
        loadingHeading="All Accounts"
        caption="Accounts"
        noun="accounts"
        searchLabel="Search accounts"
        searchPlaceholder="Search by name or email"
        columns={columns}
        rowKey={(account) => account._id}
        empty={<Text ta="center">There are no accounts yet.</Text>}
      />
      <ConfirmDialog opened={remove.opened} subject={remove.subject} onConfirm={remove.confirm} onDecline={remove.decline} />
    </>
  );
}
