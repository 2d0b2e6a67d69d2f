/**
 * The Klondike table: the stock, the draw cards, the foundations and the piles. It knows no rules:
 * the page passes in what to show (`TableView`), the selection and the hint, and gets intents back
 * (a card clicked or double-clicked, a pile or foundation chosen, a card dragged onto one).
 *
 * Dragging uses pointer events (mouse, pen and touch alike): a press on a face-up card that moves
 * more than a few pixels becomes a drag; the cards follow the pointer, and on release the drop
 * target under the pointer (`data-drop`) receives them. A press that does not move is a click.
 */
import { useRef, useState } from 'preact/hooks';
import { cardWords, isRed, type Source, type TableView, type Target } from './model.js';
import { Card } from '../../../src/games/klondike/card.js';
import { cardLabel } from '../../../src/games/klondike/words.js';

export interface Highlight {
  /** Cards to mark, by card index. */
  readonly cards: readonly number[];
  readonly piles: readonly number[];
  readonly foundations: boolean;
  readonly stock: boolean;
}

export interface TableProps {
  readonly table: TableView;
  readonly selected: Source | null;
  readonly hint: Highlight | null;
  readonly onDraw: () => void;
  readonly onCard: (source: Source) => void;
  readonly onDouble: (source: Source) => void;
  readonly onTarget: (target: Target) => void;
  readonly onDrop: (source: Source, target: Target) => void;
}

/**
 * The card face: value and suit in the corner (all a fanned card shows), the suit large below —
 * written as the game writes the card (`cardLabel`: the suits ♣ ♢ ♡ ♠), so the messages, the
 * hints and the terminal name it as it looks.
 */
function Face({ card }: { readonly card: number }) {
  const { suit } = Card.fromIndex(card);
  const label = cardLabel(card);
  return (
    <>
      <span class="k-corner" aria-hidden="true">
        <span>{label.slice(0, label.length - suit.length)}</span>
        <span>{suit}</span>
      </span>
      <span class="k-pip" aria-hidden="true">
        {suit}
      </span>
    </>
  );
}

function sameSource(a: Source | null, b: Source): boolean {
  if (a === null || a.from !== b.from) return false;
  if (a.from === 'draw') return true;
  if (a.from === 'foundation') return b.from === 'foundation' && a.foundation === b.foundation;
  return b.from === 'pile' && a.pile === b.pile && (a.row === null || a.row === b.row);
}

function parseDrop(element: Element | null): Target | null {
  const text = element?.closest('[data-drop]')?.getAttribute('data-drop');
  if (text === null || text === undefined) return null;
  const [kind, n] = text.split(':');
  if (kind === 'pile') return { to: 'pile', pile: Number(n) };
  if (kind === 'foundation') return { to: 'foundation', foundation: Number(n) };
  return null;
}

interface Drag {
  readonly source: Source;
  readonly x: number;
  readonly y: number;
  dx: number;
  dy: number;
  moved: boolean;
}

