import { useNavigate, useParams } from 'react-router';
import { PageHeader, Spinner, useSession } from 'shared-kit';
import { useBuildsByIds } from '../../data/builds/get-builds-by-ids';
import { useManufacturerChannels } from '../../data/channels/get-channels';
import { useCreateRelease } from '../../data/releases/create-release';
import { useRelease } from '../../data/releases/get-release';
import { useSaveEditedRelease } from '../../data/releases/save-edited-release';
import { NotFoundMessage } from '../../components/NotFoundMessage';
import { ProductSubtitle } from '../../components/ProductSubtitle';
import { parseIdList, useIdParam } from '../../components/route-params';
import { useReportSaveError } from '../../components/use-save-error';
import { ReleaseForm } from './ReleaseForm';
import { formOfRelease, newReleaseForm, toCreateBody, toPatchBody, type ReleaseFormValues } from './release-form-state';
import { releaseLinks } from './release-links';

const noProduct = (
  <NotFoundMessage backTo="../MyProducts" backLabel="Back to My Products">
    There is no product at this address.
  </NotFoundMessage>
);

/** Runs a save, reporting a failure (SPEC §8) and passing it on so the form stays as typed. */
function useSaveThenLeave() {
  const navigate = useNavigate();
  const reportError = useReportSaveError();
  return async (save: () => Promise<unknown>, leaveTo: string) => {
    try {
      await save();
    } catch (error) {
      reportError(error);
      throw error;
    }
    navigate(leaveTo);
  };
}

/** /Home/CreateRelease/{productID}/{buildIDs}: builds that fail to load are skipped; no builds is valid. */
export function CreateReleasePage() {
  const productId = useIdParam('productID');
  const buildIds = parseIdList(useParams().buildIDs);
  const { builds, isLoading } = useBuildsByIds(productId, buildIds);
  const createRelease = useCreateRelease();
  const saveThenLeave = useSaveThenLeave();

  const body = () => {
    if (productId === null) return noProduct;
    if (isLoading) return <Spinner label="Loading builds..." />;
    const save = (values: ReleaseFormValues) => saveThenLeave(() => createRelease(productId, toCreateBody(values)), releaseLinks.list(productId));
    return <ReleaseForm productId={productId} initialValues={newReleaseForm(builds)} onSave={save} cancelTo={releaseLinks.list(productId)} />;
  };
  return (
    <>
      <PageHeader title="Create Release" />
      {productId !== null && <ProductSubtitle productId={productId} />}
      {body()}
    </>
  );
}

/** /Home/UpdateRelease/{productID}/{releaseID}: the release with its builds, and the manufacturer's channels. */
export function UpdateReleasePage() {
  const productId = useIdParam('productID');
  const releaseId = useIdParam('releaseID');
  const manufacturerId = useSession()?.manufacturer?.id ?? null;
  const { data: release, isLoading } = useRelease(productId, releaseId);
  const channels = useManufacturerChannels(manufacturerId);
  const saveEditedRelease = useSaveEditedRelease();
  const saveThenLeave = useSaveThenLeave();

  const body = () => {
    if (productId === null) return noProduct;
    if (releaseId === null || (!isLoading && !release)) {
      return (
        <NotFoundMessage backTo={releaseLinks.list(productId)} backLabel="Back to the releases">
          This release could not be loaded.
        </NotFoundMessage>
      );
    }
    if (!release) return <Spinner label="Loading release..." />;
    const save = (values: ReleaseFormValues) =>
      saveThenLeave(async () => {
        const body = toPatchBody(values, release);
        // Without a manufacturer (a page embedding the remote without a session) channels cannot change.
        const channelIds = manufacturerId === null ? formOfRelease(release).channelIds : values.channelIds;
        return saveEditedRelease({ manufacturerId: manufacturerId ?? 0, release, channelIds, body });
      }, releaseLinks.list(productId));
    return (
      <ReleaseForm
        key={`${release.id}-${release.updated_at}`}
        productId={productId}
        initialValues={formOfRelease(release)}
        distribution={{ channels: channels.data, isLoading: channels.isLoading }}
        onSave={save}
        cancelTo={releaseLinks.list(productId)}
      />
    );
  };
  return (
    <>
      <PageHeader title={releaseId === null ? 'Update Release' : `Update Release ${releaseId}`} />
      {productId !== null && <ProductSubtitle productId={productId} />}
      {body()}
    </>
  );
}
