import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import {
  Button,
  ButtonLink,
  errorMessage,
  ErrorText,
  PageHeader,
  Section,
  Stack,
  useApiClient,
  useSession,
  type UserImportPreview,
  type UserImportResult,
} from 'shared-kit';
import {
  USER_IMPORT_COLUMNS,
  USER_IMPORT_MAX_BYTES,
  USER_IMPORT_MAX_ROWS,
  USER_IMPORT_TEMPLATE,
} from 'shared-kit/contract';
import { IMPORT_PATH, uploadUserImport, type UploadProgress } from '../api/upload-user-import';
import { useApplyUserImport } from '../api/apply-user-import';
import { FileDrop } from '../components/FileDrop';
import { ImportPreview } from '../components/ImportPreview';
import { ImportProgress } from '../components/ImportProgress';
import { usersLinks } from 'shared-kit/pages';

const Help = styled.p`
  margin: 0;
`;

const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(USER_IMPORT_TEMPLATE)}`;
export const UPLOAD_FAILED = 'The file could not be checked. Please try again.';
export const APPLY_FAILED = 'The import could not be applied. Please try again.';
export const UPLOAD_CANCELLED = 'The upload was cancelled: nothing was imported.';

type Step =
  | { kind: 'choose'; error?: string; notice?: string }
  | { kind: 'uploading'; fileName: string; progress: UploadProgress }
  | { kind: 'preview'; fileName: string; preview: UserImportPreview; error?: string }
  | { kind: 'done'; result: UserImportResult };

const createdText = ({ users_created, licenses_created }: UserImportResult) =>
  `${users_created.toLocaleString('en-US')} ${users_created === 1 ? 'user' : 'users'} and ${licenses_created.toLocaleString('en-US')} ${licenses_created === 1 ? 'license' : 'licenses'} created.`;

/** /Home/Users/Import: upload a CSV of end users, read the dry run, apply it whole. */
export function ImportUsersPage() {
  const api = useApiClient();
  const session = useSession();
  const apply = useApplyUserImport();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const upload = useRef<AbortController | null>(null);
  useEffect(() => () => upload.current?.abort(), []);

  const send = async (file: File) => {
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    setStep({ kind: 'uploading', fileName: file.name, progress: { phase: 'uploading', sent: 0, total: file.size } });
    try {
      const preview = await uploadUserImport({
        url: api.url(IMPORT_PATH),
        token: session?.token,
        file,
        signal: controller.signal,
        onProgress: (progress) => setStep({ kind: 'uploading', fileName: file.name, progress }),
      });
      setStep({ kind: 'preview', fileName: file.name, preview });
    } catch (error) {
      if (!controller.signal.aborted) setStep({ kind: 'choose', error: errorMessage(error, UPLOAD_FAILED) });
    }
  };

  // Aborting the request stops the upload; a file the server already received is only a dry run (nothing applied).
  const cancelUpload = () => {
    upload.current?.abort();
    setStep({ kind: 'choose', notice: UPLOAD_CANCELLED });
  };

  const applyPreview = async (fileName: string, preview: UserImportPreview) => {
    try {
      setStep({ kind: 'done', result: await apply.trigger(preview.id) });
    } catch (error) {
      setStep({ kind: 'preview', fileName, preview, error: errorMessage(error, APPLY_FAILED) });
    }
  };

  return (
    <>
      <PageHeader title="Import Users" actions={<ButtonLink to={usersLinks.users()}>Back to Users</ButtonLink>} />
      <Stack $gap="lg">
        {step.kind === 'choose' && (
          <Section title="Upload a CSV file">
            <Help>
              {`One user per row under a header naming the columns ${USER_IMPORT_COLUMNS.join(', ')}. Email is required; give product_identifier and license_type (NFR, Standard or Free) to add a license. UTF-8, at most ${USER_IMPORT_MAX_BYTES / 1024 / 1024} MB and ${USER_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Nothing changes until you apply the preview.`}
            </Help>
            <p>
              <a href={TEMPLATE_HREF} download="users-import-template.csv">
                Download a template
              </a>
            </p>
            <FileDrop onFile={send} />
            {step.error && <ErrorText>{step.error}</ErrorText>}
            {step.notice && <p role="status">{step.notice}</p>}
          </Section>
        )}
        {step.kind === 'uploading' && (
          <Section title="Checking the file">
            <ImportProgress fileName={step.fileName} progress={step.progress} />
            <p>
              <Button onClick={cancelUpload}>Cancel upload</Button>
            </p>
          </Section>
        )}
        {step.kind === 'preview' && (
          <>
            {step.error && <ErrorText>{step.error}</ErrorText>}
            <ImportPreview
              preview={step.preview}
              fileName={step.fileName}
              applying={apply.isMutating}
              onApply={() => applyPreview(step.fileName, step.preview)}
              onUploadAnother={() => setStep({ kind: 'choose' })}
            />
          </>
        )}
        {step.kind === 'done' && (
          <Section title="Import applied">
            <p role="status">{createdText(step.result)}</p>
            <p>
              <ButtonLink variant="primary" to={usersLinks.users()}>
                Back to Users
              </ButtonLink>
            </p>
          </Section>
        )}
      </Stack>
    </>
  );
}
