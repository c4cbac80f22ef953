import styled from 'styled-components';
import type { UploadProgress } from '../api/upload-user-import';

const Bar = styled.progress`
  width: 100%;
  height: 12px;
`;

const Status = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.sm};
`;

/** Whole tens of percent: a screen reader hears the progress move without a word on every event. */
export const percentOf = (sent: number, total: number) =>
  total > 0 ? Math.min(100, Math.floor((sent / total) * 10) * 10) : 0;

/** The upload's bar (per cent of the file sent), then an indeterminate bar while the server checks the rows. */
export function ImportProgress({ fileName, progress }: { fileName: string; progress: UploadProgress }) {
  const uploading = progress.phase === 'uploading';
  const percent = uploading ? percentOf(progress.sent, progress.total) : undefined;
  const text = uploading ? `Uploading ${fileName}: ${percent}%` : `Checking the rows of ${fileName}…`;
  return (
    <div>
      <Status role="status" aria-live="polite">
        {text}
      </Status>
      <Bar aria-label={uploading ? 'Upload progress' : 'Checking the rows'} max={100} value={percent} />
    </div>
  );
}
