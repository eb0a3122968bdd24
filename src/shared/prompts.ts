import { dayKeyToNumber } from './dates';
import { PROMPTS } from './entry-fields';

/**
 * A writer's own prompts (docs/product.md §5, "Your prompts"; decision 033): plain values with no schema library, so
 * the journal's screens can use them before the validation code loads (prompt-schemas.ts checks them).
 */
export const MAX_PROMPTS = 10;
export const MAX_PROMPT_LENGTH = 200;

/**
 * The prompts a writer chose in Settings. `own` is the app's three with the memory prompt its switch governs, and is
 * what every writer has until they choose otherwise; its entries keep their four texts as they always have.
 * `daily-question` is one prompt, the day's question from QUESTION_LIBRARY. `custom` is the writer's own wording, in
 * their order (a ready-made set, once picked, is a custom list they may go on to change).
 */
export type PromptChoice = { set: 'own' } | { set: 'daily-question' } | { set: 'custom'; prompts: string[] };

export const OWN_PROMPTS: PromptChoice = { set: 'own' };

/** One answer of an entry written with the writer's own prompts: the prompt's wording then, and what was written. */
export interface PromptAnswer {
  prompt: string;
  answer: string;
}

export interface ReadyMadeSet {
  id: 'own' | 'morning-evening' | 'three-good-things' | 'one-line' | 'daily-question';
  name: string;
  description: string;
  /** The wording the set fills the list with; none for the app's own set and the question of the day. */
  prompts: readonly string[];
}

/** The sets Settings offers, the app's own first. */
export const READY_MADE_SETS: readonly ReadyMadeSet[] = [
  {
    id: 'own',
    name: 'The app’s own',
    description: 'Gratitude, celebration and manifestation, with the memory prompt when it is on.',
    prompts: [PROMPTS.gratitude, PROMPTS.celebration, PROMPTS.manifestation],
  },
  {
    id: 'morning-evening',
    name: 'Morning and evening',
    description: 'Three questions to start the day and two to close it.',
    prompts: [
      'This morning I am thankful for...',
      'What would make today a good day...',
      'Today I choose to be...',
      'Good things that happened today...',
      'Tomorrow I would like to do better at...',
    ],
  },
  {
    id: 'three-good-things',
    name: 'Three good things and why',
    description: 'Three things that went well today, and why each one did.',
    prompts: [
      'A good thing today, and why it happened...',
      'A second good thing, and why it happened...',
      'A third good thing, and why it happened...',
    ],
  },
  {
    id: 'one-line',
    name: 'One line a day',
    description: 'A single line to remember the day by.',
    prompts: ['Today in one line...'],
  },
  {
    id: 'daily-question',
    name: 'A question of the day',
    description: 'One reflective question, a new one each day, the same on every device.',
    prompts: [],
  },
];

/** Reflective questions in our own words, one a day (questionOfTheDay). Add new ones at the end only. */
export const QUESTION_LIBRARY: readonly string[] = [
  'Who made today a little easier, and how?',
  'What is something small you noticed today for the first time?',
  'Which moment of today would you happily live again?',
  'What did you learn today, about the world or about yourself?',
  'What are you looking forward to this week?',
  'Which of your habits served you well today?',
  'What is a kindness you gave or received today?',
  'What made you laugh recently?',
  'Which place made you feel at home today?',
  'What is something you are proud of that nobody saw?',
  'What would you tell yourself of a year ago?',
  'What worry turned out smaller than you feared?',
  'Which sound, smell or taste stood out today?',
  'Who would you like to thank, and for what?',
  'What did your body do well for you today?',
  'What is a choice you made today that you are glad of?',
  'What part of your routine do you enjoy most, and why?',
  'What is something you own that you are grateful for?',
  'Which conversation stayed with you today?',
  'What gave you energy today, and what took it away?',
  'What are you curious about right now?',
  'What is a problem you solved today, however small?',
  'When did you feel calm today?',
  'What is something beautiful you saw today?',
  'Which friend have you been thinking of, and why?',
  'What did you do today that your future self will thank you for?',
  'What is one thing you would do differently tomorrow?',
  'What made you feel capable today?',
  'What is a memory from childhood that makes you smile?',
  'Which book, song or film has been on your mind?',
  'What did you let go of today?',
  'What is something you are learning to accept?',
  'How did you take care of yourself today?',
  'What is a comfort you often forget to be thankful for?',
  'Who taught you something that you used today?',
  'What was the best part of your morning?',
  'What was the best part of your evening?',
  'What surprised you today?',
  'What is a goal you moved closer to today?',
  'What would make tomorrow feel like a good day?',
  'What is something you want to remember about this season?',
  'Which of your strengths showed up today?',
  'What is a question you would like answered this year?',
  'Where did you find a moment of quiet today?',
  'What is something you did for someone else today?',
  'What made today different from yesterday?',
  'What are you grateful to have said no to?',
  'What is a small luxury you enjoyed today?',
  'Which of your plans are you most excited about?',
  'What helped you through a hard moment recently?',
  'What is a tradition you treasure?',
  'What did you see outside today that you liked?',
  'What do you appreciate about where you live?',
  'Which meal did you enjoy most lately, and with whom?',
  'What skill are you glad you have?',
  'What would a perfect ordinary day look like for you?',
  'What is something you forgave, in someone else or in yourself?',
  'What are three words for how today felt?',
  'What is a promise you kept today?',
  'What is a risk you are glad you took?',
  'Who would you like to spend more time with?',
  'What did you create, fix or tidy today?',
  'What is something you are looking forward to learning?',
  'What made you feel connected to someone today?',
];

