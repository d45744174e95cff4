// How to use the editor, in one short modal.
import { Dialog } from '../../components/Dialog';

export function HelpDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="How to use the card editor" onClose={onClose}>
      <ul className="ce-help">
        <li>Pick a template with the Album, Edition and Rarity dropdowns. Limited exists for Common to Legendary.</li>
        <li>Type the card name, energy, power, ability title and text. Text shrinks to fit the card.</li>
        <li>
          In the ability text, wrap words in <code>**double stars**</code> for bold, and use the toolbar to insert icons
          such as <code>{'{power}'}</code>.
        </li>
        <li>Add ability rows (Draw, Play, Start, Return) with “Add ability”; removing one asks first.</li>
        <li>
          Choose a background image from your device: drag it to move it, scroll or pinch to zoom (0.5× to 3×), or use
          the Zoom slider. With the image focused, arrow keys move it and + / − zoom.
        </li>
        <li>Mythic and Ultra Fusion cards have no collection icon.</li>
        <li>
          “Save Image” downloads the card as template-image.png. Your work is kept in this browser between visits.
        </li>
      </ul>
    </Dialog>
  );
}
