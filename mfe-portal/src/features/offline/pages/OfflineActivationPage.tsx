import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { Button, ErrorText, Field, errorMessage, useApiClient } from 'shared-kit';
import { saveFile } from 'shared-kit/data';
import { useMessages } from '../../../messages/messages';
import { PageTitle } from '../../../shared/components/Details';
import { activateOffline, findMyLicense } from '../api/activate-offline';
import { requestSummaryOf } from '../components/request-summary';

/** My licenses' list (its cache keys are `[path, { page }]`). */
const LICENSES_PATH = '/portal/licenses';

/** A chosen file's text (FileReader: every browser, and the test DOM, which has no Blob.text()). */
function textOf(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });
}

interface Chosen {
  text: string;
  productIdentifier: string;
  serial: string;
}

/**
 * /offline: a machine that is never online. The customer chooses the request file its plugin wrote; which licence
 * it is for is read from the file; the answer is saved as `{product identifier}.ops` to carry back.
 */
export default function OfflineActivationPage() {
  const { t } = useMessages();
  const api = useApiClient();
  const { mutate } = useSWRConfig();
  const inputId = useId();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    setChosen(null);
    setSaved(null);
    setProblem(null);
    const file = event.target.files?.[0];
    if (!file) return;
    const text = await textOf(file);
    const summary = requestSummaryOf(text);
    if (!summary) return setProblem(t('offline.notARequest'));
    setChosen({ text, ...summary });
  };

  const upload = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (!chosen) return setProblem(t('offline.chooseFirst'));
    setPending(true);
    setProblem(null);
    try {
      const license = await findMyLicense(api, chosen.productIdentifier, chosen.serial);
      if (!license) return setProblem(t('offline.noSuchLicense', { serial: chosen.serial }));
      const answer = await activateOffline(api, license.id, { request: chosen.text });
      // The machine now takes a slot: My licenses must not show the cached count. Its first page is read afresh into
      // the cache and every other cached page is dropped. Dropping the first page too is not enough: opened again
      // within SWR's deduping interval it would await the fetch made before this change, whose answer SWR discards,
      // and show no licences at all.
      void mutate(
        (key) => Array.isArray(key) && key[0] === LICENSES_PATH && (key[1] as { page?: number })?.page !== 1,
        undefined,
        { revalidate: false },
      );
      void mutate([LICENSES_PATH, { page: 1 }], api.get(LICENSES_PATH, { page: 1 }), { revalidate: false });
      const name = `${answer.product_identifier}.ops`;
      saveFile(new Blob([`${JSON.stringify(answer, null, 2)}\n`], { type: 'application/json' }), name);
      setSaved(name);
    } catch (error) {
      setProblem(errorMessage(error, t('offline.failed')));
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <PageTitle>{t('offline.title')}</PageTitle>
      <p>{t('offline.intro')}</p>
      <form aria-label={t('offline.title')} noValidate onSubmit={upload}>
        <Field label={t('offline.file')} htmlFor={inputId} required>
          <input
            id={inputId}
            type="file"
            accept=".ophreq,.json,application/json"
            onChange={(event) => void choose(event)}
          />
        </Field>
        {chosen && <p>{t('offline.forLicense', { product: chosen.productIdentifier, serial: chosen.serial })}</p>}
        {problem && <ErrorText>{problem}</ErrorText>}
        <div>
          <Button type="submit" variant="primary" disabled={pending}>
            {pending ? t('offline.uploading') : t('offline.upload')}
          </Button>
        </div>
      </form>
      {saved && <p role="status">{t('offline.saved', { file: saved })}</p>}
    </>
  );
}
