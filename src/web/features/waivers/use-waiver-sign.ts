import { useState } from 'react';
import type { EventWaiver } from '../../../shared/waivers.ts';
import { waiverMessages } from '../../../shared/waivers.ts';
import { isApiError } from '../../lib/api-error.ts';
import { problemIn } from '../../lib/problems.ts';
import type { WaiverSignature } from './api.ts';

/** The waiver's fields, as the server names their problems (`waiver.accepted`…). */
export type WaiverField = 'accepted' | 'signedName' | 'guardianName';
export type WaiverErrors = Partial<Record<WaiverField, string>>;

/** Where each of the server's `waiver…` messages is shown: a message about the whole waiver beside its acceptance. */
const fieldOfPath: Readonly<Record<string, WaiverField>> = {
  waiver: 'accepted',
  'waiver.accepted': 'accepted',
  'waiver.signedName': 'signedName',
  'waiver.guardianName': 'guardianName',
};

/** The 409 that says the waiver changed since the page loaded it. */
const versionPath = 'waiver.version';

/** As the server allows (`waiverSignSchema`). */
const NAME_MAX = 200;
const nameTooLong = 'A name must be at most 200 characters';

/** Whether a field message of the server's is one the waiver section shows (beside a field, or as 'it changed'). */
export const isWaiverPath = (path: string) => path in fieldOfPath || path === versionPath;

/** Where a refusal sends the focus: the first field marked wrong, or the waiver's text to read again. */
export interface WaiverFocus {
  count: number;
  to: 'field' | 'text';
}

/** What the waiver section and its form share: the values, the problems, and the checks. */
export type WaiverSignState = ReturnType<typeof useWaiverSign>;

/**
 * The person signing the event's waiver while they register: accepted, their full name, and a parent's
 * or guardian's when `minor` (the answers as typed say they are under 18 on the event's day, or the
 * server said so). `check` judges them in the browser as the server will and gives the signature to send
 * (with the version read), or null after showing the problems beside their fields and asking for the
 * focus on the first; `showServerErrors` does the same with a 400's `waiver.*` messages, and with a 409's
 * `waiver.version` (the text changed) asks the person to read it again, their acceptance taken back. A
 * new version of the text (the event refreshed) takes the acceptance back too.
 */
export function useWaiverSign(waiver: EventWaiver | null, minor: boolean) {
  const [accepted, setAcceptedValue] = useState(false);
  const [signedName, setSignedNameValue] = useState('');
  const [guardianName, setGuardianNameValue] = useState('');
  const [errors, setErrors] = useState<WaiverErrors>({});
  // The server's word that the text changed since it was read, until the person accepts again.
  const [changed, setChanged] = useState<string | null>(null);
  // The server asked for a guardian: the box stays, whatever the answers say now.
  const [guardianAsked, setGuardianAsked] = useState(false);
  const [focusAsked, setFocusAsked] = useState<WaiverFocus>({ count: 0, to: 'field' });
  const version = waiver?.version ?? null;
  const [readVersion, setReadVersion] = useState(version);
  if (version !== readVersion) {
    // A new text (the event loaded again): accepting the one before does not accept this one.
    setReadVersion(version);
    if (readVersion !== null && version !== null) {
      setAccepted(false);
      setChanged((current) => current ?? problemIn(waiverMessages.changed));
    }
  }
  const withGuardian = minor || guardianAsked;

  function forget(field: WaiverField) {
    // Its problem was about what it held: gone once it changes (checked again on the next send).
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _gone, ...rest } = current;
      return rest;
    });
  }
  function setAccepted(value: boolean) {
    setAcceptedValue(value);
    if (value) setChanged(null);
  }

  return {
    text: waiver?.text ?? '',
    accepted,
    signedName,
    guardianName,
    withGuardian,
    errors,
    changed,
    focusAsked,
    setAccepted(value: boolean) {
      setAccepted(value);
      forget('accepted');
    },
    setSignedName(value: string) {
      setSignedNameValue(value);
      forget('signedName');
    },
    setGuardianName(value: string) {
      setGuardianNameValue(value);
      forget('guardianName');
    },
    /** The signature to send, or null when something is missing: the problems shown, the focus asked for when `focus`. */
    check(focus = true): WaiverSignature | null {
      const problems: WaiverErrors = {};
      const name = signedName.trim();
      const guardian = guardianName.trim();
      if (!accepted) problems.accepted = problemIn(waiverMessages.accept);
      if (name === '') problems.signedName = problemIn(waiverMessages.signedName);
      else if (name.length > NAME_MAX) problems.signedName = problemIn(nameTooLong);
      if (withGuardian && guardian === '') problems.guardianName = problemIn(waiverMessages.guardianName);
      else if (withGuardian && guardian.length > NAME_MAX) problems.guardianName = problemIn(nameTooLong);
      if (Object.keys(problems).length > 0) {
        setErrors(problems);
        if (focus) setFocusAsked(({ count }) => ({ count: count + 1, to: 'field' }));
        return null;
      }
      setErrors({});
      // No waiver to sign (the section is drawn only for an event that has one).
      if (version === null) return null;
      return { accepted: true, signedName: name, ...(withGuardian ? { guardianName: guardian } : {}), version };
    },
    /**
     * Puts a failed call's `waiver.*` messages beside their fields (a 409's `waiver.version`: above the
     * text, the acceptance taken back) and, when `focus`, moves the focus to the first field refused or
     * to the text to read again. True when it showed something.
     */
    showServerErrors(error: unknown, focus = true): boolean {
      if (!isApiError(error) || !error.fields) return false;
      const named: WaiverErrors = {};
      let versionProblem: string | null = null;
      for (const [path, message] of Object.entries(error.fields)) {
        if (path === versionPath) versionProblem ??= problemIn(message || waiverMessages.changed);
        const field = fieldOfPath[path];
        if (field) named[field] ??= problemIn(message);
      }
      if (named.guardianName) setGuardianAsked(true);
      if (versionProblem) {
        setAcceptedValue(false);
        setChanged(versionProblem);
      }
      if (Object.keys(named).length > 0) setErrors(named);
      const shown = versionProblem !== null || Object.keys(named).length > 0;
      if (shown && focus) setFocusAsked(({ count }) => ({ count: count + 1, to: versionProblem ? 'text' : 'field' }));
      return shown;
    },
  };
}
