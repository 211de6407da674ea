import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from './button.tsx';
import classes from './second-factor-first.module.css';

/**
 * In place of an admin page's data while the admin still has to set up two-step sign-in (ADMIN_MFA=
 * required) or pass it in this session: what to do, and the way to Security where it is done. The
 * headings are secondFactorMessages.setUpForAdmin and .confirmForAdmin (src/shared/second-factor.ts,
 * the API's words too), written in common.json to be said in the reader's language.
 */
export function SecondFactorFirst({ pending }: { pending: 'set-up' | 'confirm' }) {
  const { t } = useTranslation();
  const setUp = pending === 'set-up';
  return (
    <div role="status" className={classes.box}>
      <Text fw={700}>{setUp ? t('secondFactor.setUpTitle') : t('secondFactor.confirmTitle')}</Text>
      <Text size="sm" mt={4}>
        {setUp ? t('secondFactor.setUpText') : t('secondFactor.confirmText')}
      </Text>
      <ButtonLink to="/dashboard/security" className={classes.action}>
        {setUp ? t('secondFactor.setUp') : t('secondFactor.confirm')}
      </ButtonLink>
    </div>
  );
}
