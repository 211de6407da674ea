import { webConfig } from '../../lib/config.ts';
import classes from './review-card.module.css';
import { reviewPicture } from './review-picture.ts';

/** Decorative: the reviewer's name is not shown on the home page, so the picture has no alt text. */
export function ReviewAvatar({ img }: { img: string | null }) {
  return (
    <img
      src={reviewPicture(img)}
      alt=""
      width={44}
      height={44}
      loading="lazy"
      className={classes.avatar}
      onError={(event) => {
        // A broken link shows the default picture once, not an error loop.
        const image = event.currentTarget;
        if (!image.src.endsWith(webConfig.defaultAvatar)) image.src = webConfig.defaultAvatar;
      }}
    />
  );
}
