// The chunks of a lazily loaded page, listed in its HTML. The router loads a page's code only once
// the main script has run; measured on a slow 4G phone that was a second trip of ~750 ms (eight
// small chunks) before the deck page or /meta could draw anything. Listed as modulepreload (and
// its CSS as a stylesheet) they come with the main script. Read from Vite's build manifest.
import fs from 'node:fs';
import path from 'node:path';
import { LAZY_PAGE_MODULES, type PAGE_PATHS } from '../../common/pages';

/** A chunk in Vite's manifest (.vite/manifest.json), keyed by its source module. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The `<link>` tags that preload each lazily loaded page's chunks; none when the build has no manifest. */
export function routePreloadTags(webDist: string): Map<(typeof PAGE_PATHS)[number], string> {
  const tags = new Map<(typeof PAGE_PATHS)[number], string>();
  const file = path.join(webDist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return tags;
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  /** A chunk and every chunk it imports statically, each once. */
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  // What index.html loads already.
  const entry = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const loaded = new Set(entry.flatMap((key) => [...closure(key)]));
  const loadedCss = new Set([...loaded].flatMap((key) => manifest[key].css ?? []));
  for (const [page, module] of Object.entries(LAZY_PAGE_MODULES) as [(typeof PAGE_PATHS)[number], string][]) {
    if (!manifest[module]) continue;
    const chunks = [...closure(module)].filter((key) => !loaded.has(key));
    const scripts = chunks.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`);
    const styles = [...new Set(chunks.flatMap((key) => manifest[key].css ?? []))]
      .filter((css) => !loadedCss.has(css))
      .map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`);
    tags.set(page, [...scripts, ...styles].join('\n    '));
  }
  return tags;
}
