import { Skeleton, Text } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import classes from './qr-code.module.css';

/**
 * The QR code of `text` as SVG markup. The library is loaded on first use, so only the pages that draw
 * a code download it; a drawn code never changes, so it is kept for the visit.
 */
const qrSvgQuery = (text: string) =>
  queryOptions({
    queryKey: ['qr-svg', text] as const,
    queryFn: async () => {
      const library = await import('qrcode');
      // The package is CommonJS: its functions are on the default export once bundled.
      const qrcode = (library as unknown as { default?: typeof library }).default ?? library;
      // A quiet zone of four modules, as the standard asks, and medium error correction: a code on a
      // phone screen can be scratched or glared but is never printed small.
      const svg = await qrcode.toString(text, { type: 'svg', margin: 4, errorCorrectionLevel: 'M' });
      // The wrapper is the picture a screen reader names; the drawing inside is not a second one.
      return svg.replace('<svg ', '<svg aria-hidden="true" focusable="false" ');
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

interface QrCodeProps {
  text: string;
  /** What a screen reader says for the picture. */
  label: string;
  /** Width and height in CSS pixels (a phone scans 280 px and more from another phone's screen). */
  size?: number;
}

/** A QR code, drawn black on white whatever the page's colours, big enough to be scanned from a screen. */
export function QrCode({ text, label, size = 300 }: QrCodeProps) {
  const { t } = useTranslation();
  const query = useQuery(qrSvgQuery(text));
  if (query.isError) return <Text role="alert">{t('qr.failed', { reason: query.error.message })}</Text>;
  if (!query.data) return <Skeleton width={size} height={size} maw="100%" aria-hidden="true" />;
  return (
    <div
      role="img"
      aria-label={label}
      className={classes.code}
      style={{ width: size }}
      data-testid="qr-code"
      // The library's own SVG: a white square and black modules, nothing taken from the page.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: markup made by qrcode from the pass's text, not from input
      dangerouslySetInnerHTML={{ __html: query.data }}
    />
  );
}
