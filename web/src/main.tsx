/**
 * The app's entry: a tiny router over `location.pathname`. Each game page is its own chunk, loaded
 * only when visited, so the home page stays small. Links are plain links (full page loads): the
 * state a page needs lives in its address.
 */
import { render, type ComponentType } from 'preact';
import { Home } from './Home.js';
import { isReplayGame } from './replay/ids.js';
import { prestartEngine } from './connect-four/engine-start.js';
import { solutionAskedIn } from './connect-four/address.js';
import './styles.css';

/**
 * Each page's address, its title, how to load its chunk and what to start meanwhile (`start`, given
 * the address's parameters: work of the page that need not wait for its code, such as a worker that
 * takes long to get ready, and what the address already asks of it).
 */
const PAGES: Readonly<Record<string, { readonly title: string; readonly load: () => Promise<ComponentType>; readonly start?: (params: URLSearchParams) => void }>> = {
  '/connect-four': {
    title: 'Connect Four',
    load: async () => (await import('./connect-four/Page.js')).ConnectFourPage,
    start: (params) => prestartEngine(solutionAskedIn(params)),
  },
  '/connect-fwar': { title: 'ConnectFwar', load: async () => (await import('./connect-fwar/Page.js')).ConnectFwarPage },
  '/uno-war': { title: 'UnoWar', load: async () => (await import('./uno-war/Page.js')).UnoWarPage },
  '/klondike': { title: 'Klondike', load: async () => (await import('./klondike/Page.js')).KlondikePage },
  '/lab': { title: 'Lab', load: async () => (await import('./lab/Page.js')).LabPage },
};

const root = document.getElementById('app')!;
const path = location.pathname.replace(/\/+$/, '') || '/';
const replayed = path.slice(1);

if (new URLSearchParams(location.search).has('replay') && isReplayGame(replayed)) {
  // A game record replayed in its game's page (replay/): the page's own game waits behind a link.
  const [{ ReplayPage }, face] = await Promise.all([import('./replay/ReplayPage.js'), import('./replay/games.js').then(({ loadGame }) => loadGame(replayed))]);
  document.title = `${face.definition.title} replay · Tabletop Lab`;
  render(<ReplayPage game={replayed} face={face} />, root);
} else if (path === '/') {
  document.title = 'Tabletop Lab';
  render(<Home />, root);
} else if (Object.hasOwn(PAGES, path)) {
  const { title, load, start } = PAGES[path]!;
  document.title = `${title} · Tabletop Lab`;
  // Started before the page's code is asked for, so that its requests are not queued behind the
  // page's chunks (a browser opens only a few connections to one server).
  start?.(new URLSearchParams(location.search));
  const Page = await load();
  render(<Page />, root);
} else {
  document.title = 'Not found · Tabletop Lab';
  render(
    <main class="home">
      <h1>Page not found</h1>
      <p>
        There is no page at <code>{location.pathname}</code>. <a href="/">See the games</a>.
      </p>
    </main>,
    root,
  );
}
