// Entry of a deck reader thread: TypeScript is compiled on load, as in the server's own thread.
import { register } from 'tsx/esm/api';

register();
await import('./reader-thread-worker');
