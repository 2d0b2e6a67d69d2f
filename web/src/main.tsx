/**
 * The app's entry: a tiny router over `location.pathname`. Each game page is its own chunk, loaded
 * only when visited, so the home page stays small. Links are plain links (full page loads): the
 * state a page needs lives in its address.
 */
import { render } from 'preact';
import { Home } from './Home.js';
import { isReplayGame } from './replay/model.js';
import './styles.css';

const root = document.getElementById('app')!;
const path = location.pathname.replace(/\/+$/, '') || '/';
const replayed = path.slice(1);

if (new URLSearchParams(location.search).has('replay') && isReplayGame(replayed)) {
  // A game record replayed in its game's page (replay/): the page's own game waits behind a link.
  const [{ ReplayPage }, { definition, title }] = await Promise.all([import('./replay/ReplayPage.js'), import('./replay/games.js').then(({ loadGame }) => loadGame(replayed))]);
  document.title = `${title} replay · Tabletop Lab`;
  render(<ReplayPage game={replayed} title={title} definition={definition} />, root);
} else if (path === '/') {
  document.title = 'Tabletop Lab';
  render(<Home />, root);
} else if (path === '/connect-four') {
  document.title = 'Connect Four · Tabletop Lab';
  const { ConnectFourPage } = await import('./connect-four/Page.js');
  render(<ConnectFourPage />, root);
} else if (path === '/connect-fwar') {
  document.title = 'ConnectFwar · Tabletop Lab';
  const { ConnectFwarPage } = await import('./connect-fwar/Page.js');
  render(<ConnectFwarPage />, root);
} else if (path === '/uno-war') {
  document.title = 'UnoWar · Tabletop Lab';
  const { UnoWarPage } = await import('./uno-war/Page.js');
  render(<UnoWarPage />, root);
} else if (path === '/klondike') {
  document.title = 'Klondike · Tabletop Lab';
  const { KlondikePage } = await import('./klondike/Page.js');
  render(<KlondikePage />, root);
} else if (path === '/lab') {
  document.title = 'Lab · Tabletop Lab';
  const { LabPage } = await import('./lab/Page.js');
  render(<LabPage />, root);
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
