import classes from './event-banner.module.css';

/** Banners are decorative: the title beside them says what the event is. */
export function EventBanner({ src, ratio = 16 / 9, eager = false }: { src: string; ratio?: number; eager?: boolean }) {
  return (
    <div className={classes.frame} style={{ aspectRatio: ratio }}>
      <img src={src} alt="" loading={eager ? 'eager' : 'lazy'} decoding="async" className={classes.image} />
    </div>
  );
}
