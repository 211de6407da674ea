import { donorOf, type Receipt } from '../../../shared/donations.ts';
import { formatAmount } from '../../../shared/money.ts';
import { receiptTime } from '../../mail/templates/donation-receipt.tsx';
import { a4Document, colours } from '../../pdf/a4-writer.ts';

/** The printable receipt as a PDF (A4): the charity, the donation, and whether it was refunded. */
export async function receiptPdf(receipt: Receipt, timeZone: string): Promise<Uint8Array> {
  const amount = formatAmount(receipt.amount, receipt.currency);
  const { write, detail, space, save } = await a4Document({
    title: `Donation receipt: ${amount} to ${receipt.charity.name}`,
    author: receipt.charity.name,
    created: new Date(receipt.date),
  });

  write(receipt.charity.name, { bold: true, size: 16, gap: 4 });
  if (receipt.charity.address) write(receipt.charity.address, { size: 10, color: colours.grey });
  if (receipt.charity.registrationNumber)
    write(`Registered charity number ${receipt.charity.registrationNumber}`, { size: 10, color: colours.grey });
  write(receipt.charity.website, { size: 10, color: colours.grey, gap: 24 });

  write('Donation receipt', { bold: true, size: 22, gap: 18 });
  if (receipt.refundedAt) {
    write(`Refunded on ${receiptTime(new Date(receipt.refundedAt), timeZone)}: this donation was given back in full.`, {
      bold: true,
      size: 12,
      color: colours.red,
      gap: 16,
    });
  }
  detail('Amount', `${amount} (${receipt.currency.toUpperCase()})`);
  detail('Date', receiptTime(new Date(receipt.created), timeZone));
  detail('For', receipt.event);
  detail('Donor', donorOf(receipt.email));
  detail('Transaction reference', receipt.transaction);
  detail('Receipt number', receipt._id);
  if (receipt.last4) detail('Card', `Card ending ${receipt.last4}`);
  detail('Received by', `${receipt.charity.name}, ${receipt.charity.website}`);
  space(8);
  write(`Questions about this donation: ${receipt.charity.contact}`, { size: 10, color: colours.grey });
  write('Thank you for your support.', { size: 10, color: colours.grey });
  return save();
}
