import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckinPerson } from '../../../shared/checkin.ts';
import { formatNumber } from '../../../shared/format.ts';
import type { ShiftSummary } from '../../../shared/shifts.ts';
import { formatInstantIn } from '../../lib/format-time.ts';
import { type AnswerLine, answerLines, rosterQueries } from '../roster/api.ts';
import { shiftLine } from '../staff/api.ts';
import { checkinQueries, type DoorList, type SendResult, sendCheckin } from './api.ts';
import { type CheckinConflict, doorStore, type QueuedCheckin } from './door-store.ts';
import { registrationIdOfPass } from './pass-id.ts';
import { sendQueue } from './send-queue.ts';

/** What the big banner says about the last check-in: green, amber, red, or kept on the phone. */
export interface DoorResult {
  tone: 'checked-in' | 'already' | 'invalid' | 'queued';
  title: string;
  detail?: string;
  /** The shift the check-in is for, on an event staffed by shifts: 'Shift: Driver, Saturday 5 December 2026, 8:00 am – 10:00 am'. */
  shift?: string;
  /**
   * The person's answers to the check-in questions (an allergy, a medical note), when the door list has
   * them at hand and the person is let in (checked in, already in, or saved on the phone).
   */
  answers?: { name: string; lines: AnswerLine[] };
  /** Counts up with each result, so the same words said twice are announced and focused again. */
  seq: number;
}

/** The scanner sees a code many times a second: the same pass again within this time is the same scan. */
const SAME_SCAN_MS = 5000;
/** While check-ins wait and the browser says it is online (a server error held them back), try again this often. */
const RETRY_MS = 15_000;

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** navigator.onLine as React state; true while drawn on the server. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** The door's words: the manage area's. */
type DoorWords = TFunction<'manage'>;

/** The banner's title for a refusal the server (or the phone's own list) gave. */
function refusalTitle(reason: string, t: DoorWords): string {
  switch (reason) {
    case 'already-checked-in':
      return t('door.alreadyCheckedIn');
    case 'waitlisted':
      return t('door.refused.waitlisted');
    case 'cancelled':
      return t('door.refused.cancelled');
    case 'not-found':
      return t('door.refused.notFound');
    case 'other-event':
      return t('door.refused.otherEvent');
    case 'undone':
      return t('door.refused.undone');
    case 'not-open-yet':
      return t('door.refused.notOpenYet');
    case 'closed':
      return t('door.refused.closed');
    default:
      return t('door.refused.notValid');
  }
}

/**
 * Whether the door is shut at `at` (before check-in opens, or after the event ended), by the list's own
 * times: said on the page, and, with no server to ask, in place of keeping a check-in it would refuse.
 */
export function doorShut(
  event: DoorList['list']['event'],
  t: DoorWords,
  language: string,
  at = new Date(),
): { reason: 'not-open-yet' | 'closed'; detail: string } | null {
  if (at < new Date(event.checkinOpensAt)) {
    return { reason: 'not-open-yet', detail: t('door.opensOn', { when: formatInstantIn(event.checkinOpensAt, language) }) };
  }
  if (at > new Date(event.checkinClosesAt)) {
    return { reason: 'closed', detail: t('door.closedOn', { when: formatInstantIn(event.checkinClosesAt, language) }) };
  }
  return null;
}

/** The banner's words for a refusal: amber for someone already in, red for the rest. */
function refusalResult(result: Extract<SendResult, { kind: 'refused' }>, t: DoorWords, language: string): Omit<DoorResult, 'seq'> {
  if (result.reason === 'already-checked-in') {
    const title = result.checkedInAt
      ? t('door.alreadyCheckedInAt', { time: formatInstantIn(result.checkedInAt, language, 'time') })
      : t('door.alreadyCheckedIn');
    return { tone: 'already', title, detail: result.name ?? undefined };
  }
  return { tone: 'invalid', title: refusalTitle(result.reason, t), detail: result.message };
}

/** A check-in to make: a scanned pass, or a person found by name. */
export type DoorInput = { token: string } | { registrationId: string };

