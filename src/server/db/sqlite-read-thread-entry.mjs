// Entry of a SQLite read thread: TypeScript is compiled on load, as in the server's own thread.
import { register } from 'tsx/esm/api';

register();
await import('./sqlite-read-thread.ts');
