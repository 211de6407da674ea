import { z } from 'zod';
import { roleSchema } from './accounts.ts';
import { cursorSchema, pagingSchema, searchTextSchema } from './paging.ts';

/**
 * The audit log (DECISIONS.md §4.3): every admin action and every bulk read of personal data, with
 * who, when, what, to which record and from where. Actions are short stable names, `area.verb`.
 */
export const auditActions = [
  'account.role',
  'account.delete',
  'event.create',
  'event.update',
  'event.delete',
  'registration.cancel',
  'review.moderate',
  'review.delete',
  'notice.create',
  'notice.update',
  'notice.delete',
  'donation.refund',
  'settings.update',
  'image.upload',
  'outbox.read',
  'outbox.send-again',
  'checkin.record',
  'checkin.undo',
  'checkin.hours',
  'checkins.read',
  'roster.read',
  'export.registrations.csv',
  'export.donations.csv',
  'export.roster.csv',
  'export.audit.csv',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.iso.datetime(),
  actor: z.object({ id: z.string().nullable(), email: z.string(), role: roleSchema }),
  action: z.string(),
  target: z.object({ kind: z.string(), id: z.string().nullable(), label: z.string().nullable() }).nullable(),
  details: z.record(z.string(), z.unknown()),
  address: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListQuerySchema = z.object({
  /** Over the action, the actor's email and the target's label. */
  q: searchTextSchema,
  action: z.enum(auditActions, { message: 'action must be one of the audit log’s actions' }).optional(),
  /** The actor's email, exactly. */
  actor: z.string().trim().toLowerCase().max(254, 'actor must be at most 254 characters').optional(),
  cursor: cursorSchema,
  ...pagingSchema(25, 100),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;
export type AuditListFilters = Omit<AuditListQuery, 'cursor' | 'limit' | 'offset'>;

/** The actions as the audit page names them. */
export const auditActionLabels: Record<AuditAction, string> = {
  'account.role': 'Role changed',
  'account.delete': 'Account deleted',
  'event.create': 'Event added',
  'event.update': 'Event updated',
  'event.delete': 'Event deleted',
  'registration.cancel': 'Registration cancelled',
  'review.moderate': 'Review moderated',
  'review.delete': 'Review deleted',
  'notice.create': 'Notice posted',
  'notice.update': 'Notice corrected',
  'notice.delete': 'Notice deleted',
  'donation.refund': 'Donation refunded',
  'settings.update': 'Settings changed',
  'image.upload': 'Picture uploaded',
  'outbox.read': 'Outbox read',
  'outbox.send-again': 'Message sent again',
  'checkin.record': 'Checked in',
  'checkin.undo': 'Check-in undone',
  'checkin.hours': 'Hours adjusted',
  'checkins.read': 'Door list read',
  'roster.read': 'Roster read',
  'export.registrations.csv': 'Registrations exported',
  'export.donations.csv': 'Donations exported',
  'export.roster.csv': 'Roster exported',
  'export.audit.csv': 'Audit log exported',
};
