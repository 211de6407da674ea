import { Container, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import surface from '../../components/surface.module.css';

/** The card that holds the login and sign-up forms, with the page's one heading. */
export function AuthPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size={460} py="xl">
      <div className={surface.card}>
        <Stack gap="lg" p={{ base: 0, xs: 'sm' }}>
          <Title order={1}>{title}</Title>
          {children}
        </Stack>
      </div>
    </Container>
  );
}
