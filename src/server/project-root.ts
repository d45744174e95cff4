import path from 'node:path';

/**
 * The project's folder. This module runs from src/server (tsx, tests) and, bundled, from a file in
 * dist/server (`npm run build` puts every chunk flat there): both two levels below the project.
 */
export const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');
