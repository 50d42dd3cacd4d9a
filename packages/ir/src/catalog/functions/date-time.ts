import { literalIn } from '../argument-rules.js';
import { DATE_TRUNC_SPELLINGS, dateTruncUnit } from '../datetime-units.js';
import { fn, shared } from '../function-signature.js';

const TIMESTAMP_UTC = { type: 'timestamp', unit: 'us', timezone: 'UTC' } as const;

/** Dates and timestamps. */
export const DATE_TIME = [
  shared('year', 'scalar', ['temporal'], 'int32', 'Year of a date or timestamp.'),
  shared('month', 'scalar', ['temporal'], 'int32', 'Month (1-12).'),
  shared('day', 'scalar', ['temporal'], 'int32', 'Day of month (1-31).', { aliases: ['dayofmonth'] }),
  shared('hour', 'scalar', ['temporal'], 'int32', 'Hour (0-23); 0 for a date.'),
  shared('date_trunc', 'scalar', ['string_literal', 'temporal'], TIMESTAMP_UTC, `Truncate to a unit: ${DATE_TRUNC_SPELLINGS.join(', ')} (any case).`, {
    refuse: literalIn(0, (u) => dateTruncUnit(u) !== undefined, `a date_trunc unit (${DATE_TRUNC_SPELLINGS.join(', ')})`),
  }),
  fn('to_date', 'scalar', ['temporal'], 'date32', 'Date part of a timestamp.'),
] as const;
