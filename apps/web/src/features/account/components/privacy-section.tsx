import { useState } from 'react';
import { PRIVACY_MESSAGES } from '@shop/shared/privacy';
import { Button } from '../../../components/ui/button';
import { GENERIC_ERROR, errorMessage } from '../../../lib/api-error';
import { useExportMyDataMutation } from '../api/privacy-api';
import { saveTextFile } from '../save-file';
import { DeleteAccountDialog } from './delete-account-dialog';
import { FocusedAlert } from './focused-alert';

/** The privacy notice's rights on the profile: a copy of one's data, and deleting the account. */
export function PrivacySection() {
  const [exportMyData, { isLoading, reset }] = useExportMyDataMutation();
  const [failure, setFailure] = useState<{ message: string; attempt: number } | null>(null);

  const download = async () => {
    if (isLoading) return;
    const result = await exportMyData();
    if ('data' in result && result.data) {
      saveTextFile(result.data.fileName, result.data.content);
      setFailure(null);
      reset(); // the copy is not kept in the store
      return;
    }
    const server = errorMessage(result.error);
    setFailure((previous) => ({
      message: server === GENERIC_ERROR ? PRIVACY_MESSAGES.exportFailed : server,
      attempt: (previous?.attempt ?? 0) + 1,
    }));
  };

  return (
    <section aria-labelledby="privacy-heading" className="mt-12 border-t border-sand-200 pt-8">
      <h2 id="privacy-heading" className="font-display text-xl font-semibold text-ink">
        Your data
      </h2>
      <div className="mt-4 flex flex-col gap-6">
        <div className="flex flex-col gap-3">
          <p className="text-sm text-ink-muted">
            A copy of what we hold about you: your profile, orders and reviews, as a JSON file.
          </p>
          {failure && <FocusedAlert key={failure.attempt}>{failure.message}</FocusedAlert>}
          <Button
            variant="secondary"
            className="w-full sm:w-auto sm:self-start"
            aria-disabled={isLoading || undefined}
            onClick={() => void download()}
          >
            {isLoading ? 'Preparing…' : 'Download my data'}
          </Button>
        </div>
        <div className="flex flex-col gap-3">
          <p className="text-sm text-ink-muted">
            Deleting your account signs you out for good. Orders we must keep for our books no
            longer name you.
          </p>
          <div className="flex flex-col sm:flex-row">
            <DeleteAccountDialog />
          </div>
        </div>
      </div>
    </section>
  );
}
