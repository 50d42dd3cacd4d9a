import { closestName } from '@thund/ir';
import { OPTION_HELP, type OptionName } from './command-help.js';
import { UsageError } from './usage-error.js';

/** A command line split into its words: the positionals in order, and each option's values. */
export interface ParsedCommandLine {
  readonly positionals: readonly string[];
  /** Each option given, with its values in order (a switch: `['true']`). */
  readonly options: ReadonlyMap<OptionName | 'help' | 'version', readonly string[]>;
}

const SHORT: Readonly<Record<string, 'help' | 'version'>> = { '-h': 'help', '-v': 'version' };
const NAMES = Object.keys(OPTION_HELP) as OptionName[];

/**
 * Splits `argv` into positionals and options, refusing what is not an
 * option of `thund` with the closest one it knows. An option that takes a
 * value takes the next word whatever it looks like (`--limit -3` is the
 * value `-3`, refused by `--limit` itself, not read as a flag), or its
 * `--name=value` form; `--` ends the options.
 */
export function parseCommandLine(argv: readonly string[], command?: { readonly name: string; readonly options: readonly OptionName[] }): ParsedCommandLine {
  const positionals: string[] = [];
  const options = new Map<OptionName | 'help' | 'version', string[]>();
  const add = (name: OptionName | 'help' | 'version', value: string): void => {
    options.set(name, [...(options.get(name) ?? []), value]);
  };
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i] ?? '';
    if (word === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    const short = SHORT[word];
    if (short !== undefined) {
      add(short, 'true');
      continue;
    }
    if (!word.startsWith('-') || word === '-') {
      positionals.push(word);
      continue;
    }
    const [spelled = '', inline] = splitOnce(word);
    const name = spelled.replace(/^--?/, '');
    if (name === 'help' || name === 'version') {
      add(name, 'true');
      continue;
    }
    const known = NAMES.find((n) => n === name);
    if (known === undefined || !spelled.startsWith('--')) throw unknownOption(spelled, command);
    if (!OPTION_HELP[known].takesValue) {
      if (inline !== undefined) throw new UsageError(`--${known} is a switch and takes no value, got "${word}": write --${known} alone`);
      add(known, 'true');
      continue;
    }
    const value = inline ?? argv[i + 1];
    if (value === undefined) throw new UsageError(`--${known} needs a value: ${OPTION_HELP[known].flag}`);
    if (inline === undefined) i++;
    add(known, value);
  }
  return { positionals, options };
}

function splitOnce(word: string): [string, string | undefined] {
  const at = word.indexOf('=');
  return at < 0 ? [word, undefined] : [word.slice(0, at), word.slice(at + 1)];
}

/** `unknown option --bakend; did you mean --backend?`, or the options the command takes when none is close. */
function unknownOption(spelled: string, command: { readonly name: string; readonly options: readonly OptionName[] } | undefined): UsageError {
  const bare = spelled.replace(/^-+/, '');
  const near = closestName(bare, [...(command?.options ?? NAMES), 'help', 'version']);
  const single = /^-[^-]/.test(spelled) && NAMES.includes(bare as OptionName) ? `; options are written with two dashes: --${bare}` : '';
  const takes = command === undefined ? '' : command.options.length === 0 ? `; "thund ${command.name}" takes no options` : `; "thund ${command.name}" takes ${command.options.map((o) => `--${o}`).join(', ')}`;
  return new UsageError(`unknown option ${spelled}${single || (near === undefined ? takes : `; did you mean --${near}?`)}`);
}
