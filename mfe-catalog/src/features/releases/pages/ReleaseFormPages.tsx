import { useParams } from 'react-router';
import { CannotShowPage, PageHeader, Spinner, parseIdList, useIdParam, useSession, type Release } from 'shared-kit';
import { HistorySection } from 'shared-kit/data';
import { ProductSubtitle } from '../../../shared/components/ProductSubtitle';
import { useSaveThenLeave } from '../../../shared/use-save-then-leave';
import { useBuildsByIds } from '../api/get-builds-by-ids';
import { useManufacturerChannels } from '../api/get-channels';
import { useCreateRelease } from '../api/create-release';
import { useRelease } from '../api/get-release';
import { useSaveEditedRelease } from '../api/save-edited-release';
import { ReleaseForm } from '../components/ReleaseForm';
import {
  formOfRelease,
  newReleaseForm,
  toCreateBody,
  toPatchBody,
  type ReleaseFormValues,
} from '../components/release-form';
import { catalogLinks } from 'shared-kit/pages';

const noProduct = (
  <CannotShowPage back={{ to: catalogLinks.products(), label: 'Back to My Products' }}>
    There is no product at this address.
  </CannotShowPage>
);

/**
 * docs/console.md, Release form: a save stays on (or, once created, opens) the saved release with a confirmation,
 * so its History is at hand; Cancel returns to the product's releases.
 */
const releaseSaved = (release: Release) => ({ message: `Release ${release.id} saved.` });

/** /Home/CreateRelease/{productID}/{buildIDs}: builds that fail to load are skipped; no builds is valid. */
export function CreateReleasePage() {
  const productId = useIdParam('productID');
  const buildIds = parseIdList(useParams().buildIDs);
  const { builds, isLoading } = useBuildsByIds(productId, buildIds);
  const createRelease = useCreateRelease();
  const saveThenLeave = useSaveThenLeave(createRelease);

  const body = () => {
    if (productId === null) return noProduct;
    if (isLoading) return <Spinner label="Loading builds..." />;
    const save = (values: ReleaseFormValues) =>
      saveThenLeave(
        { productId, body: toCreateBody(values) },
        { leaveTo: (release) => catalogLinks.updateRelease(productId, release.id), saved: releaseSaved },
      );
    return (
      <ReleaseForm
        productId={productId}
        initialValues={newReleaseForm(builds)}
        onSave={save}
        saving={createRelease.isMutating}
        cancelTo={catalogLinks.productReleases(productId)}
      />
    );
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
  const saveThenLeave = useSaveThenLeave(saveEditedRelease);

  const body = () => {
    if (productId === null) return noProduct;
    if (releaseId === null || (!isLoading && !release)) {
      return (
        <CannotShowPage back={{ to: catalogLinks.productReleases(productId), label: 'Back to the releases' }}>
          This release could not be loaded.
        </CannotShowPage>
      );
    }
    if (!release) return <Spinner label="Loading release..." />;
    const save = (values: ReleaseFormValues) => {
      const body = toPatchBody(values, release);
      // Without a manufacturer (a page embedding the remote without a session) channels cannot change.
      const channelIds = manufacturerId === null ? formOfRelease(release).channelIds : values.channelIds;
      return saveThenLeave({ manufacturerId: manufacturerId ?? 0, release, channelIds, body }, { saved: releaseSaved });
    };
    return (
      <ReleaseForm
        key={`${release.id}-${release.updated_at}`}
        productId={productId}
        initialValues={formOfRelease(release)}
        release={release}
        distribution={{ channels: channels.data, isLoading: channels.isLoading }}
        onSave={save}
        saving={saveEditedRelease.isMutating}
        cancelTo={catalogLinks.productReleases(productId)}
      />
    );
  };
  return (
    <>
      <PageHeader title={releaseId === null ? 'Update Release' : `Update Release ${releaseId}`} />
      {productId !== null && <ProductSubtitle productId={productId} />}
      {body()}
      {release && (
        <HistorySection objectType="release" objectId={release.id} caption={`History of release ${release.id}`} />
      )}
    </>
  );
}
