// Displays ability text markup (**bold**, {icon}) as the card shows it.
import { InlineIcon } from './icons';
import { parseRichText } from './rich-text';

export function RichText({ source }: { source: string }) {
  return (
    <>
      {parseRichText(source).map((segment, i) => {
        if (segment.kind === 'icon') return <InlineIcon key={i} name={segment.icon} />;
        return segment.bold ? <strong key={i}>{segment.text}</strong> : <span key={i}>{segment.text}</span>;
      })}
    </>
  );
}
