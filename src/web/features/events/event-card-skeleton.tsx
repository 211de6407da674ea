import { CardSkeleton } from '../../components/card-skeleton.tsx';

/** Holds an event card's place while the list loads, so the page does not jump. */
export function EventCardSkeleton() {
  return (
    <CardSkeleton
      lines={[
        { height: 20, width: '80%' },
        { height: 14, width: '60%' },
        { height: 36, gap: true },
      ]}
    />
  );
}
