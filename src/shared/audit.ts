import { z } from 'zod';
import { roleSchema } from './accounts.ts';
import { cursorSchema, pagingSchema, searchTextSchema } from './paging.ts';

/**
 * The audit log (DECISIONS.md §4.3): every admin action and every read of personal data by an admin
 * (lists, and one person's records other than the admin's own), with who, when, what, to which record
 * and from where. Actions are short stable names, `area.verb`. A read of someone's records names them in
 * its target (their account, registration or donation); a list read has what it was asked for (search,
 * filters, page) in its details.
 */
export const auditActions = [
  'account.role',
  'account.delete',
  'account.read',
  'accounts.read',
  'event.create',
  'event.update',
  'event.delete',
  'event.copy',
  'event.questions',
  'registration.answers',
  'event.repeat',
  'shift.create',
  'shift.update',
  'shift.delete',
  'staff.read',
  'staff.add',
  'staff.remove',
  'registration.cancel',
  'registration.read',
  'registrations.read',
  'pass.read',
  'review.moderate',
  'review.delete',
  'reviews.read',
  'notice.create',
  'notice.update',
  'notice.delete',
  'donation.refund',
  'donations.read',
  'receipt.read',
  'impact.read',
  'overview.read',
  'settings.update',
  'mail.test',
  'demo.remove',
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
  'export.receipt.pdf',
  'export.certificate.pdf',
  'audit.read',
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
  'account.read': 'Account read',
  'accounts.read': 'Accounts listed',
  'event.create': 'Event added',
  'event.update': 'Event updated',
  'event.delete': 'Event deleted',
  'event.copy': 'Event copied',
  'event.questions': 'Event questions set',
  'registration.answers': 'Answers changed',
  'event.repeat': 'Event repeated weekly',
  'shift.create': 'Shift added',
  'shift.update': 'Shift changed',
  'shift.delete': 'Shift deleted',
  'staff.read': 'Door staff read',
  'staff.add': 'Door staff named',
  'staff.remove': 'Door staff removed',
  'registration.cancel': 'Registration cancelled',
  'registration.read': 'Registration read',
  'registrations.read': 'Registrations read',
  'pass.read': 'Pass read',
  'review.moderate': 'Review moderated',
  'review.delete': 'Review deleted',
  'reviews.read': 'Reviews read',
  'notice.create': 'Notice posted',
  'notice.update': 'Notice corrected',
  'notice.delete': 'Notice deleted',
  'donation.refund': 'Refund requested',
  'donations.read': 'Donations read',
  'receipt.read': 'Receipt read',
  'impact.read': 'Hours and donations read',
  'overview.read': 'Overview read',
  'settings.update': 'Settings changed',
  'mail.test': 'Test email sent',
  'demo.remove': 'Demo content removed',
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
  'export.receipt.pdf': 'Receipt downloaded',
  'export.certificate.pdf': 'Certificate downloaded',
  'audit.read': 'Audit log read',
};
