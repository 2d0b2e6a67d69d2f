/** The home page: the games, with the ones still to come marked as such. */
const GAMES: readonly { name: string; href: string | null; blurb: string }[] = [
  { name: 'Connect Four', href: '/connect-four', blurb: 'Play a friend or the computer, from random to perfect; see every column’s exact score.' },
  { name: 'ConnectFwar', href: '/connect-fwar', blurb: 'A solitaire of cards sinking into a 4x4 board: score the cards left when four connect, and watch the strategies play your deal.' },
  { name: 'UnoWar', href: '/uno-war', blurb: 'You against the computer: rounds of follow the suit or go higher.' },
  { name: 'Klondike', href: '/klondike', blurb: 'The classic solitaire: drag or click, undo, hints from a solver that knows whether your deal can still be won.' },
];

export function Home() {
  return (
    <main class="home">
      <h1>Tabletop Lab</h1>
      <p class="lead">Card and board games in your browser. Everything is computed on your own machine.</p>
      <ul class="games">
        {GAMES.map((game) => (
          <li key={game.name} class={game.href === null ? 'game coming' : 'game'}>
            {game.href === null ? <span class="game-name">{game.name}</span> : <a class="game-name" href={game.href}>{game.name}</a>}
            {game.href === null && <span class="badge">coming</span>}
            <p>{game.blurb}</p>
          </li>
        ))}
      </ul>
      <h2>The lab</h2>
      <p>
        <a class="game-name" href="/lab">
          Lab
        </a>
        : pit strategies against each other over thousands of seeded games, with error bars and charts — the same figures as the command line.
      </p>
    </main>
  );
}
