import { useQueryClient } from '@tanstack/react-query';
import { type Account, accountMessages } from '../../../shared/accounts.ts';
import { fillMessage } from '../../../shared/messages.ts';
import { adminListKey } from '../../components/admin-list/list-query.ts';
import { currentAccountQuery, useCurrentAccount } from '../../lib/current-account.ts';
import { useConfirmDelete } from '../../lib/use-confirm-delete.ts';
import { adminPeopleKey, deleteAccount } from './api.ts';

/**
 * Delete on All Accounts (an admin): asks, saying when it is the admin's own account, deletes the
 * sign-in and registrations (donations stay), says so, and refreshes the lists and records.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const { account: me } = useCurrentAccount();
  const isMe = (account: Account) => me?._id === account._id;
  const remove = useConfirmDelete<Account>({
    remove: (account) => deleteAccount(account._id),
    subject: (account) =>
      `${isMe(account) ? 'This is your own account: you will be signed out. ' : ''}${account.displayName} (${account.email}) will be deleted with their sign-in and event registrations. Their donations are kept as financial records.`,
    deleted: (account) => fillMessage(accountMessages.deleted, { email: account.email }),
    notDeleted: (account) => fillMessage(accountMessages.notDeleted, { email: account.email }),
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
