import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format.ts';
import type { Roster } from '../../../shared/roster.ts';
import type { ShiftSummary } from '../../../shared/shifts.ts';
import { type DoorT, shiftLabel } from '../staff/api.ts';

export type RosterShift = Roster['shifts'][number];

/** The people of one shift: `places` is the shift as the roster counts it (null for those without a shift). */
export interface ShiftGroup<P> {
  key: string;
  shift: ShiftSummary | null;
  places: RosterShift | null;
  people: P[];
}

/**
 * The people by shift, as the roster orders them: those without a shift first, then each of the event's
 * shifts in time order. `everyShift`: each shift even with nobody on it (the registered list, and the
 * sign-in sheet, where people who come unannounced sign in under their shift); else only those with someone.
 */
export function groupByShift<P extends { shift: ShiftSummary | null }>(
  shifts: readonly RosterShift[],
  people: readonly P[],
  everyShift: boolean,
): ShiftGroup<P>[] {
  const groups: ShiftGroup<P>[] = [];
  const without = people.filter((person) => person.shift === null);
  if (without.length > 0) groups.push({ key: 'none', shift: null, places: null, people: without });
  const known = new Set<string>();
  for (const shift of shifts) {
    known.add(shift._id);
    const on = people.filter((person) => person.shift?._id === shift._id);
    if (everyShift || on.length > 0) groups.push({ key: shift._id, shift, places: shift, people: on });
  }
  // A shift the roster does not list (deleted while the roster was read): its people are still shown.
  for (const person of people) {
    const shift = person.shift;
    if (!shift || known.has(shift._id)) continue;
    known.add(shift._id);
    groups.push({ key: shift._id, shift, places: null, people: people.filter((other) => other.shift?._id === shift._id) });
  }
  return groups;
}

/** A group's heading: the shift's role and times, or 'Without a shift'. */
export function groupLabel(shift: ShiftSummary | null, t: DoorT, language: string): string {
  return shift ? shiftLabel(shift, t, language) : t('groups.withoutShift');
}

/** The places of a shift in words: '3 of 6 places taken · 2 waiting', '4 registered, no limit'. */
export function shiftPlaces(places: RosterShift, t: DoorT, language: string): string {
  const count = (value: number) => formatNumber(value, language, { useGrouping: false });
  const taken =
    places.capacity === null
      ? t('groups.noLimit', { n: count(places.registered) })
      : t('groups.taken', { n: count(places.registered), capacity: count(places.capacity) });
  return places.waitlisted > 0 ? `${taken} · ${t('groups.waiting', { n: count(places.waitlisted) })}` : taken;
}

interface ShiftGroupsProps<P> {
  shifts: readonly RosterShift[];
  people: readonly P[];
  /** The registered list (every shift, with its places) or the waitlist (the shifts someone waits for). */
  kind: 'registered' | 'waitlist';
  /** The table of one group's people, named by `caption`. */
  renderTable: (people: P[], caption: string) => ReactNode;
}

/**
 * A roster list on an event staffed by shifts: a heading per shift (its role and times) with its places,
 * and its people under it; those without a shift first.
 */
export function ShiftGroups<P extends { shift: ShiftSummary | null }>({ shifts, people, kind, renderTable }: ShiftGroupsProps<P>) {
  const { t, i18n } = useTranslation('door');
  const language = i18n.language;
  const count = (value: number) => formatNumber(value, language, { useGrouping: false });
  return (
    <Stack gap="lg">
      {groupByShift(shifts, people, kind === 'registered').map((group) => {
        const headingId = `${kind}-shift-${group.key}`;
        const label = groupLabel(group.shift, t, language);
        const caption = group.shift
          ? t(kind === 'registered' ? 'groups.registeredCaption' : 'groups.waitlistCaption', { shift: label })
          : t(kind === 'registered' ? 'groups.registeredWithoutCaption' : 'groups.waitlistWithoutCaption');
        const places = group.places
          ? kind === 'registered'
            ? shiftPlaces(group.places, t, language)
            : t('groups.waiting', { n: count(group.places.waitlisted) })
          : null;
        return (
          <Stack key={group.key} gap="xs" role="group" aria-labelledby={headingId} data-testid="shift-group">
            <div>
              <Title order={3} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
                {label}
              </Title>
              {places && (
                <Text size="sm" c="dimmed">
                  {places}
                </Text>
              )}
            </div>
            {group.people.length === 0 ? <Text size="sm">{t('groups.nobody')}</Text> : renderTable(group.people, caption)}
          </Stack>
        );
      })}
    </Stack>
  );
}
