import { bannerSchema } from '../../../shared/events.ts';
import {
  PictureAddressField,
  type PictureAddressFieldProps,
  type PictureAddressFieldText,
} from '../../components/picture-address-field.tsx';
import classes from './banner-field.module.css';

const banner: PictureAddressFieldText = {
  label: 'Banner (optional)',
  description: 'An https address of an image, or upload a picture below. Left empty, a new event gets a simple picture of the site’s own.',
  required: false,
  uploadLabel: 'Upload a banner picture',
  previewable: (address) => bannerSchema.safeParse(address).success,
  preview: { alt: 'Banner preview', className: classes.preview },
};

/** An event's banner (DECISIONS 3.4): an image address, or a picture uploaded here. */
export function BannerField(props: PictureAddressFieldProps) {
  return <PictureAddressField text={banner} {...props} />;
}
