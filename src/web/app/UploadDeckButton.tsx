import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useSession } from '../lib/use-session';

type UploadModalModule = { default: ComponentType<{ onClose: () => void }> };

// The upload modal is built alongside this screen; a glob (rather than a plain import) lets the
// app build before that file exists, and the button appears as soon as it does.
const uploadModules = import.meta.glob<UploadModalModule>('../features/upload/UploadModal.tsx');
const loadUploadModal = Object.values(uploadModules)[0];
const UploadModal = loadUploadModal ? lazy(loadUploadModal) : null;

/** 'Upload a deck', only for users with an e-mail. */
export function UploadDeckButton() {
  const { hasEmail } = useSession();
  const [isOpen, setOpen] = useState(false);
  if (!hasEmail || !UploadModal) return null;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Upload a deck
      </button>
      {isOpen && (
        <Suspense fallback={null}>
          <UploadModal onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
