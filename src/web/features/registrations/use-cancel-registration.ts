import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { eventMessages } from '../../../shared/events.ts';
import type { Registration } from '../../../shared/registrations.ts';
import { notify } from '../../lib/notify.ts';
import { cancelRegistration, registrationQueries } from './api.ts';

const withTitle = (template: string, title: string) => template.replace('{title}', title);

/**
 * Cancel Event (spec sections 4 and 8): ask first; a 'no' says '{title} not deleted', a 'yes'
 * deletes, says '{title} deleted successfully' and takes the card off the list.
 */
export function useCancelRegistration(email: string) {
  const queryClient = useQueryClient();
  // The one asked about stays after the dialog closes, so its words do not vanish mid-animation.
  const [asking, setAsking] = useState<{ registration: Registration; open: boolean } | null>(null);
  const mine = registrationQueries.mine(email);

  const cancel = useMutation({
    mutationFn: (registration: Registration) => cancelRegistration(registration._id),
    onSuccess: (_deletedCount, registration) => {
      // 0 means it had already gone (cancelled in another tab): gone either way.
      queryClient.setQueryData(mine.queryKey, (list) => list?.filter((r) => r._id !== registration._id));
      void notify({ color: 'teal', message: withTitle(eventMessages.deleted, registration.title) });
    },
    onError: (error, registration) => {
      void notify({ color: 'red', title: withTitle(eventMessages.notDeleted, registration.title), message: error.message });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: mine.queryKey }),
  });

  const close = () => setAsking((current) => current && { ...current, open: false });

  return {
    opened: asking?.open ?? false,
    asking: asking?.registration ?? null,
    cancellingId: cancel.isPending ? (cancel.variables?._id ?? null) : null,
    ask: (registration: Registration) => setAsking({ registration, open: true }),
    confirm: () => {
      if (asking?.open) cancel.mutate(asking.registration);
      close();
    },
    decline: () => {
      if (asking?.open) void notify({ color: 'red', message: withTitle(eventMessages.notDeleted, asking.registration.title) });
      close();
    },
  };
}
