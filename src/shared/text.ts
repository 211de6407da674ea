import { z } from 'zod';

/** A required, trimmed text field whose messages name it: 'Title is required'. */
export function requiredText(label: string, max: number) {
  return z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}
