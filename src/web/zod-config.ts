// The Content-Security-Policy forbids eval (src/server/http/security-headers.ts). Zod otherwise
// probes for it with Function('') when each object schema is created, and the browser reports a
// CSP violation; jitless makes it skip the probe. Imported first by main.tsx, before any schema.
import { z } from 'zod';

z.config({ jitless: true });
