/**
 * Colour for the `play` commands. Every view is first written as plain text — the exact text the
 * spec fixes, and what a pipe or a file receives — and colour is only ever wrapped around parts of
 * it, so turning colour off gives the plain text back byte for byte.
 *
 * When: `--color` or `--no-color` decides; without either, colour is on only when the output is a
 * terminal, NO_COLOR is unset or empty (https://no-color.org) and TERM is not `dumb`.
 */
import { Option, type Command } from 'commander';

const ESC = '\u001b[';

export interface Style {
  readonly enabled: boolean;
  /** Hearts and Diamonds; red's tokens in Connect Four. */
  red(text: string): string;
  /** Yellow's tokens in Connect Four. */
  yellow(text: string): string;
  /** Headings and the things a person should see first. */
  bold(text: string): string;
  /** Quieter text: labels, notes. */
  dim(text: string): string;
  /** The winning four: reversed colours, so it shows on any background (and without colour vision). */
  highlight(text: string): string;
}

const wrap =
  (open: string, close: string) =>
  (text: string): string =>
    `${ESC}${open}m${text}${ESC}${close}m`;

const identity = (text: string): string => text;

export const PLAIN: Style = { enabled: false, red: identity, yellow: identity, bold: identity, dim: identity, highlight: identity };

export const COLORED: Style = {
  enabled: true,
  red: wrap('31', '39'),
  yellow: wrap('33', '39'),
  bold: wrap('1', '22'),
  dim: wrap('2', '22'),
  highlight: wrap('7;1', '27;22'),
};

/** Whether to colour `output`: the option when given, else a terminal with NO_COLOR unset and TERM not `dumb`. */
export function wantsColor(option: boolean | undefined, output: NodeJS.WritableStream, env: NodeJS.ProcessEnv = process.env): boolean {
  if (option !== undefined) return option;
  if ((output as { isTTY?: boolean }).isTTY !== true) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return env.TERM !== 'dumb';
}

export function styleFor(option: boolean | undefined, output: NodeJS.WritableStream, env: NodeJS.ProcessEnv = process.env): Style {
  return wantsColor(option, output, env) ? COLORED : PLAIN;
}

/** Adds `--color` and `--no-color` to a command; `options.color` is then true, false or undefined (automatic). */
export function addColorOptions(command: Command): Command {
  return command
    .addOption(new Option('--color', 'colour the output even when it is not a terminal (default: colour on a terminal unless NO_COLOR is set)'))
    .addOption(new Option('--no-color', 'never colour the output'));
}

/** `text` with every escape sequence removed: what a person reads. */
export function stripStyle(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}

/** Colours the red suits of card glyphs (♥ ♦ ♡ ♢ followed by the rank) in `text`; other text as is. */
export function colorSuits(text: string, style: Style): string {
  if (!style.enabled) return text;
  return text.replace(/[♥♦♡♢](?:10|[0-9AJQK⑩])|(?:10|[0-9AJQK⑩])[♥♦♡♢]/gu, (card) => style.red(card));
}
