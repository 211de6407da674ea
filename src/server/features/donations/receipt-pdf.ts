import { deletedDonorLabel, donorOf, type Receipt } from '../../../shared/donations.ts';
import { receiptTime } from '../../../shared/format.ts';
import type { Language } from '../../../shared/language.ts';
import { formatAmount } from '../../../shared/money.ts';
import { a4Document, colours } from '../../pdf/a4-writer.ts';
import { wordsFor } from '../../words.ts';

/**
 * The printable receipt as a PDF (A4) in the reader's language: the charity, the donation, and whether
 * it was refunded. The charity's own details (name, address, event title) are shown as written.
 */
export async function receiptPdf(receipt: Receipt, timeZone: string, language: Language = 'en'): Promise<Uint8Array> {
  const t = wordsFor(language, 'documents');
  const amount = formatAmount(receipt.amount, receipt.currency, language);
  const when = (instant: string) => receiptTime(new Date(instant), timeZone, language);
  const { write, detail, space, save } = await a4Document({
    title: t('receipt.title', { amount, charity: receipt.charity.name }),
    author: receipt.charity.name,
    created: new Date(receipt.date),
  });

  write(receipt.charity.name, { bold: true, size: 16, gap: 4 });
  if (receipt.charity.address) write(receipt.charity.address, { size: 10, color: colours.grey });
  if (receipt.charity.registrationNumber)
    write(t('registeredNumber', { number: receipt.charity.registrationNumber }), { size: 10, color: colours.grey });
  write(receipt.charity.website, { size: 10, color: colours.grey, gap: 24 });

  write(t('receipt.heading'), { bold: true, size: 22, gap: 18 });
  if (receipt.refundedAt) {
    write(t('receipt.refunded', { time: when(receipt.refundedAt) }), { bold: true, size: 12, color: colours.red, gap: 16 });
  }
  detail(t('receipt.amount'), `${amount} (${receipt.currency.toUpperCase()})`);
  detail(t('receipt.date'), when(receipt.created));
  detail(t('receipt.for'), receipt.event);
  const donor = donorOf(receipt.email);
  detail(t('receipt.donor'), donor === deletedDonorLabel ? t('deletedAccount') : donor);
  detail(t('receipt.transaction'), receipt.transaction);
  detail(t('receipt.number'), receipt._id);
  if (receipt.last4) detail(t('receipt.card'), t('receipt.cardEnding', { last4: receipt.last4 }));
  detail(t('receipt.receivedBy'), `${receipt.charity.name}, ${receipt.charity.website}`);
  space(8);
  write(t('receipt.questions', { contact: receipt.charity.contact }), { size: 10, color: colours.grey });
  write(t('receipt.thanks'), { size: 10, color: colours.grey });
  return save();
}
