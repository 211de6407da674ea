import type { MailSite } from '../../mail/templates/layout.tsx';

/** Who a donation went to, as a receipt names it. */
export interface Charity {
  name: string;
  /** Where the charity can be reached on the web. */
  website: string;
  /** Where to ask about a donation: the contact email, or the website when no email is set. */
  contact: string;
  /** The charity registration number, '' when none is set (and then not shown). */
  registrationNumber: string;
  /** The postal address, '' when none is set. */
  address: string;
  /** The contact email, '' when none is set. */
  email: string;
}

/**
 * The charity on receipts, from the organisation's settings as `site` was read with them
 * (`app.mailSite()`, at the time of the receipt): the registered name and number, postal address and
 * contact email the charity has set, and nothing in their place when it has set none.
 */
export function charityOf(site: MailSite): Charity {
  return {
    name: site.name,
    website: site.publicUrl,
    contact: site.email || site.publicUrl,
    registrationNumber: site.registrationNumber ?? '',
    address: site.address ?? '',
    email: site.email ?? '',
  };
}
