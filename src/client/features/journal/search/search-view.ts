import { isDayKey } from '../../../../shared/dates';
import { ENTRY_FIELDS } from '../../../../shared/entry-fields';
import { SEARCH_MAX_QUERY_LENGTH, SEARCH_ORDERS, type SearchField, type SearchOrder } from '../../../../shared/search';
import { MAX_PROMPT_LENGTH } from '../../../../shared/prompts';
import { paths } from '../../../lib/paths';

/**
 * A search as kept in the URL (docs/product.md §17): /journal?q=...[&prompt=][&from=][&to=][&order=best]. The URL
 * is the search's only state, so a reload, Back from a result's day and a shared link all show the same search.
 */
export interface SearchLocation {
  q: string;
  prompt: SearchField | undefined;
  /** With `prompt` answers: one of the writer's own prompts, by its wording. */
  wording?: string | undefined;
  from: string | undefined;
  to: string | undefined;
  order: SearchOrder;
}

const day = (value: string | null) => (value !== null && isDayKey(value) ? value : undefined);

/** The search the URL asks for, or undefined when it shows the list. What it cannot read, it leaves out. */
export function readSearchLocation(params: URLSearchParams): SearchLocation | undefined {
  const q = params.get('q');
  if (q === null) return undefined;
  const prompt = params.get('prompt');
  const order = params.get('order');
  const wording = params.get('wording');
  const from = day(params.get('from'));
  const to = day(params.get('to'));
  return {
    q: q.slice(0, SEARCH_MAX_QUERY_LENGTH),
    prompt:
      prompt === 'answers' || (ENTRY_FIELDS as readonly (string | null)[]).includes(prompt)
        ? (prompt as SearchField)
        : undefined,
    ...(prompt === 'answers' && wording ? { wording: wording.slice(0, MAX_PROMPT_LENGTH) } : {}),
    // Days the wrong way round are read the right way round rather than as a search that can find nothing.
    from: from && to && from > to ? to : from,
    to: from && to && from > to ? from : to,
    order: (SEARCH_ORDERS as readonly (string | null)[]).includes(order) ? (order as SearchOrder) : 'newest',
  };
}

/** The URL of a search; only what differs from the defaults is written. */
export function searchPath(location: SearchLocation): string {
  const params = new URLSearchParams({ q: location.q });
  if (location.prompt) params.set('prompt', location.prompt);
  if (location.prompt === 'answers' && location.wording) params.set('wording', location.wording);
  if (location.from) params.set('from', location.from);
  if (location.to) params.set('to', location.to);
  if (location.order !== 'newest') params.set('order', location.order);
  return `${paths.journal}?${params}`;
}

export const NEW_SEARCH: SearchLocation = { q: '', prompt: undefined, from: undefined, to: undefined, order: 'newest' };
