import { z } from 'zod';
import { MAX_PAGE_SIZE } from './limits';
import { foldTag, isTagName, MAX_TAG_LENGTH, TAG_MESSAGES } from './tags';

/** The tag list's page size when the query names none. */
export const TAG_PAGE_SIZE = 20;

/** A tag's name as a query or a body gives it: a tag's characters, at most MAX_TAG_LENGTH, folded. */
export const tagNameSchema = z
  .string({ error: TAG_MESSAGES.invalidName })
  .max(MAX_TAG_LENGTH * 4, { error: TAG_MESSAGES.invalidName, abort: true })
  // Checked folded: a letter's lower case may be longer than the letter (İ is i and a dot).
  .transform(foldTag)
  .refine(isTagName, { error: TAG_MESSAGES.invalidName });

const invalidQuery = 'Give a tag, and at most a cursor and a page size (1 to 100)';
const one = <T extends z.ZodType<unknown, string>>(value: T) =>
  z.tuple([value], { error: invalidQuery }).transform(([only]) => only as z.output<T>);

/**
 * GET /api/tags/entries' query, from `c.req.queries()`: ?tag=name, and the page size and cursor of a month's pages;
 * each given once, nothing else.
 */
export const tagPageQuerySchema = z
  .strictObject(
    {
      tag: one(tagNameSchema),
      limit: one(
        z
          .string()
          .regex(/^[1-9][0-9]*$/, { error: invalidQuery })
          .transform(Number)
          .pipe(z.number().max(MAX_PAGE_SIZE, { error: invalidQuery })),
      ).optional(),
      cursor: one(z.string().max(400, { error: invalidQuery })).optional(),
    },
    { error: invalidQuery },
  )
  .transform(({ tag, limit, cursor }) => ({ tag, limit: limit ?? TAG_PAGE_SIZE, cursor }));

/** POST /api/tags/rename's body: the tag and its new name, or the tag it merges into when the writer has that one. */
export const renameTagSchema = z.strictObject(
  { from: tagNameSchema, to: tagNameSchema },
  { error: 'Give the tag to rename (from) and its new name (to)' },
);
