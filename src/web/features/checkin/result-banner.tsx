import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerList } from '../roster/api.ts';
import classes from './checkin.module.css';
import type { DoorResult } from './use-door.ts';

/** A shape per result, so the banner is told apart without its colour: a tick, a warning sign, a cross, a clock. */
function ResultIcon({ tone }: { tone: DoorResult['tone'] }) {
  const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2.5, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
  const shapes: Record<DoorResult['tone'], string> = {
    'checked-in': 'M7 12.5l3.2 3.2L17 9',
    already: 'M12 10v4M12 17h.01',
    invalid: 'M8.5 8.5l7 7M15.5 8.5l-7 7',
    queued: 'M12 7v5l3 2',
  };
  return (
    <svg className={classes.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {tone === 'already' ? <path d="M12 3L2 20h20L12 3z" {...stroke} /> : <circle cx="12" cy="12" r="10" {...stroke} />}
      <path d={shapes[tone]} {...stroke} />
    </svg>
  );
}

/**
 * The result of the last check-in, big enough to read at arm's length: green 'Checked in', amber
 * 'Already checked in', red 'Not valid', grey 'Saved on this phone'; under it, the shift the place is
 * for, on an event staffed by shifts, and the person's answers to the check-in questions (an allergy),
 * highlighted. A status region, so a screen reader says each result; the page focuses it after each
 * check-in.
 */
export const ResultBanner = forwardRef<HTMLDivElement, { result: DoorResult | null }>(function ResultBanner({ result }, ref) {
  const { t } = useTranslation('manage');
  return (
    <div ref={ref} role="status" tabIndex={-1} className={classes.banner} data-tone={result?.tone ?? 'idle'} data-testid="door-result">
      {result ? (
        <>
          <ResultIcon tone={result.tone} />
          <div>
            <strong>{result.title}</strong>
            {result.shift && (
              <div className={classes.shift} data-testid="door-result-shift">
                {result.shift}
              </div>
            )}
            {result.detail && <div className={classes.detail}>{result.detail}</div>}
            {result.answers && (
              <div className={classes.answers} data-testid="door-result-answers">
                <AnswerList lines={result.answers.lines} name={result.answers.name} tone="door" />
              </div>
            )}
          </div>
        </>
      ) : (
        <span className={classes.detail}>{t('resultBanner.idle')}</span>
      )}
    </div>
  );
});
