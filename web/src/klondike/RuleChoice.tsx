/**
 * The rule set of the next deal: the assignment's rules (any draw size) or the standard ones (draw 1
 * or 3, passes through the stock, standard or Vegas scoring). Plain labelled selects: each has an
 * accessible name and is operated from the keyboard like any form field.
 */
import type { KlondikeRules, KlondikeScoring } from '../../../src/games/klondike/engine.js';
import { klondikeRuleSet } from '../../../src/games/klondike/rule-set.js';
import { DRAWS, PASSES, STANDARD_DRAWS, type RuleSet } from './model.js';

/** A labelled select of `options` (value, words), with an optional note under it (read with it by screen readers); `disabled` greys it out, the note saying why. */
export function Choice(props: { id: string; label: string; value: string; options: readonly (readonly [string, string])[]; onChange: (value: string) => void; note?: string; disabled?: boolean }) {
  const { id, label, value, options, onChange, note, disabled } = props;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select id={id} value={value} disabled={disabled} aria-describedby={note === undefined ? undefined : `${id}-note`} onChange={(event) => onChange(event.currentTarget.value)}>
        {options.map(([optionValue, words]) => (
          <option key={optionValue} value={optionValue}>
            {words}
          </option>
        ))}
      </select>
      {note !== undefined && (
        <p class="field-note" id={`${id}-note`}>
          {note}
        </p>
      )}
    </div>
  );
}

/**
 * The draw rule in words. The assignment's model differs from the usual draw-3 game: of the cards
 * shown only the first can be played, and a draw moves just that one to the back.
 */
export function drawRule(rules: RuleSet): string {
  const { draw } = rules;
  if (rules.rules === 'standard') {
    const turn = draw === 1 ? 'Draw turns one stock card onto the waste' : `Draw turns ${String(draw)} stock cards onto the waste (fanned)`;
    const passes = rules.passes === Infinity ? 'as often as you like' : rules.passes === 1 ? 'never: one pass through the stock' : `${String(rules.passes - 1)} times: ${String(rules.passes)} passes through the stock`;
    return `${turn}; only its top card plays. An empty stock is refilled from the waste ${passes}. Cards may come back from the foundations.`;
  }
  if (draw === 1) return 'One stock card is shown at a time; a draw sends it to the back of the stock and shows the next.';
  const others = draw === 2 ? 'the other shows' : `the other ${String(draw - 1)} show`;
  return `${String(draw)} stock cards are shown, but only the first can be played (the assignment's rule); a draw sends that one to the back of the stock and brings the next forward, so ${others} what comes next.`;
}

const RULES_WORDS: readonly (readonly [KlondikeRules, string])[] = [
  ['assignment', "The assignment's"],
  ['standard', 'Standard (waste, passes, scoring)'],
];
const SCORING_WORDS: readonly (readonly [KlondikeScoring, string])[] = [
  ['standard', 'Standard'],
  ['vegas', 'Vegas'],
];
const PASS_WORDS: readonly (readonly [string, string])[] = PASSES.map((p) => [p === Infinity ? 'unlimited' : String(p), p === Infinity ? 'Unlimited' : String(p)]);

/** The rules, draw, passes and scoring selects; `onChange` gets the whole rule set (the draw kept to 1 or 3 under the standard rules). */
export function RuleChoice({ value, onChange }: { readonly value: RuleSet; readonly onChange: (rules: RuleSet) => void }) {
  const standard = value.rules === 'standard';
  const draws: readonly number[] = standard ? STANDARD_DRAWS : Array.from({ length: DRAWS.max - DRAWS.min + 1 }, (_, i) => DRAWS.min + i);
  return (
    <>
      <Choice
        id="k-rules"
        label="Rules"
        value={value.rules}
        options={RULES_WORDS}
        onChange={(rules) => {
          const next = rules as KlondikeRules;
          const draw = next === 'standard' && !(STANDARD_DRAWS as readonly number[]).includes(value.draw) ? 3 : value.draw;
          onChange(next === 'standard' ? { ...value, rules: next, draw } : klondikeRuleSet({ draw }));
        }}
      />
      <Choice id="k-draw" label="Draw size" value={String(value.draw)} options={draws.map((n) => [String(n), String(n)])} note={drawRule(value)} onChange={(draw) => onChange({ ...value, draw: Number(draw) })} />
      {standard && (
        <>
          <Choice id="k-passes" label="Passes" value={value.passes === Infinity ? 'unlimited' : String(value.passes)} options={PASS_WORDS} onChange={(passes) => onChange({ ...value, passes: passes === 'unlimited' ? Infinity : Number(passes) })} />
          <Choice
            id="k-scoring"
            label="Scoring"
            value={value.scoring}
            options={SCORING_WORDS}
            onChange={(scoring) => onChange({ ...value, scoring: scoring as KlondikeScoring })}
          />
        </>
      )}
    </>
  );
}
