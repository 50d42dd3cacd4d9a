import { noFloatText } from '../argument-rules.js';
import { fn, shared } from '../function-signature.js';

/** String functions. */
export const STRINGS = [
  shared('upper', 'scalar', ['string'], 'utf8', 'Upper case, by full Unicode case mapping (ß → SS).', { aliases: ['ucase'] }),
  shared('lower', 'scalar', ['string'], 'utf8', 'Lower case, by full Unicode case mapping (İ → i̇, a final Σ → ς).', { aliases: ['lcase'] }),
  shared('length', 'scalar', ['string'], 'int32', 'Number of characters (code points).', { aliases: ['char_length', 'character_length', 'len'] }),
  shared('trim', 'scalar', ['string'], 'utf8', 'Strip leading and trailing spaces (U+0020 only).'),
  shared('ltrim', 'scalar', ['string'], 'utf8', 'Strip leading spaces (U+0020 only).'),
  shared('rtrim', 'scalar', ['string'], 'utf8', 'Strip trailing spaces (U+0020 only).'),
  shared('substring', 'scalar', ['string', 'integer', 'integer'], 'utf8', '1-based substring of `length` characters (default: to the end); 0 is the first character, a negative position counts from the end.', { min: 2, aliases: ['substr'] }),
  fn('concat', 'scalar', ['any'], 'utf8', 'Concatenation of the arguments as text; NULL if any argument is NULL.', {
    min: 1, max: null, refuse: noFloatText,
    notes: ['Float, double and binary arguments are refused: Spark prints doubles with Java\'s Double.toString (1.0E-10), which DuckDB does not reproduce; cast them first.'],
  }),
  shared('replace', 'scalar', ['string', 'string', 'string'], 'utf8', 'Replace every occurrence of a substring.', { min: 2 }),
  fn('starts_with', 'scalar', ['string', 'string'], 'bool', 'Whether the string starts with the prefix.', { aliases: ['startswith'] }),
] as const;
