import { webConfig } from '../lib/config.ts';
import classes from './account-photo.module.css';

interface AccountPhotoProps {
  photoURL: string | null;
  size: number;
  /** Empty when a name or a link's label beside it already says whose picture it is. */
  alt?: string;
}

/** The signed-in person's picture, round; the default picture when there is none or it fails to load. */
export function AccountPhoto({ photoURL, size, alt = '' }: AccountPhotoProps) {
  return (
    <img
      src={photoURL || webConfig.defaultAvatar}
      alt={alt}
      width={size}
      height={size}
      className={classes.photo}
      data-testid="account-photo"
      onError={(event) => {
        // A broken link shows the default picture once, not an error loop.
        const image = event.currentTarget;
        if (!image.src.endsWith(webConfig.defaultAvatar)) image.src = webConfig.defaultAvatar;
      }}
    />
  );
}
