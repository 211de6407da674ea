import { useTranslation } from 'react-i18next';
import { pictureAddressSchema } from '../../../shared/site.ts';
import {
  PictureAddressField,
  type PictureAddressFieldProps,
  type PictureAddressFieldText,
} from '../../components/picture-address-field.tsx';
import { webConfig } from '../../lib/config.ts';
import classes from './logo-field.module.css';

const logoSchema = pictureAddressSchema('Logo');
const previewable = (address: string) => logoSchema.safeParse(address).success;

/** The organisation's logo, chosen as an event's banner is; empty, the product's own logo is shown. */
export function LogoField(props: PictureAddressFieldProps) {
  const { t } = useTranslation('settings');
  const logo: PictureAddressFieldText = {
    label: t('logo.label'),
    description: t('logo.description'),
    uploadLabel: t('logo.upload'),
    previewable,
    preview: { alt: t('logo.previewAlt'), className: classes.preview, width: 64, height: 64 },
    fallback: { src: webConfig.logo, note: t('logo.fallback') },
  };
  return <PictureAddressField text={logo} {...props} />;
}
