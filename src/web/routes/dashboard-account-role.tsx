import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { adminPeopleQueries } from '../features/users/api.ts';
import { PersonSummary } from '../features/users/person-summary.tsx';
import { RecordPage } from '../features/users/record-page.tsx';
import { RoleForm } from '../features/users/role-form.tsx';
import { accountRoles } from '../features/users/roles.ts';
import { useCurrentAccount } from '../lib/current-account.ts';

/** /dashboard/users/{accountId}: 'Account Role Update' (spec section 2). */
export function DashboardAccountRolePage() {
  const { t } = useTranslation('admin');
  const { accountId = '' } = useParams();
  const query = useQuery(adminPeopleQueries.account(accountId));
  const { account: me } = useCurrentAccount();

  return (
    <RecordPage
      title={t('accountRole.title')}
      what={t('accountRole.what')}
      query={query}
      back={{ to: '/dashboard/all-accounts', label: t('accountRole.back') }}
    >
      {(account) => (
        <>
          {me?._id === account._id && <Text fw={600}>{t('accountRole.own')}</Text>}
          <PersonSummary name={account.displayName} email={account.email} photoURL={account.photoURL} role={account.role} />
          <RoleForm label={t('accountRole.title')} email={account.email} currentRole={account.role} roles={accountRoles} />
        </>
      )}
    </RecordPage>
  );
}
