import { codeGlyphs } from '../test/support/code-glyphs';
import { codeGlyphClassifier } from '../src/server/ocr/pipeline/code/classifier/classifier';
const c = codeGlyphClassifier();
for (const [code, size] of [['KO0I1M', 22], ['KX8WM', 22], ['KXSWM', 22], ['KXPWM', 22], ['KO0I1M', 14]] as const) {
  const { glyphs, capHeight } = await codeGlyphs(code, size);
  console.log(code, size, 'cap', capHeight);
  glyphs.forEach((g, i) => console.log(' ', code[i], g.width, g.height, c.rank(g, capHeight).slice(0, 4).map((s) => `${s.char}:${s.score.toFixed(3)}`).join(' ')));
}
