import { Img, Section } from '@react-email/components';
import { PASS_CID } from '../pass-code.ts';
import { Paragraph } from './layout.tsx';

/** The person's pass in the message: the QR code attached to it (pass.png), to show at the door. */
export function PassCode() {
  return (
    <Section style={{ margin: '24px 0', textAlign: 'center' }}>
      <Paragraph>
        <strong>Show this code at the door</strong>: it checks you in. It is also attached (pass.png) and in My Events.
      </Paragraph>
      <Img
        src={`cid:${PASS_CID}`}
        width="240"
        height="240"
        alt="Your pass: a QR code to show at the door"
        style={{ margin: '0 auto', imageRendering: 'pixelated' }}
      />
    </Section>
  );
}
