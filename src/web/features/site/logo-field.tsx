import { pictureAddressSchema } from '../../../shared/site.ts';
import {
  PictureAddressField,
  type PictureAddressFieldProps,
  type PictureAddressFieldText,
} from '../../components/picture-address-field.tsx';
import { webConfig } from '../../lib/config.ts';
import classes from './logo-field.module.css';

const logoSchema = pictureAddressSchema('Logo');

const logo: PictureAddressFieldText = {
  label: 'Logo',
  description: "An https address of a square picture, or upload one below. Leave empty for the product's own logo.",
  uploadLabel: 'Upload a logo',
  previewable: (address) => logoSchema.safeParse(address).success,
  preview: { alt: 'Logo preview', className: classes.preview, width: 64, height: 64 },
  fallback: { src: webConfig.logo, note: "The product's own logo (none set)." },
};

/** The organisation's logo, chosen as an event's banner is; empty, the product's own logo is shown. */
export function LogoField(props: PictureAddressFieldProps) {
  return <PictureAddressField text={logo} {...props} />;
}
