import { useTranslation } from 'react-i18next';
import { bannerSchema } from '../../../shared/events.ts';
import {
  PictureAddressField,
  type PictureAddressFieldProps,
  type PictureAddressFieldText,
} from '../../components/picture-address-field.tsx';
import classes from './banner-field.module.css';

const previewable = (address: string) => bannerSchema.safeParse(address).success;

/** An event's banner (DECISIONS 3.4): an image address, or a picture uploaded here. */
export function BannerField(props: PictureAddressFieldProps) {
  const { t } = useTranslation('manage');
  const banner: PictureAddressFieldText = {
    label: t('banner.label'),
    description: t('banner.description'),
    required: false,
    uploadLabel: t('banner.upload'),
    previewable,
    preview: { alt: t('banner.previewAlt'), className: classes.preview },
  };
  return <PictureAddressField text={banner} {...props} />;
}
