import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { webConfig } from '../lib/config.ts';
import { SocialLinks } from './social-links.tsx';
import { SubscribeForm } from './subscribe-form.tsx';
import classes from './site-footer.module.css';

/** Contact details are placeholders until the charity fills in its own. */
const contact = {
  address: '12 Example Street, Springfield',
  phone: '+1 (555) 010-0100',
  email: 'hello@example.org',
};

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className={classes.footer}>
      <Container size="lg" py="xl">
        <div className={classes.columns}>
          <Stack gap="sm">
            <Title order={2} size="h4">
              {webConfig.siteName}
            </Title>
            <Text size="sm">
              We bring neighbours together to plant trees, share meals and lend a hand where it is needed most. Join an event as a volunteer
              or support one with a donation.
            </Text>
            <SocialLinks />
          </Stack>
          <Stack gap="xs">
            <Title order={2} size="h4">
              Contact us
            </Title>
            <Text size="sm" component="address" className={classes.address}>
              {contact.address}
              <br />
              Phone: <Anchor href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`}>{contact.phone}</Anchor>
              <br />
              Email: <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor>
            </Text>
            <Anchor component={Link} to="/events" size="sm">
              Browse upcoming events
            </Anchor>
          </Stack>
          <SubscribeForm />
        </div>
        <Text size="sm" c="dimmed" mt="xl" pt="md" className={classes.copyright}>
          © {year} {webConfig.siteName}. All rights reserved.
        </Text>
      </Container>
    </footer>
  );
}
