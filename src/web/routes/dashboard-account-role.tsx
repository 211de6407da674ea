import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ButtonLink } from '../components/button.tsx';
import { QueryError } from '../components/query-error.tsx';
import { adminPeopleQueries } from '../features/admin-people/api.ts';
import { PersonSummary } from '../features/admin-people/person-summary.tsx';
import { RecordNotFound, RecordSkeleton } from '../features/admin-people/record-state.tsx';
import { RoleForm } from '../features/admin-people/role-form.tsx';
import { accountRoles } from '../features/admin-people/roles.ts';
import { isApiError } from '../lib/api-error.ts';
import { useCurrentAccount } from '../lib/current-account.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

const back = { to: '/dashboard/all-accounts', label: 'Back to All Accounts' };

/** /dashboard/users/{accountId}: 'Account Role Update' (spec section 2). */
export function DashboardAccountRolePage() {
  const { accountId = '' } = useParams();
  const query = useQuery(adminPeopleQueries.account(accountId));
  const { account: me } = useCurrentAccount();
  const notFound = isApiError(query.error, 'not_found');
  usePageTitle(notFound ? 'Account not found' : 'Account Role Update');

  if (notFound) {
    return <RecordNotFound title="Account not found" text="This account does not exist or has been deleted." back={back} />;
  }
  const account = query.data;
  return (
    <Stack gap="lg">
      <Title order={1}>Account Role Update</Title>
      {query.isPending && <RecordSkeleton label="Loading the account" />}
      {query.isError && !account && (
        <QueryError title="The account could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
      )}
      {account && (
        <>
          {me?._id === account._id && <Text fw={600}>This is your own account: with another role you lose the admin pages.</Text>}
          <PersonSummary name={account.displayName} email={account.email} photoURL={account.photoURL} role={account.role} />
          <RoleForm label="Account Role Update" email={account.email} currentRole={account.role} roles={accountRoles} />
        </>
      )}
      <div>
        <ButtonLink to={back.to} variant="subtle">
          {back.label}
        </ButtonLink>
      </div>
    </Stack>
  );
}
