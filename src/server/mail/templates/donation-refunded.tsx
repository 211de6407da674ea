import { Section } from '@react-email/components';
import { receiptTime } from '../../../shared/format.ts';
import { formatAmount } from '../../../shared/money.ts';
import type { OutgoingMessage } from '../outbox.ts';
import { renderMessage } from '../render.ts';
import { Detail, type ReceiptMail } from './donation-receipt.tsx';
import { links } from './event-links.ts';
import { Action, Layout, mailWords, Paragraph } from './layout.tsx';

/** The receipt's donation, and when it was given back. */
export interface RefundMail extends ReceiptMail {
  refundedAt: Date;
}

function DonationRefunded({ mail }: { mail: RefundMail }) {
  const { site, charity, language } = mail;
  const t = mailWords(mail);
  const amount = formatAmount(mail.amountCents, mail.currency, language);
  const refunded = { charity: charity.name, amount, title: mail.eventTitle };
  return (
    <Layout
      site={site}
      language={language}
      preview={t('donationRefunded.preview', { amount })}
      heading={t('donationRefunded.heading')}
      reason={t('donationRefunded.reason', { charity: charity.name })}
    >
      <Paragraph>
        {mail.last4
          ? t('donationRefunded.refundedToCard', { ...refunded, last4: mail.last4 })
          : t('donationRefunded.refundedToPaidCard', refunded)}
      </Paragraph>
      <Section>
        <Detail name={t('donationRefunded.amountRefunded')}>{`${amount} (${mail.currency.toUpperCase()})`}</Detail>
        <Detail name={t('donationRefunded.donatedOn')}>{receiptTime(mail.paidAt, site.timeZone, language)}</Detail>
        <Detail name={t('donationRefunded.refundedOn')}>{receiptTime(mail.refundedAt, site.timeZone, language)}</Detail>
        <Detail name={t('donationRefunded.transaction')}>{mail.transaction}</Detail>
        <Detail name={t('donationRefunded.questions')}>{charity.contact}</Detail>
      </Section>
      <Action href={links.receipt(site, mail.donationId)} language={language}>
        {t('donationRefunded.open')}
      </Action>
    </Layout>
  );
}

/** Its key and subject, without writing it: what the outbox holds and shows until the worker writes it. */
export const donationRefundedHeading = (mail: Omit<RefundMail, 'site'>) => ({
  key: `donation-refunded:${mail.donationId}`,
  subject: mailWords(mail)('donationRefunded.subject', {
    amount: formatAmount(mail.amountCents, mail.currency, mail.language),
    charity: mail.charity.name,
  }),
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
