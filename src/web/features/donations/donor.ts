import { useTranslation } from 'react-i18next';
import { isDeletedDonor } from '../../../shared/donations.ts';

/**
 * Who gave (or whom a message was for), as the pages show it: the email, or 'Deleted account' in the
 * reader's words for an account deleted since (shared donorOf's words for exports and receipts).
 */
export function useDonorOf(): (email: string) => string {
  const { t } = useTranslation();
  return (email) => (isDeletedDonor(email) ? t('donor.deleted') : email);
}
