import { useQueryClient } from '@tanstack/react-query';
import { type Donation, donorOf } from '../../../shared/donations.ts';
import { formatAmount } from '../../../shared/money.ts';
import { adminListKey } from '../../components/admin-list/list-query.ts';
import { useConfirmDelete } from '../../lib/use-confirm-delete.ts';
import { refundDonation } from './api.ts';

/** '$30.00 from dana@example.org': how a dialog and a toast name a donation. */
export const donationDescribed = (donation: Donation) =>
  `${formatAmount(donation.amount, donation.currency)} from ${donorOf(donation.email)}`;

/** Refund on All Donation (an admin): asks (it cannot be undone), refunds, says so, and refreshes the lists. */
export function useRefundDonation() {
  const queryClient = useQueryClient();
  return useConfirmDelete<Donation>({
    remove: (donation) => refundDonation(donation._id),
    subject: (donation) =>
      `${donationDescribed(donation)} for ${donation.event} will be given back to the card it was paid with, and the donor emailed. This cannot be undone.`,
    deleted: (donation) => `Refunded ${donationDescribed(donation)}`,
    notDeleted: (donation) => `${donationDescribed(donation)} not refunded`,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminListKey }),
  });
}
