import { Section } from '@react-email/components';
import { formatAmount } from '../../../shared/money.ts';
import type { OutgoingMessage } from '../outbox.ts';
import { renderMessage } from '../render.ts';
import { Detail, type ReceiptMail, receiptTime } from './donation-receipt.tsx';
import { links } from './event-links.ts';
import { Action, Layout, Paragraph } from './layout.tsx';

/** The receipt's donation, and when it was given back. */
export interface RefundMail extends ReceiptMail {
  refundedAt: Date;
}

function DonationRefunded({ mail }: { mail: RefundMail }) {
  const amount = formatAmount(mail.amountCents, mail.currency);
  return (
    <Layout
      site={mail.site}
      preview={`${amount} is on its way back to your card.`}
      heading="Your donation has been refunded"
      reason={`You get this email because ${mail.charity.name} gave back a donation you made. Keep it with your receipt.`}
    >
      <Paragraph>
        {mail.charity.name} has refunded your donation of {amount} for {mail.eventTitle}.{' '}
        {mail.last4 ? `It goes back to your card ending ${mail.last4}` : 'It goes back to the card you paid with'}; banks usually take 5 to
        10 working days to show it.
      </Paragraph>
      <Section>
        <Detail name="Amount refunded">{`${amount} (${mail.currency.toUpperCase()})`}</Detail>
        <Detail name="Donated on">{receiptTime(mail.paidAt, mail.site.timeZone)}</Detail>
        <Detail name="Refunded on">{receiptTime(mail.refundedAt, mail.site.timeZone)}</Detail>
        <Detail name="Transaction reference">{mail.transaction}</Detail>
        <Detail name="Questions about this refund">{mail.charity.contact}</Detail>
      </Section>
      <Action href={links.receipt(mail.site, mail.donationId)}>Open the receipt</Action>
    </Layout>
  );
}

/** Its key and subject, without writing it: what the outbox holds and shows until the worker writes it. */
export const donationRefundedHeading = (mail: Omit<RefundMail, 'site'>) => ({
  key: `donation-refunded:${mail.donationId}`,
  subject: `Refunded: ${formatAmount(mail.amountCents, mail.currency)} to ${mail.charity.name}`,
});

/** Told once per donation, whoever gave it back (an admin here, or through the provider's dashboard). */
export async function donationRefundedMessage(mail: RefundMail): Promise<OutgoingMessage> {
  const { html, text } = await renderMessage(<DonationRefunded mail={mail} />);
  return {
    ...donationRefundedHeading(mail),
    kind: 'donation-refunded',
    to: mail.to,
    html,
    text,
  };
}
