import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../../shared/accounts.ts';
import { adminListKey } from '../../components/admin-list/list-query.ts';
import { currentAccountQuery, useCurrentAccount } from '../../lib/current-account.ts';
import { deletedOrSay } from '../../lib/deleted-or-say.ts';
import { useConfirmDelete } from '../../lib/use-confirm-delete.ts';
import { adminPeopleKey, deleteAccount } from './api.ts';

/**
 * Delete on All Accounts (an admin): asks, saying when it is the admin's own account, deletes the
 * sign-in and registrations (donations stay), says so, and refreshes the lists and records.
 */
export function useDeleteAccount() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const { account: me } = useCurrentAccount();
  const isMe = (account: Account) => me?._id === account._id;
  const remove = useConfirmDelete<Account>({
    remove: async (account) => deletedOrSay(await deleteAccount(account._id), t('accounts.alreadyDeleted')),
    subject: (account) => {
      const who = { name: account.displayName, email: account.email };
      return isMe(account) ? t('accounts.deleteOwnSubject', who) : t('accounts.deleteSubject', who);
    },
    deleted: (account) => t('accounts.deleted', { email: account.email }),
    notDeleted: (account) => t('accounts.notDeleted', { email: account.email }),
    onDeleted: (account) => {
      // Deleting yourself ends your session: asking who is signed in takes you to /login.
      if (isMe(account)) void queryClient.invalidateQueries({ queryKey: currentAccountQuery.queryKey });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminListKey });
      void queryClient.invalidateQueries({ queryKey: adminPeopleKey });
    },
  });
  return { ...remove, isMe };
}
