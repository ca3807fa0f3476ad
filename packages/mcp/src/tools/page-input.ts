import { LIMITS } from '@socialpub/core';
import * as z from 'zod';

/** The `limit` and `cursor` inputs every paged list tool takes, within the API's page bounds. */
export function pageInput(perPage: string) {
  return {
    limit: z
      .number()
      .int()
      .min(LIMITS.pages.minLimit)
      .max(LIMITS.pages.maxLimit)
      .optional()
      .describe(perPage),
    cursor: z
      .string()
      .min(1)
      .max(LIMITS.connector.cursorMaxLength)
      .optional()
      .describe('next_cursor of the last page.'),
  };
}
