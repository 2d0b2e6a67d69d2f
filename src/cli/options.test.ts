/**
 * Comma-separated lists of players (`--players`, `--ais`, `--bots`): a quoted item keeps its
 * commas, so a program whose command has one can be listed; a list that splits a command says so.
 */
import { describe, expect, it } from 'vitest';
import { commaHint, parseList, splitList } from './options.js';

const players = parseList('The --players list');

describe('comma-separated lists', () => {
  it('splits at commas and trims, as before, a quote inside an item being part of it', () => {
    expect(players(' basic , greedy,')).toEqual(['basic', 'greedy']);
    expect(players(`basic,exec:python3 -c 'print(1)'`)).toEqual(['basic', `exec:python3 -c 'print(1)'`]);
  });

  it('keeps the commas of an item in quotes, single or double, and drops the quotes', () => {
    expect(players(`basic,'exec:python3 me.py --weights 1,2', "mine=exec:awk -F, -f bot.awk"`)).toEqual(['basic', 'exec:python3 me.py --weights 1,2', 'mine=exec:awk -F, -f bot.awk']);
    expect(players(`"exec:./a 'x,y'"`)).toEqual([`exec:./a 'x,y'`]);
  });

  it('refuses an unclosed quote and text after a closing one, naming the list', () => {
    expect(() => splitList(`basic,'exec:./a 1,2`, 'The --players list')).toThrow("The --players list: the item starting 'exec:./a 1,2 has no closing '.");
    expect(() => splitList(`'exec:./a 1,2' x,basic`, 'The --ais list')).toThrow("The --ais list: after the quoted item 'exec:./a 1,2' comes 'x,basic', not a comma.");
    expect(() => players(`basic,'basic'`)).toThrow("The --players list: 'basic' is listed twice.");
  });

  it('hints at a command split at its comma when an item after an exec: names no player', () => {
    const items = players('basic,exec:python3 me.py 1,2');
    expect(items).toEqual(['basic', 'exec:python3 me.py 1', '2']);
    expect(commaHint(items, '2')).toContain("quote a command that has one, as 'exec:…,…'");
    expect(commaHint(['nobody', 'exec:./a'], 'nobody')).toBe('');
    expect(commaHint(['basic', './missing.mjs'], './missing.mjs')).toBe('');
  });
});
