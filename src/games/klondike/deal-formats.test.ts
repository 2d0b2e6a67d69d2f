/** Deals that travel: Solvitaire's JSON deal and PySol's board text, written and read back. */
import { describe, expect, it } from 'vitest';
import { Card } from './card.js';
import { fromPysol, fromSolvitaire, readDeal, toPysol, toSolvitaire, writeDeal, DEAL_FORMATS } from './deal-formats.js';
import { IllegalArgumentError } from './errors.js';
import { seededDeal } from './solver/deal.js';

const orderOf = (seed: number): number[] => Array.from(seededDeal(seed).dealOrder);
const names = (order: readonly number[]): string[] => order.map((c) => Card.fromIndex(c).toString());

describe('Klondike deal formats', () => {
  it('round-trips seeded deals through every format', () => {
    for (let seed = 0; seed < 10; seed++) {
      const deal = { piles: 7, order: orderOf(seed) };
      for (const format of DEAL_FORMATS) expect(readDeal(writeDeal(deal, format))).toEqual(deal);
      expect(fromSolvitaire(toSolvitaire(deal))).toEqual(deal);
      expect(fromPysol(toPysol(deal))).toEqual(deal);
    }
  });

  it("writes Solvitaire's layout: piles bottom first with face-down suits in lower case, the stock bottom first", () => {
    const order = orderOf(1);
    const data = JSON.parse(toSolvitaire({ piles: 7, order })) as { 'tableau piles': string[][]; stock: string[] };
    expect(data['tableau piles'].map((pile) => pile.length)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // Pile 2 (index 1): row 0 is the second card dealt, face-down; row 1 the eighth, face-up.
    const letters = (c: number): string => names([c])[0]!.replace('♣', 'C').replace('♢', 'D').replace('♡', 'H').replace('♠', 'S');
    expect(data['tableau piles'][1]).toEqual([letters(order[1]!).slice(0, -1) + letters(order[1]!).slice(-1).toLowerCase(), letters(order[7]!)]);
    // The first stock card turned (deal position 28) is the stock's last entry.
    expect(data.stock).toHaveLength(24);
    expect(data.stock[23]!.toUpperCase()).toBe(letters(order[28]!));
  });

  it("writes PySol's board: the talon from its first card, T for ten, face-down cards in brackets", () => {
    const order = orderOf(2);
    const lines = toPysol({ piles: 7, order }).trimEnd().split('\n');
    expect(lines).toHaveLength(9);
    expect(lines[1]).toBe('Foundations: H-0 C-0 D-0 S-0');
    expect(lines[0]!.split(' ').length).toBe(25);
    expect(lines[8]!.split(' ').slice(0, 6).every((w) => /^<[A2-9TJQK][CDHS]>$/.test(w))).toBe(true);
    expect(lines[8]!.split(' ')[6]).toMatch(/^[A2-9TJQK][CDHS]$/);
  });

  it('reads a hand-written PySol board and a Solvitaire deal of another pile count', () => {
    const board = ['Talon: 4C 5C', 'Founds: C-0', ': AC', '<2C> 3C'].join('\n');
    expect(names(readDeal(board, 2).order)).toEqual(['A♣', '2♣', '3♣', '4♣', '5♣']);
    const json = '{"tableau piles": [["AC"], ["2c", "3C"]], "stock": ["5c", "4c"], "waste": [], "foundations": [[]]}';
    expect(names(fromSolvitaire(json).order)).toEqual(['A♣', '2♣', '3♣', '4♣', '5♣']);
  });

  it('says what is wrong with a bad deal', () => {
    const bad = (text: string, message: RegExp): void => {
      expect(() => readDeal(text)).toThrow(IllegalArgumentError);
      expect(() => readDeal(text)).toThrow(message);
    };
    bad('{"tableau piles": [["AC"]], "stock": ["XX"]}', /'XX' is not a card/);
    bad('{"tableau piles": [["AC", "2C"]], "stock": []}', /pile 1 holds 2 cards/);
    bad('{"tableau piles": [["AC"]], "stock": ["3C"]}', /not a valid deck/);
    bad('{"tableau piles": [["AC"]], "stock": [], "waste": ["2C"]}', /waste must be empty/);
    bad('{"tableau', /not JSON/);
    bad('Talon: 2C\nFoundations: C-A\nAC', /foundations must be empty/);
    bad('Talon:\n<AC> 2C\n3C', /pile 1 holds 2 cards/);
  });
});
