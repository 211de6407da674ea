import { Section, Text } from '@react-email/components';
import { formatAmount } from '../../../shared/money.ts';
import type { Charity } from '../../features/donations/charity.ts';
import type { OutgoingMessage } from '../outbox.ts';
import { renderMessage } from '../render.ts';
import { links } from './event-links.ts';
import { Action, Layout, type MailSite, oneLine, Paragraph } from './layout.tsx';

export interface ReceiptMail {
  site: MailSite;
  charity: Charity;
  donationId: string;
  to: string;
  amountCents: number;
  currency: string;
  paidAt: Date;
  transaction: string;
  last4: string | null;
  eventTitle: string;
}

const receiptClocks = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant on a receipt, on the charity's clock (its time zone, as its accounts are kept), with the
 * zone said: '5 December 2026, 20:32 GMT+6'; '…, 14:32 UTC' for a charity on UTC; in Bengali with
 * Bengali digits and month names.
 */
export function receiptTime(instant: Date, timeZone: string, language = 'en'): string {
  const key = `${language} ${timeZone}`;
  let clock = receiptClocks.get(key);
  if (!clock) {
    clock = new Intl.DateTimeFormat(language === 'bn' ? 'bn-BD' : 'en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
      timeZoneName: 'short',
    });
    receiptClocks.set(key, clock);
  }
  return clock.format(instant).replace(' at ', ', ');
}

const label = { color: '#52606d', fontSize: '14px', lineHeight: '20px', margin: '0' };
const value = { color: '#1f2933', fontSize: '16px', lineHeight: '24px', margin: '0 0 12px', fontWeight: 600 };

/** One labelled line of a receipt (and of the refund message). */
export function Detail({ name, children }: { name: string; children: string }) {
  return (
    <>
      <Text style={label}>{name}</Text>
      <Text style={value}>{children}</Text>
    </>
  );
}

function DonationReceipt({ mail }: { mail: ReceiptMail }) {
  const amount = formatAmount(mail.amountCents, mail.currency);
  return (
    <Layout
      site={mail.site}
      preview={`Your receipt for ${amount} to ${mail.charity.name}.`}
      heading="Thank you for your donation"
      reason={`You get this email as the receipt for your donation to ${mail.charity.name}. Keep it for your records.`}
    >
      <Paragraph>
        We have received your donation of {amount} for {mail.eventTitle}. This email is your receipt.
      </Paragraph>
      <Section>
        <Detail name="Amount">{`${amount} (${mail.currency.toUpperCase()})`}</Detail>
        <Detail name="Date">{receiptTime(mail.paidAt, mail.site.timeZone)}</Detail>
        <Detail name="For">{mail.eventTitle}</Detail>
        <Detail name="Transaction reference">{mail.transaction}</Detail>
        {mail.last4 ? <Detail name="Card">{`Card ending ${mail.last4}`}</Detail> : null}
        <Detail name="Received by">{`${mail.charity.name}, ${mail.charity.website}`}</Detail>
        {mail.charity.registrationNumber ? <Detail name="Charity registration number">{mail.charity.registrationNumber}</Detail> : null}
        {mail.charity.address ? <Detail name="Address">{oneLine(mail.charity.address)}</Detail> : null}
        <Detail name="Questions about this donation">{mail.charity.contact}</Detail>
      </Section>
      <Action href={links.receipt(mail.site, mail.donationId)}>Open the printable receipt</Action>
    </Layout>
  );
}

/** Its key and subject, without writing it: what the outbox holds and shows until the worker writes it. */
export const donationReceiptHeading = (mail: Omit<ReceiptMail, 'site'>) => ({
  key: `donation-receipt:${mail.donationId}`,
  subject: `Your receipt: ${formatAmount(mail.amountCents, mail.currency)} to ${mail.charity.name}`,
});

/**
 * The donation receipt, queued with the donation record. A record of a payment, not news: it has no
 * unsubscribe link, like a shop's receipt.
 */
export async function donationReceiptMessage(mail: ReceiptMail): Promise<OutgoingMessage> {
  const { html, text } = await renderMessage(<DonationReceipt mail={mail} />);
  return {
    ...donationReceiptHeading(mail),
    kind: 'donation-receipt',
    to: mail.to,
    html,
    text,
  };
}
