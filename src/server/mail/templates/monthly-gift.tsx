import { Section } from '@react-email/components';
import { formatWallDate } from '../../../shared/format.ts';
import { formatAmount } from '../../../shared/money.ts';
import { todayIn } from '../../../shared/time-zone.ts';
import type { Charity } from '../../features/donations/charity.ts';
import { manageUrl } from '../../features/subscriptions/manage-link.ts';
import type { OutgoingMessage } from '../outbox.ts';
import { renderMessage } from '../render.ts';
import type { SigningSite } from '../unsubscribe.ts';
import { Detail } from './donation-receipt.tsx';
import { Action, type InLanguage, Layout, mailWords, Paragraph } from './layout.tsx';

/** What changed on a monthly gift, each confirmed by email (and 'cancelledByCharity' when an admin cancelled it). */
export type GiftChange = 'amount' | 'paused' | 'resumed' | 'cancelled' | 'cancelledByCharity' | 'card';

export interface MonthlyGiftMail extends InLanguage {
  site: SigningSite;
  charity: Charity;
  subscriptionId: string;
  to: string;
  amountCents: number;
  currency: string;
  /** The event it goes to, or null for the organisation. */
  eventTitle: string | null;
  nextPaymentAt: Date | null;
  /** `changed`: what changed, the change's number (its key) and the amount before a new one. */
  change?: GiftChange;
  version?: number;
  previousAmountCents?: number;
  /** `failed`: the payment's number and the tries refused so far; the card's refusal. */
  period?: number;
  tries?: number;
  reason?: string;
  /** With Stripe, its page where the refused month can be paid with another card. */
  payUrl?: string;
}

type Kind = 'monthly-gift-changed' | 'monthly-gift-failed' | 'monthly-gift-ended';

const dayOf = (at: Date, mail: MonthlyGiftMail) => formatWallDate(todayIn(mail.site.timeZone, at), mail.language);

function MonthlyGift({ mail, kind }: { mail: MonthlyGiftMail; kind: Kind }) {
  const { site, charity, language } = mail;
  const t = mailWords(mail);
  const amount = formatAmount(mail.amountCents, mail.currency, language);
  const to = mail.eventTitle ?? charity.name;
  const next = mail.nextPaymentAt ? dayOf(mail.nextPaymentAt, mail) : null;
  const body =
    kind === 'monthly-gift-failed'
      ? [t('monthlyGift.failed.body', { amount, to }), next ? t('monthlyGift.failed.retry', { date: next }) : '']
      : kind === 'monthly-gift-ended'
        ? [t('monthlyGift.ended.body', { amount, to })]
        : [
            t(`monthlyGift.changed.${mail.change ?? 'amount'}`, {
              amount,
              previous: formatAmount(mail.previousAmountCents ?? mail.amountCents, mail.currency, language),
              to,
              charity: charity.name,
              date: next ?? '',
            }),
          ];
  const over = kind === 'monthly-gift-ended' || mail.change === 'cancelled' || mail.change === 'cancelledByCharity';
  return (
    <Layout
      site={site}
      language={language}
      preview={body[0] ?? ''}
      heading={t(
        kind === 'monthly-gift-changed'
          ? 'monthlyGift.changed.heading'
          : `monthlyGift.${kind === 'monthly-gift-failed' ? 'failed' : 'ended'}.heading`,
      )}
      reason={t('monthlyGift.reason', { charity: charity.name })}
    >
      {body.filter(Boolean).map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
      <Section>
        <Detail name={t('monthlyGift.amount')}>{`${amount} (${mail.currency.toUpperCase()})`}</Detail>
        <Detail name={t('monthlyGift.for')}>{to}</Detail>
        {next && !over ? <Detail name={t('monthlyGift.next')}>{next}</Detail> : null}
        <Detail name={t('monthlyGift.questions')}>{charity.contact}</Detail>
      </Section>
      {over ? null : (
        <Action
          href={kind === 'monthly-gift-failed' && mail.payUrl ? mail.payUrl : manageUrl(site.publicUrl, mail.subscriptionId, site.secret)}
          language={language}
        >
          {kind === 'monthly-gift-failed' ? t('monthlyGift.updateCard') : t('monthlyGift.manage')}
        </Action>
      )}
    </Layout>
  );
}

const subjects: Record<Kind, string> = {
  'monthly-gift-changed': 'monthlyGift.changed.subject',
  'monthly-gift-failed': 'monthlyGift.failed.subject',
  'monthly-gift-ended': 'monthlyGift.ended.subject',
};

const keys: Record<Kind, (mail: Omit<MonthlyGiftMail, 'site'>) => string> = {
  'monthly-gift-changed': (mail) => `monthly-gift-changed:${mail.subscriptionId}:${mail.version ?? 0}`,
  'monthly-gift-failed': (mail) => `monthly-gift-failed:${mail.subscriptionId}:${mail.period ?? 0}:${mail.version ?? 0}:${mail.tries ?? 0}`,
  'monthly-gift-ended': (mail) => `monthly-gift-ended:${mail.subscriptionId}`,
};

/** Its key and subject, without writing it: once per change, per refused try, and once when it ends. */
export const monthlyGiftHeading = (kind: Kind) => (mail: Omit<MonthlyGiftMail, 'site'>) => ({
  key: keys[kind](mail),
  subject: mailWords(mail)(subjects[kind], {
    amount: formatAmount(mail.amountCents, mail.currency, mail.language),
    charity: mail.charity.name,
  }),
});

/** A message about a monthly gift: a change confirmed, a payment refused, the gift ended. About money given: no unsubscribe. */
export const monthlyGiftMessage =
  (kind: Kind) =>
  async (mail: MonthlyGiftMail): Promise<OutgoingMessage> => {
    const { html, text } = await renderMessage(<MonthlyGift mail={mail} kind={kind} />);
    return { ...monthlyGiftHeading(kind)(mail), kind, to: mail.to, html, text };
  };

export const reviveMonthlyGift = (stored: Omit<MonthlyGiftMail, 'site'>) => ({
  ...stored,
  nextPaymentAt: stored.nextPaymentAt ? new Date(stored.nextPaymentAt) : null,
});
