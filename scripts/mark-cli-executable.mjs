// tsc writes dist/cli/main.js as a plain file (mode 0644). The package's `bin` points at it, and
// `npx tabletop` in a checkout runs it directly through its shebang, so it must be executable: a
// fresh clone's first build would otherwise leave `tabletop: Permission denied`.
import { chmodSync } from 'node:fs';

chmodSync(new URL('../dist/cli/main.js', import.meta.url), 0o755);