/** The day's question: the same for a day on every device, the next one of the library the next day. */
export function questionOfTheDay(dayKey: string): string {
  const count = QUESTION_LIBRARY.length;
  const index = ((dayKeyToNumber(dayKey) % count) + count) % count;
  return QUESTION_LIBRARY[index] ?? QUESTION_LIBRARY[0] ?? '';
}

/**
 * The prompts the form asks on a day with the writer's choice: null for the app's own set (the four fields, the
 * memory by its switch), otherwise their wording in order.
 */
export function promptsOfTheDay(choice: PromptChoice, dayKey: string): string[] | null {
  if (choice.set === 'own') return null;
  if (choice.set === 'daily-question') return [questionOfTheDay(dayKey)];
  return choice.prompts;
}

/** Reads a stored choice (profile.prompts, JSON) that is not known to be well formed: anything else is the own set. */
export function readPromptChoice(value: unknown): PromptChoice {
  if (typeof value !== 'object' || value === null) return OWN_PROMPTS;
  const choice = value as { set?: unknown; prompts?: unknown };
  if (choice.set === 'daily-question') return { set: 'daily-question' };
  if (
    choice.set === 'custom' &&
    Array.isArray(choice.prompts) &&
    choice.prompts.length > 0 &&
    choice.prompts.length <= MAX_PROMPTS &&
    choice.prompts.every((prompt) => typeof prompt === 'string')
  ) {
    return { set: 'custom', prompts: choice.prompts as string[] };
  }
  return OWN_PROMPTS;
}

/** Reads an entry's stored answers (journal_entry.answers, JSON): null for an entry of the app's own prompts. */
export function readAnswers(value: unknown): PromptAnswer[] | null {
  if (!Array.isArray(value)) return null;
  const answers = value.filter(
    (item): item is PromptAnswer =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as PromptAnswer).prompt === 'string' &&
      typeof (item as PromptAnswer).answer === 'string',
  );
  return answers.length > 0 ? answers.map(({ prompt, answer }) => ({ prompt, answer })) : null;
}

/** Spaces, and the invisible characters that separate or join others without showing anything (as entry-fields.ts). */
const BLANK = /^[\s\u00AD\u180E\u200B-\u200D\u2060]*$/u;

/** Whether none of an entry's own prompts has an answer. */
export function hasNoAnswer(answers: readonly PromptAnswer[] | null | undefined): boolean {
  return !answers || answers.every(({ answer }) => BLANK.test(answer));
}

/**
 * Every text an entry's writer typed, in the form's order: its four texts, then its answers to their own prompts (such
 * an entry keeps the four empty). An entry's typed tags (tags.ts) are the `#words` of these.
 */
export function writtenTexts(entry: {
  gratitude: string;
  celebration: string;
  manifestation: string;
  memory?: string | undefined;
  answers?: readonly PromptAnswer[] | null | undefined;
}): string[] {
  const { gratitude, celebration, manifestation, memory = '', answers } = entry;
  return [gratitude, celebration, manifestation, memory, ...(answers ?? []).map(({ answer }) => answer)];
}
