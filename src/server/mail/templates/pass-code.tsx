import { Img, Section } from '@react-email/components';
import type { Language } from '../../../shared/language.ts';
import { wordsFor } from '../../words.ts';
import { PASS_CID } from '../pass-code.ts';
import { Paragraph } from './layout.tsx';

/** The person's pass in the message: the QR code attached to it (pass.png), to show at the door. */
export function PassCode({ language }: { language?: Language }) {
  const t = wordsFor(language ?? 'en', 'mail');
  return (
    <Section style={{ margin: '24px 0', textAlign: 'center' }}>
      <Paragraph>
        <strong>{t('pass.show')}</strong>
        {t('pass.showRest')}
      </Paragraph>
      <Img src={`cid:${PASS_CID}`} width="240" height="240" alt={t('pass.alt')} style={{ margin: '0 auto', imageRendering: 'pixelated' }} />
    </Section>
  );
}
