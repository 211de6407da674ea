import { Section, Text } from '@react-email/components';
import { receiptTime } from '../../../shared/format.ts';
import { formatAmount } from '../../../shared/money.ts';
import type { Charity } from '../../features/donations/charity.ts';
import { manageUrl } from '../../features/subscriptions/manage-link.ts';
import type { OutgoingMessage } from '../outbox.ts';
import { renderMessage } from '../render.ts';
import { links } from './event-links.ts';
import { Action, type InLanguage, Layout, type MailSite, mailWords, oneLine, Paragraph } from './layout.tsx';

export interface ReceiptMail extends InLanguage {
  /** With the secret that signs a monthly gift's manage link, as the outbox writes it. */
  site: MailSite & { secret?: string };
  charity: Charity;
  donationId: string;
  to: string;
  amountCents: number;
  currency: string;
  paidAt: Date;
  transaction: string;
  last4: string | null;
  eventTitle: string;
  /** One month of a monthly gift: the receipt carries the link that manages it. */
  subscriptionId?: string | null;
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
  const { site, charity, language } = mail;
  const t = mailWords(mail);
  const amount = formatAmount(mail.amountCents, mail.currency, language);
  return (
    <Layout
      site={site}
      language={language}
      preview={t('donationReceipt.preview', { amount, charity: charity.name })}
      heading={t('donationReceipt.heading')}
      reason={t('donationReceipt.reason', { charity: charity.name })}
    >
      <Paragraph>{t('donationReceipt.received', { amount, title: mail.eventTitle })}</Paragraph>
      <Section>
        <Detail name={t('donationReceipt.amount')}>{`${amount} (${mail.currency.toUpperCase()})`}</Detail>
        <Detail name={t('donationReceipt.date')}>{receiptTime(mail.paidAt, site.timeZone, language)}</Detail>
        <Detail name={t('donationReceipt.for')}>{mail.eventTitle}</Detail>
        <Detail name={t('donationReceipt.transaction')}>{mail.transaction}</Detail>
        {mail.last4 ? <Detail name={t('donationReceipt.card')}>{t('donationReceipt.cardEnding', { last4: mail.last4 })}</Detail> : null}
        <Detail name={t('donationReceipt.receivedBy')}>{`${charity.name}, ${charity.website}`}</Detail>
        {charity.registrationNumber ? <Detail name={t('donationReceipt.registrationNumber')}>{charity.registrationNumber}</Detail> : null}
        {charity.address ? <Detail name={t('donationReceipt.address')}>{oneLine(charity.address)}</Detail> : null}
        <Detail name={t('donationReceipt.questions')}>{charity.contact}</Detail>
      </Section>
      <Action href={links.receipt(site, mail.donationId)} language={language}>
        {t('donationReceipt.open')}
      </Action>
      {mail.subscriptionId && site.secret ? (
        <>
          <Paragraph>{t('donationReceipt.monthly')}</Paragraph>
          <Action href={manageUrl(site.publicUrl, mail.subscriptionId, site.secret)} language={language}>
            {t('donationReceipt.manage')}
          </Action>
        </>
      ) : null}
    </Layout>
  );
}

/** Its key and subject, without writing it: what the outbox holds and shows until the worker writes it. */
export const donationReceiptHeading = (mail: Omit<ReceiptMail, 'site'>) => ({
  key: `donation-receipt:${mail.donationId}`,
  subject: mailWords(mail)('donationReceipt.subject', {
    amount: formatAmount(mail.amountCents, mail.currency, mail.language),
    charity: mail.charity.name,
  }),
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
