import type { z } from 'zod';

/** What a value should have been, for a value of another type. */
const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

/**
 * zod's own messages ('Too big: expected string to have <=500 characters') are written for developers.
 * Where a schema states a limit without a message of its own, the refusal says it in words a person
 * reads; a schema's own messages always win. Installed once, in common.ts (docs/decisions/0289).
 */
export const plainIssueMessage = (issue: z.core.$ZodRawIssue): string | undefined => {
  switch (issue.code) {
    case 'too_big': {
      const max = String(issue.maximum);
      if (issue.origin === 'string') return `Must be ${max} characters or fewer`;
      if (issue.origin === 'array' || issue.origin === 'set') return `At most ${max} at a time`;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return issue.inclusive === false ? `Must be less than ${max}` : `Must be at most ${max}`;
      return undefined;
    }
    case 'too_small': {
      const min = String(issue.minimum);
      if (issue.origin === 'string') {
        if (issue.exact) return `Must be exactly ${min} characters`;
        return min === '1' ? 'Must not be empty' : `Must be at least ${min} characters`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') return `At least ${min}, please`;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return issue.inclusive === false ? `Must be more than ${min}` : `Must be at least ${min}`;
      return undefined;
    }
    case 'invalid_type': {
      if (issue.input === undefined) return 'Required';
      const expected = EXPECTED[issue.expected];
      return expected ? `Must be ${expected}` : undefined;
    }
    default:
      return undefined;
  }
};

/**
 * A schema's own message for a value that is missing or of the wrong type, and only for that: its limits
 * (a length, a minimum) that name no message of their own are then said by plainIssueMessage, never as
 * 'X is required' for a value that is there.
 */
export const whenMissing =
  (message: string) =>
  (issue: z.core.$ZodRawIssue): string | undefined =>
    issue.code === 'invalid_type' ? message : undefined;
