import { useEffect, useRef } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageContainer } from '../../../components/ui/page-container';
import { SHOP_NAME } from '@shop/shared/shop';
import { notify } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { saveBlob } from '../save-file';

/** The codes as a text file or the clipboard gets them: one a line, with what they are. */
const codesText = (codes: string[]) =>
  [`${SHOP_NAME} back office: recovery codes (each works once)`, '', ...codes, ''].join('\n');

const CODES_FILE = `${SHOP_NAME.toLowerCase().replace(/\W+/g, '-')}-recovery-codes.txt`;

async function copyCodes(codes: string[]) {
  try {
    await navigator.clipboard.writeText(codesText(codes));
    notify('Recovery codes copied', 'success');
  } catch {
    notify('Could not copy: select the codes and copy them, or download them', 'error');
  }
}

/** The recovery codes, shown once, right after the second factor is confirmed. */
export function RecoveryCodes({ codes, onContinue }: { codes: string[]; onContinue: () => void }) {
  useDocumentTitle('Recovery codes');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <PageContainer className="max-w-2xl">
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-semibold focus:outline-none">
        Save your recovery codes
      </h1>
      <p className="mt-3 text-ink-muted">
        If you lose your phone, each of these codes signs you in once instead of the code from your
        app. Keep them somewhere safe: they are shown only this once.
      </p>
      <ol
        aria-label="Recovery codes"
        className="mt-6 grid grid-cols-1 gap-2 rounded-2xl border border-sand-200 bg-white p-5 font-mono text-base xs:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void copyCodes(codes)}>
          Copy
        </Button>
        <Button
          variant="secondary"
          onClick={() => saveBlob(new Blob([codesText(codes)], { type: 'text/plain' }), CODES_FILE)}
        >
          Download
        </Button>
      </div>
      <Alert variant="warning" className="mt-6">
        You will not see these codes again after you continue.
      </Alert>
      <Button className="mt-6" onClick={onContinue}>
        I have saved them
      </Button>
    </PageContainer>
  );
}
