import classes from './event-banner.module.css';

const WIDTH = 800;

/**
 * Banners are decorative: the title beside them says what the event is. The frame keeps the banner's
 * shape before the picture arrives, and the picture says its size, so nothing moves when it does. An
 * eager banner is the first thing a page shows: fetched first.
 */
export function EventBanner({ src, ratio = 16 / 9, eager = false }: { src: string; ratio?: number; eager?: boolean }) {
  return (
    <div className={classes.frame} style={{ aspectRatio: ratio }}>
      <img
        src={src}
        alt=""
        width={WIDTH}
        height={Math.round(WIDTH / ratio)}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
        className={classes.image}
      />
    </div>
  );
}
