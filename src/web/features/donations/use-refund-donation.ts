import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Donation } from '../../../shared/donations.ts';
import { formatAmount } from '../../../shared/money.ts';
import { adminListKey } from '../../components/admin-list/list-query.ts';
import { useConfirmDelete } from '../../lib/use-confirm-delete.ts';
import { refundDonation } from './api.ts';
import { useDonorOf } from './donor.ts';

/** '$30.00 from dana@example.org': how a dialog, a button and a toast name a donation, in the reader's words. */
export function useDonationDescribed(): (donation: Donation) => string {
  const { t, i18n } = useTranslation('admin');
  const donorOf = useDonorOf();
  return (donation) =>
    t('donations.described', { amount: formatAmount(donation.amount, donation.currency, i18n.language), donor: donorOf(donation.email) });
}

/** Refund on All Donation (an admin): asks (it cannot be undone), refunds, says so, and refreshes the lists. */
export function useRefundDonation() {
  const { t } = useTranslation('admin');
  const described = useDonationDescribed();
  const queryClient = useQueryClient();
  return useConfirmDelete<Donation>({
    remove: (donation) => refundDonation(donation._id),
    subject: (donation) => t('donations.refundSubject', { donation: described(donation), event: donation.event }),
    deleted: (donation) => t('donations.refundedToast', { donation: described(donation) }),
    notDeleted: (donation) => t('donations.notRefunded', { donation: described(donation) }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminListKey }),
  });
}