export function Table({ table, selected, hint, onDraw, onCard, onDouble, onTarget, onDrop }: TableProps) {
  const drag = useRef<Drag | null>(null);
  const [offset, setOffset] = useState<{ source: Source; dx: number; dy: number } | null>(null);
  /** A drag just ended: the click the browser sends after the release is not a click. */
  const swallowClick = useRef(false);

  const startDrag = (source: Source) => (event: PointerEvent) => {
    if (event.button !== 0) return;
    drag.current = { source, x: event.clientX, y: event.clientY, dx: 0, dy: 0, moved: false };
    const move = (e: PointerEvent): void => {
      const d = drag.current;
      if (d === null) return;
      d.dx = e.clientX - d.x;
      d.dy = e.clientY - d.y;
      if (!d.moved && Math.hypot(d.dx, d.dy) < 6) return;
      d.moved = true;
      e.preventDefault();
      setOffset({ source: d.source, dx: d.dx, dy: d.dy });
    };
    const up = (e: PointerEvent): void => {
      document.removeEventListener('pointermove', move);
      document.removeEventListener('pointerup', up);
      document.removeEventListener('pointercancel', up);
      const d = drag.current;
      drag.current = null;
      setOffset(null);
      if (d === null || !d.moved || e.type === 'pointercancel') return;
      swallowClick.current = true;
      setTimeout(() => (swallowClick.current = false), 0);
      const target = parseDrop(document.elementFromPoint(e.clientX, e.clientY));
      if (target !== null) onDrop(d.source, target);
    };
    document.addEventListener('pointermove', move);
    document.addEventListener('pointerup', up);
    document.addEventListener('pointercancel', up);
  };

  const click = (handler: () => void) => () => {
    if (swallowClick.current) return;
    handler();
  };

  const dragStyle = (source: Source): Record<string, string> | undefined => {
    if (offset === null || !sameSource(offset.source, source)) return undefined;
    return { transform: `translate(${String(offset.dx)}px, ${String(offset.dy)}px)` };
  };
  const isDragged = (source: Source): boolean => offset !== null && sameSource(offset.source, source);
  const hinted = (card: number): boolean => hint?.cards.includes(card) ?? false;

  const drawCard = table.window[0];
  const drawSource: Source = { from: 'draw' };

  return (
    <div class="k-table" style={{ '--piles': String(Math.max(table.piles.length, 3 + table.foundations.length)) }}>
      <div class="k-top">
        <button
          type="button"
          class={`k-slot k-stock${hint?.stock === true ? ' hinted' : ''}`}
          aria-label="Draw"
          title={
            table.foundationsPlayable
              ? 'Draw: turn the stock onto the waste, or the waste over when the stock is empty'
              : 'Draw: the first draw card goes to the back of the draw pile'
          }
          disabled={!table.canDraw}
          onClick={onDraw}
        >
          {table.stockDown > 0 ? <span class="k-back" aria-hidden="true" /> : <span class="k-empty" aria-hidden="true" />}
          <span class="k-count" aria-hidden="true">
            {table.foundationsPlayable ? table.stockDown : table.stock}
          </span>
        </button>
        <div class="k-window" role="group" aria-label="Draw cards">
          {table.window
            .slice()
            .reverse()
            .map((card, i, shown) => {
              const playable = i === shown.length - 1;
              if (!playable) {
                return (
                  <span key={card} class={`k-card k-under${isRed(card) ? ' red' : ''}`} role="img" aria-label={cardWords(card)}>
                    <Face card={card} />
                  </span>
                );
              }
              return (
                <button
                  key={card}
                  type="button"
                  class={`k-card${isRed(card) ? ' red' : ''}${sameSource(selected, drawSource) ? ' selected' : ''}${hinted(card) ? ' hinted' : ''}${isDragged(drawSource) ? ' dragging' : ''}`}
                  aria-label={cardWords(card)}
                  aria-pressed={sameSource(selected, drawSource)}
                  style={dragStyle(drawSource)}
                  onPointerDown={startDrag(drawSource)}
                  onClick={click(() => onCard(drawSource))}
                  onDblClick={() => onDouble(drawSource)}
                >
                  <Face card={card} />
                </button>
              );
            })}
          {drawCard === undefined && <span class="k-slot k-empty" role="img" aria-label="No draw card" />}
        </div>
        <div class="k-foundations">
          {table.foundations.map((top, f) => {
            // Under the standard rules a foundation's top card can be chosen or dragged back onto a pile.
            const source: Source = { from: 'foundation', foundation: f };
            const playable = table.foundationsPlayable && top !== null;
            const isSelected = sameSource(selected, source);
            return (
              <button
                key={f}
                type="button"
                class={`k-slot k-foundation${top !== null && isRed(top) ? ' red' : ''}${top !== null ? ' k-card' : ''}${hint?.foundations === true ? ' hinted' : ''}${isSelected ? ' selected' : ''}${isDragged(source) ? ' dragging' : ''}`}
                aria-label={`Foundation ${String(f + 1)}, ${top === null ? 'empty' : cardWords(top)}`}
                aria-pressed={table.foundationsPlayable ? isSelected : undefined}
                data-drop={`foundation:${String(f)}`}
                style={dragStyle(source)}
                onPointerDown={playable ? startDrag(source) : undefined}
                onClick={click(() => onTarget({ to: 'foundation', foundation: f }))}
              >
                {top === null ? <span class="k-mark" aria-hidden="true">A</span> : <Face card={top} />}
              </button>
            );
          })}
        </div>
      </div>
      <div class="k-piles">
        {table.piles.map((pile, p) => {
          const label = `Pile ${String(p + 1)}`;
          return (
            <div key={p} class={`k-pile${hint?.piles.includes(p) === true ? ' hinted' : ''}`} role="group" aria-label={label} data-drop={`pile:${String(p)}`}>
              {pile.cards.length === 0 && (
                <button type="button" class="k-slot k-empty-pile" aria-label={`${label}, empty`} onClick={() => onTarget({ to: 'pile', pile: p })}>
                  <span class="k-mark" aria-hidden="true">K</span>
                </button>
              )}
              {pile.cards.map((card, row) => {
                if (card === null) return <span key={`down${String(row)}`} class="k-card k-down" role="img" aria-label="Face-down card" />;
                const source: Source = { from: 'pile', pile: p, row };
                const isSelected = selected?.from === 'pile' && selected.pile === p && (selected.row ?? row) <= row;
                const dragged = offset !== null && offset.source.from === 'pile' && offset.source.pile === p && (offset.source.row ?? 0) <= row;
                const style = dragged && offset !== null ? { transform: `translate(${String(offset.dx)}px, ${String(offset.dy)}px)` } : undefined;
                const last = row === pile.cards.length - 1;
                return (
                  <button
                    key={card}
                    type="button"
                    class={`k-card${isRed(card) ? ' red' : ''}${isSelected ? ' selected' : ''}${hinted(card) ? ' hinted' : ''}${dragged ? ' dragging' : ''}${last ? ' last' : ''}`}
                    aria-label={cardWords(card)}
                    aria-pressed={isSelected}
                    title={`${cardLabel(card)} on pile ${String(p + 1)}`}
                    style={style}
                    onPointerDown={startDrag(source)}
                    onClick={click(() => onCard(source))}
                    onDblClick={() => onDouble(source)}
                  >
                    <Face card={card} />
                  </button>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
