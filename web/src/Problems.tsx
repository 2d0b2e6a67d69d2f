/** The values of the address a page could not use, named at its top until dismissed. */
export function Problems({ problems, onDismiss }: { readonly problems: readonly string[]; readonly onDismiss: () => void }) {
  if (problems.length === 0) return null;
  return (
    <div class="problems" role="alert">
      {problems.map((problem) => (
        <p key={problem}>{problem}</p>
      ))}
      <button type="button" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}

/** A game page's top: the way home, the title and the address's problems. */
export function PageHeader({ title, problems, onDismiss }: { readonly title: string; readonly problems: readonly string[]; readonly onDismiss: () => void }) {
  return (
    <>
      <nav class="crumbs">
        <a href="/">Tabletop Lab</a> › {title}
      </nav>
      <h1>{title}</h1>
      <Problems problems={problems} onDismiss={onDismiss} />
    </>
  );
}