/**
 * The door's state and actions: check a person in (sent now, or kept on the phone without a connection),
 * send what was kept when the connection returns (and when the page opens), and the conflicts the
 * server reported for check-ins sent late.
 */
export function useDoor(eventId: string, doorList: DoorList | undefined) {
  const queryClient = useQueryClient();
  const { t, i18n } = useTranslation('manage');
  // The door area's words: the shifts.
  const { t: doorT } = useTranslation('door');
  const language = i18n.language;
  const online = useOnline();
  /** The banner's line for the shift of a place, or nothing for a place of the event's own. */
  const shiftOf = useCallback(
    (shift: ShiftSummary | null | undefined) => (shift ? shiftLine(shift, doorT, language) : undefined),
    [doorT, language],
  );
  const [result, setResult] = useState<DoorResult | null>(null);
  const [queue, setQueue] = useState<QueuedCheckin[]>([]);
  const [conflicts, setConflicts] = useState<CheckinConflict[]>([]);
  const [lastSent, setLastSent] = useState<number | null>(null);
  const seq = useRef(0);
  const recentScans = useRef(new Map<string, number>());
  const people = doorList?.list.people;
  const peopleRef = useRef(people);
  peopleRef.current = people;
  const doorListRef = useRef(doorList);
  doorListRef.current = doorList;

  /** The banner's answers of a person on the door list: their answers to its check-in questions, or nothing. */
  const answersOf = useCallback(
    (person: CheckinPerson | undefined): DoorResult['answers'] => {
      if (!person) return undefined;
      const lines = answerLines(doorListRef.current?.list.questions, person.answers, t);
      return lines.length > 0 ? { name: person.name, lines } : undefined;
    },
    [t],
  );

  const show = useCallback((next: Omit<DoorResult, 'seq'>) => {
    seq.current += 1;
    setResult({ ...next, seq: seq.current });
  }, []);

  /** This event's queue as this tab last read it: what left it since was sent (here or by another tab). */
  const queueSeen = useRef<QueuedCheckin[]>([]);
  const reload = useCallback(async () => {
    const [queued, refused] = await Promise.all([doorStore.queue.all(), doorStore.conflicts.all()]);
    const mine = queued.filter((item) => item.eventId === eventId);
    const conflicted = refused.filter((item) => item.eventId === eventId).sort((a, b) => b.at.localeCompare(a.at));
    queueSeen.current = mine;
    setQueue(mine);
    setConflicts(conflicted);
    return { queued: mine, conflicts: conflicted };
  }, [eventId]);

  /**
   * One person's check-in (or its undo) written into the door list, on the page and in the copy kept on
   * the phone: the list is not asked for again after each check-in (each load of it is a bulk read in
   * the audit log), and the copy opened offline must not show someone checked in here as not yet come.
   */
  const markCheckedIn = useCallback(
    (registrationId: string, checkedInAt: string | null) => {
      const { queryKey } = checkinQueries.doorList(eventId);
      const current = queryClient.getQueryData(queryKey);
      if (!current) return;
      const people = current.list.people.map((person) => (person.registrationId === registrationId ? { ...person, checkedInAt } : person));
      const updated = { ...current, list: { ...current.list, people, checkedIn: people.filter((p) => p.checkedInAt !== null).length } };
      queryClient.setQueryData(queryKey, updated);
      void doorStore.doorLists.save(eventId, updated.list, current.keptFrom ?? undefined).catch(() => undefined);
      // The roster shows the same check-ins: asked for again when it is next shown.
      void queryClient.invalidateQueries({ queryKey: rosterQueries.checkins(eventId).queryKey, refetchType: 'none' });
    },
    [queryClient, eventId],
  );

  /** After a queue was sent: other phones' check-ins may have arrived meanwhile too. */
  const refreshLists = useCallback(() => {
    if (!navigator.onLine) return;
    void queryClient.invalidateQueries({ queryKey: checkinQueries.doorList(eventId).queryKey });
  }, [queryClient, eventId]);

  /** What became of check-ins this tab showed as waiting, once they left the queue: said in the banner if it said 'Saved'. */
  const sayWhatWasSent = useCallback(
    (sent: number, refusals: string[]) => {
      const n = (value: number) => formatNumber(value, language, { useGrouping: false });
      setLastSent(sent);
      setResult((current) => {
        if (current?.tone !== 'queued') return current;
        seq.current += 1;
        if (refusals.length === 0) return { tone: 'checked-in', title: t('door.sent', { count: sent, n: n(sent) }), seq: seq.current };
        return {
          tone: refusals.every((reason) => reason === 'already-checked-in') ? 'already' : 'invalid',
          title: t('door.notCounted', { count: refusals.length, n: n(refusals.length) }),
          detail: t('door.seeConflicts', { n: n(sent - refusals.length) }),
          seq: seq.current,
        };
      });
    },
    [t, language],
  );

  const sending = useRef(false);
  const sendKept = useCallback(async () => {
    if (sending.current || !navigator.onLine) return;
    sending.current = true;
    const waited = queueSeen.current;
    try {
      for (let pass = 0; pass < 3; pass += 1) {
        const report = await sendQueue();
        for (const { item, result: answer } of report.sent) {
          const id = item.registrationId ?? (item.token ? registrationIdOfPass(item.token) : null);
          if (answer.kind === 'recorded') markCheckedIn(answer.checkin.registrationId, answer.checkin.checkedInAt);
          else if (id && answer.kind === 'refused' && answer.reason === 'already-checked-in') markCheckedIn(id, answer.checkedInAt);
        }
        // Kept while this pass ran (another check-in offline a moment ago): one more pass sends it.
        if (report.waiting > 0 || (await doorStore.queue.all()).length === 0) break;
      }
    } catch {
      // IndexedDB refused (private mode, full disk): what is kept stays kept, for the next try.
    } finally {
      sending.current = false;
      const now = await reload().catch(() => undefined);
      // Sent by this tab or by another one open on the same phone (which held the lock): either way, gone.
      const gone = now ? waited.filter((item) => !now.queued.some((left) => left.key === item.key)) : [];
      if (gone.length > 0) {
        refreshLists();
        const goneKeys = new Set(gone.map((item) => item.key));
        sayWhatWasSent(
          gone.length,
          (now?.conflicts ?? []).filter((conflict) => goneKeys.has(conflict.key)).map((conflict) => conflict.reason),
        );
      }
    }
  }, [markCheckedIn, refreshLists, reload, sayWhatWasSent]);

  // On opening the page, and whenever the connection returns: send what this phone kept.
  useEffect(() => {
    void reload()
      .catch(() => undefined)
      .then(() => sendKept());
    const onOnline = () => void sendKept();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [reload, sendKept]);

  const waiting = queue.length;
  useEffect(() => {
    if (waiting === 0 || !online) return;
    const timer = window.setInterval(() => void sendKept(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [waiting, online, sendKept]);

  const keep = useCallback(
    async (item: QueuedCheckin, why?: string, shift?: string, answers?: DoorResult['answers']) => {
      try {
        await doorStore.queue.add(item);
        await reload();
      } catch {
        show({
          tone: 'invalid',
          title: item.name ? t('door.notSavedOf', { name: item.name }) : t('door.notSaved'),
          detail: t('door.notSavedText'),
          shift,
        });
        return;
      }
      show({
        tone: 'queued',
        title: item.name ? t('door.savedOf', { name: item.name }) : t('door.saved'),
        detail: why ?? t('door.savedText'),
        shift,
        answers,
      });
    },
    [reload, show, t],
  );

  const checkIn = useCallback(
    async (input: DoorInput) => {
      const list = peopleRef.current ?? [];
      const registrationId = 'registrationId' in input ? input.registrationId : registrationIdOfPass(input.token);
      let person: CheckinPerson | undefined = list.find((p) => p.registrationId === registrationId);
      // A pass naming someone not on this event's list: the list may be older than their registration, so look again first.
      if ('token' in input && registrationId && !person && navigator.onLine) {
        const fresh = await queryClient.fetchQuery(checkinQueries.doorList(eventId)).catch(() => undefined);
        person = fresh?.list.people.find((p) => p.registrationId === registrationId);
        if (fresh && !fresh.keptFrom && !person) {
          show({ tone: 'invalid', title: refusalTitle('other-event', t), detail: t('door.otherEventPass') });
          return;
        }
      }
      const shut = !navigator.onLine && doorListRef.current ? doorShut(doorListRef.current.list.event, t, language) : null;
      if (shut) {
        show({ tone: 'invalid', title: refusalTitle(shut.reason, t), detail: shut.detail });
        return;
      }
      if (!navigator.onLine && person) {
        // With no server to ask, the phone's own list answers for what it knows: in already, or already waiting.
        if (person.checkedInAt) {
          show({
            tone: 'already',
            title: t('door.alreadyCheckedInAt', { time: formatInstantIn(person.checkedInAt, language, 'time') }),
            detail: person.name,
            shift: shiftOf(person.shift),
            answers: answersOf(person),
          });
          return;
        }
        if (
          queueSeen.current.some(
            (kept) => (kept.registrationId ?? (kept.token && registrationIdOfPass(kept.token))) === person.registrationId,
          )
        ) {
          show({
            tone: 'already',
            title: t('door.alreadySavedOf', { name: person.name }),
            detail: t('door.alreadySavedText'),
            shift: shiftOf(person.shift),
            answers: answersOf(person),
          });
          return;
        }
      }
      const item: QueuedCheckin = {
        key: crypto.randomUUID(),
        eventId,
        ...input,
        name: person?.name ?? null,
        at: new Date().toISOString(),
      };
      const shift = shiftOf(person?.shift);
      const answers = answersOf(person);
      if (!navigator.onLine) {
        await keep(item, undefined, shift, answers);
        return;
      }
      const answer = await sendCheckin(item, { late: false });
      if (answer.kind === 'unsent') {
        await keep(
          item,
          answer.error.code === 'network' ? undefined : t('door.notSentYet', { message: answer.error.message }),
          shift,
          answers,
        );
        return;
      }
      if (answer.kind === 'recorded') {
        markCheckedIn(answer.checkin.registrationId, answer.checkin.checkedInAt);
        const checkedIn = person ?? peopleRef.current?.find((p) => p.registrationId === answer.checkin.registrationId);
        show({
          tone: 'checked-in',
          title: t('door.checkedInOf', { name: answer.checkin.name }),
          shift: shiftOf(answer.checkin.shift),
          answers: answersOf(checkedIn),
        });
      } else {
        if (registrationId && answer.reason === 'already-checked-in') markCheckedIn(registrationId, answer.checkedInAt);
        const refused = refusalResult(answer, t, language);
        // Someone already in is let in: the door still sees their answers; a refusal shows none.
        show({ ...refused, shift, answers: refused.tone === 'already' ? answers : undefined });
      }
    },
    [eventId, keep, markCheckedIn, queryClient, show, shiftOf, answersOf, t, language],
  );

  /** From the camera: the same pass seen again within a few seconds is the same scan, and is let be. */
  const scanned = useCallback(
    (token: string) => {
      const now = Date.now();
      const seen = recentScans.current.get(token);
      if (seen !== undefined && now - seen < SAME_SCAN_MS) return;
      recentScans.current.set(token, now);
      for (const [kept, when] of recentScans.current) if (now - when >= SAME_SCAN_MS) recentScans.current.delete(kept);
      void checkIn({ token });
    },
    [checkIn],
  );

  const dismissConflict = useCallback(
    async (key: string) => {
      await doorStore.conflicts.remove(key);
      await reload();
    },
    [reload],
  );

  const waitingIds = new Set(queue.map((item) => item.registrationId ?? (item.token ? registrationIdOfPass(item.token) : null)));
  return { online, result, show, checkIn, scanned, waiting, waitingIds, conflicts, dismissConflict, lastSent, markCheckedIn };
}
