import type { MailSite } from '../../mail/templates/layout.tsx';

/** Who a donation went to, as a receipt names it. */
export interface Charity {
  name: string;
  /** Where the charity can be reached. */
  website: string;
  contact: string;
}

/**
 * The charity on receipts. There are no charity settings yet, so it is the site's name and address;
 * when settings come (registered name and number, postal address, contact email), they are read
 * here, and the receipt mail and the receipt page both show them.
 */
export function charityOf(site: MailSite): Charity {
  return { name: site.name, website: site.publicUrl, contact: site.publicUrl };
}
