import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { adminPeopleQueries } from '../features/users/api.ts';
import { PersonSummary } from '../features/users/person-summary.tsx';
import { RecordPage } from '../features/users/record-page.tsx';
import { RoleForm } from '../features/users/role-form.tsx';
import { accountRoles } from '../features/users/roles.ts';
import { useCurrentAccount } from '../lib/current-account.ts';

/** /dashboard/users/{accountId}: 'Account Role Update' (spec section 2). */
export function DashboardAccountRolePage() {
  const { accountId = '' } = useParams();
  const query = useQuery(adminPeopleQueries.account(accountId));
  const { account: me } = useCurrentAccount();

  return (
    <RecordPage
      title="Account Role Update"
      what="account"
      query={query}
      back={{ to: '/dashboard/all-accounts', label: 'Back to All Accounts' }}
    >
      {(account) => (
        <>
          {me?._id === account._id && <Text fw={600}>This is your own account: with another role you lose the admin pages.</Text>}
          <PersonSummary name={account.displayName} email={account.email} photoURL={account.photoURL} role={account.role} />
          <RoleForm label="Account Role Update" email={account.email} currentRole={account.role} roles={accountRoles} />
        </>
      )}
    </RecordPage>
  );
}
