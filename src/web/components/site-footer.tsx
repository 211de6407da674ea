import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatYear } from '../../shared/format.ts';
import type { Site } from '../../shared/site.ts';
import { useSite } from '../lib/site.ts';
import classes from './site-footer.module.css';
import { SocialLinks } from './social-links.tsx';

/** A phone number as a tel: link dials it: digits and a leading +. */
const dialable = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;

/** The contact details the organisation has set, each only when it is: nothing stands in for one that is not. */
function Contact({ site }: { site: Site }) {
  const { t } = useTranslation();
  if (!site.address && !site.phone && !site.email) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('footer.contactUs')}
      </Title>
      <Text size="sm" component="address" className={classes.address}>
        {site.address && <span className={classes.postal}>{site.address}</span>}
        {site.phone && (
          <span>
            {t('footer.phone')} <Anchor href={dialable(site.phone)}>{site.phone}</Anchor>
          </span>
        )}
        {site.email && (
          <span>
            {t('footer.email')} <Anchor href={`mailto:${site.email}`}>{site.email}</Anchor>
          </span>
        )}
      </Text>
    </Stack>
  );
}

/**
 * The organisation as its settings describe it (DECISIONS 4.5): name, tagline, social links, contact
 * details and registration number where set, and the privacy policy and terms on every page.
 */
export function SiteFooter() {
  const { t, i18n } = useTranslation();
  const site = useSite();
  const year = formatYear(new Date().getFullYear(), i18n.language);
  return (
    <footer className={classes.footer}>
      <Container size="lg" py="xl">
        {site && (
          <>
            <div className={classes.columns}>
              <Stack gap="sm">
                <Title order={2} size="h4">
                  {site.name}
                </Title>
                {site.tagline && <Text size="sm">{site.tagline}</Text>}
                <SocialLinks links={site.socialLinks} />
              </Stack>
              <Contact site={site} />
              <Stack gap="xs" component="nav" aria-label={t('footer.aboutSite')}>
                <Anchor component={Link} to="/events" size="sm">
                  {t('footer.browseEvents')}
                </Anchor>
                <Anchor component={Link} to="/privacy" size="sm">
                  {t('footer.privacy')}
                </Anchor>
                <Anchor component={Link} to="/terms" size="sm">
                  {t('footer.terms')}
                </Anchor>
              </Stack>
            </div>
            <Text size="sm" c="dimmed" mt="xl" pt="md" className={classes.copyright}>
              {t('footer.copyright', { year, name: site.name })}
              {site.registrationNumber && ` ${t('footer.registered', { number: site.registrationNumber })}`}
            </Text>
          </>
        )}
      </Container>
    </footer>
  );
}
