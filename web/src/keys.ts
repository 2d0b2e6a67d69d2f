/**
 * A page's playing keys, listened to on the whole document. `onKey` gets the key (lower case) and
 * says whether it used it. Keys typed into a form field (other than a checkbox) are left alone:
 * fields use digits and letters themselves; modified keys (Ctrl, Alt, Meta) belong to the browser.
 */
import { useLayoutEffect, useRef } from 'preact/hooks';

export function usePlayKeys(onKey: (key: string) => boolean): void {
  // The latest handler, so the listener is added once yet always sees the page's current state.
  const handler = useRef(onKey);
  handler.current = onKey;
  // A layout effect, not an effect: it runs before the page is first painted, so a key pressed as
  // soon as the board shows is never lost (a plain effect runs after paint, leaving a gap).
  useLayoutEffect(() => {
    const listener = (event: KeyboardEvent): void => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1) return;
      const target = event.target as HTMLElement | null;
      if (target !== null && ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName) && (target as HTMLInputElement).type !== 'checkbox') return;
      if (handler.current(event.key.toLowerCase())) event.preventDefault();
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}
