import { useId, useState, type FormEvent } from 'react';
import { MAX_REPORT_REASON_LENGTH, type ModeratedItemType } from '../../../common/api/moderation';
import { MESSAGES } from '../../../common/messages';
import { Dialog } from '../../components/Dialog';
import { useToast } from '../../components/use-toast';
import { useReportItem } from './api/report-item';

interface ReportButtonProps {
  itemType: ModeratedItemType;
  itemId: string;
  /** What is reported, for the button's accessible name ("Report comment by StarGazer"). */
  label?: string;
}

/** A "Report" button that asks for a reason in a dialog and sends it to the moderators. */
export function ReportButton({ itemType, itemId, label }: ReportButtonProps) {
  const [isOpen, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const report = useReportItem();
  const toast = useToast();
  const fieldId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return;
    report.mutate(
      { itemType, itemId, reason: reason.trim() },
      {
        onSuccess: () => {
          setOpen(false);
          setReason('');
          toast(MESSAGES.moderation.reported, 'success');
        },
        // A second report of the same item says so (409); the dialog closes, as there is nothing to change.
        onError: (error) => {
          toast(error.message, 'error');
          if ('status' in error && error.status === 409) setOpen(false);
        },
      },
    );
  };
  return (
    <>
      <button
        type="button"
        className="link-button report-button"
        onClick={() => setOpen(true)}
        aria-label={label ?? `Report ${itemType}`}
      >
        Report
      </button>
      {isOpen && (
        <Dialog title={`Report this ${itemType}`} onClose={() => setOpen(false)}>
          <form className="report-form" onSubmit={submit}>
            <label htmlFor={fieldId}>What is wrong with it?</label>
            <textarea
              id={fieldId}
              data-autofocus
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={MAX_REPORT_REASON_LENGTH}
              rows={3}
              required
            />
            <div className="dialog-actions">
              <button type="button" onClick={() => setOpen(false)}>
                Cancel
              </button>
              <button type="submit" className="primary" disabled={report.isPending || !reason.trim()}>
                {report.isPending ? 'Sending…' : 'Send report'}
              </button>
            </div>
          </form>
        </Dialog>
      )}
    </>
  );
}
