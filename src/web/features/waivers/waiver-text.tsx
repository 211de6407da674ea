import classes from './waivers.module.css';

/** A waiver's paragraphs: its text split on blank lines (a single line break stays within its paragraph). */
export function waiverParagraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

/** A waiver's text as the admin wrote it: one paragraph per block, its line breaks kept. */
export function WaiverParagraphs({ text }: { text: string }) {
  // The same paragraph may come twice: each keyed by its text and which time it comes.
  const seen = new Map<string, number>();
  return (
    <>
      {waiverParagraphs(text).map((paragraph) => {
        const time = (seen.get(paragraph) ?? 0) + 1;
        seen.set(paragraph, time);
        return (
          <p key={`${time}:${paragraph}`} className={classes.paragraph}>
            {paragraph}
          </p>
        );
      })}
    </>
  );
}
