import { readFileSync } from 'node:fs';
import { CatalogIndex } from '../src/server/uploads/ocr/catalog-index.ts';
const raw = JSON.parse(readFileSync('/work/shared/data/cue-cards.json', 'utf8')) as Array<{ Code: string; Name: string }>;
let t = performance.now();
const idx = new CatalogIndex(raw.map((c) => ({ code: c.Code, name: c.Name })));
console.log('build', (performance.now() - t).toFixed(1), 'ms', idx.size);
const qs = ['THE RENAISSANCE', 'HIYPERNOVA', 'HERVDALL', 'THE FOOL (XX)', 'CANO CRISTALES', 'QUEEN VICTORIA AND PRINCC ALBIRT', 'THE TOWER [XV1)', 'MARS', 'MARS ROVER CUNOSITY', 'PANDORA S BOX', 'OSIRIS', 'I', 'PI', 'AL DE ed fa Cae)', 'THE H1EROPHANT (V)', 'Mars Rover'];
t = performance.now();
for (const q of qs) { const r = idx.matchName(q); console.log(q, '=>', r.best?.name, r.best?.code, r.best?.confidence.toFixed(2), '|', r.alternatives.map((a) => `${a.name}:${a.confidence.toFixed(2)}`).join(', ')); }
console.log('lookups', (performance.now() - t).toFixed(1), 'ms');
console.log(idx.match({ nameText: 'OSIRIS', codeText: 'EEG0I2' }).best, idx.findByCode('ACN0012'), idx.findByCode('ACNO065'));
console.log(idx.findNamesInText('THE RENAISSANCE HYPERNOVA STATUE OF LIBERTY FIVE EYES').map((r) => r.best?.name));
console.log(raw.filter((c) => /^mars/i.test(c.Name)).map((c) => c.Name));
