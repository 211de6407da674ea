ALTER TABLE "account" ADD COLUMN "mailbox_proven_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
-- Admins made before this proof was asked keep their role and their second factor: a later reset
-- through the mailbox must not remove it (see src/server/auth/mailbox-proof.ts).
UPDATE "account" SET "mailbox_proven_at" = "created_at" WHERE "role" = 'admin';
