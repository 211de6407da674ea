import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from './notify.ts';

interface ConfirmDeleteOptions<Item> {
  /** Deletes it; resolves once the server has answered. */
  remove: (item: Item) => Promise<unknown>;
  /** Said under the dialog's question: what will go. */
  subject: (item: Item) => string;
  /** Toasts: '{title} deleted successfully', and '{title} not deleted' on a 'no' or a failure. */
  deleted: (item: Item) => string;
  notDeleted: (item: Item) => string;
  onDeleted?: (item: Item) => void;
  onSettled?: () => void;
}

/**
 * Every delete asks first (spec sections 4 and 8, DECISIONS 3.10): a 'no' says '… not deleted',
 * a 'yes' deletes and says '… deleted successfully'; a failure says why.
 */
export function useConfirmDelete<Item>(options: ConfirmDeleteOptions<Item>) {
  // The one asked about stays after the dialog closes, so its words do not vanish mid-animation.
  const [asking, setAsking] = useState<{ item: Item; open: boolean } | null>(null);

  const mutation = useMutation({
    mutationFn: options.remove,
    onSuccess: (_result, item) => {
      options.onDeleted?.(item);
      void notify({ color: 'teal', message: options.deleted(item) });
    },
    onError: (error, item) => {
      void notify({ color: 'red', title: options.notDeleted(item), message: error.message });
    },
    onSettled: () => options.onSettled?.(),
  });

  const close = () => setAsking((current) => current && { ...current, open: false });

  return {
    opened: asking?.open ?? false,
    subject: asking ? options.subject(asking.item) : '',
    /** The item being deleted: its button waits. */
    deleting: mutation.isPending ? (mutation.variables ?? null) : null,
    ask: (item: Item) => setAsking({ item, open: true }),
    confirm: () => {
      if (asking?.open) mutation.mutate(asking.item);
      close();
    },
    decline: () => {
      if (asking?.open) void notify({ color: 'red', message: options.notDeleted(asking.item) });
      close();
    },
  };
}
