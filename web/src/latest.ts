/**
 * State whose latest value is readable at once, ahead of the render a change causes: two clicks or
 * keys that arrive before the page re-renders must each see the other's move, not both play on the
 * same old position.
 */
import { useRef, useState } from 'preact/hooks';

export function useLatestState<T>(initial: T): [value: T, set: (next: T) => void, latest: { readonly current: T }] {
  const [value, setValue] = useState(initial);
  const latest = useRef(value);
  const set = (next: T): void => {
    latest.current = next;
    setValue(next);
  };
  return [value, set, latest];
}
