import { useMemo } from 'react';
import styled from 'styled-components';
import {
  ButtonLink,
  PageHeader,
  Table,
  formatFileSize,
  useApiClient,
  useIdParam,
  type BuildFile,
  type TableColumn,
} from 'shared-kit';
import { Monospace } from '../../../shared/components/layout';
import { buildVersion } from '../../../shared/components/build-format';
import { useBuild } from '../api/get-build';
import { useBuildFiles } from '../api/get-build-files';
import { catalogLinks } from 'shared-kit/pages';

const DownloadLink = styled.a`
  color: ${({ theme }) => theme.colors.primary};
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.muted};
`;

/** A download url of the API as an absolute address, also when the API lives on another origin (embedding). */
export function absoluteApiUrl(url: string, apiBaseUrl: string, pageUrl: string = window.location.href): string {
  return new URL(url, new URL(apiBaseUrl, pageUrl)).href;
}

/** /Home/BuildDetails/{productID}/{buildID}: the build's files, each downloadable in a new tab. */
export function BuildDetailsPage() {
  const productId = useIdParam('productID');
  const buildId = useIdParam('buildID');
  const api = useApiClient();
  const { data: build, isLoading: buildLoading } = useBuild(productId, buildId);
  const { data: files, isLoading: filesLoading, error } = useBuildFiles(productId, buildId);

  const columns = useMemo<TableColumn<BuildFile>[]>(
    () => [
      { id: 'name', header: 'Name', cell: (file) => file.name },
      { id: 'size', header: 'Size', cell: (file) => formatFileSize(file.size), width: '110px' },
      { id: 'sha256', header: 'Checksum (SHA256)', cell: (file) => <Monospace>{file.sha256}</Monospace> },
      {
        id: 'url',
        header: 'Download',
        cell: (file) =>
          file.url ? (
            <DownloadLink
              href={absoluteApiUrl(file.url, api.baseUrl)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Download ${file.name}`}
            >
              Download
            </DownloadLink>
          ) : (
            <Muted>Not uploaded</Muted>
          ),
      },
    ],
    [api.baseUrl],
  );

  const back = productId === null ? catalogLinks.products() : catalogLinks.productBuilds(productId);
  const title = build
    ? `Build Files for Build ${buildVersion(build)}, build number ${build.build_number}, ${build.os}`
    : 'Build Files for Build';
  const missing = productId === null || buildId === null || (!buildLoading && !build);

  return (
    <>
      <PageHeader title={title} actions={<ButtonLink to={back}>Back</ButtonLink>} />
      {missing ? (
        <p role="alert">This build could not be loaded.</p>
      ) : (
        <Table
          caption="Build files"
          columns={columns}
          rows={files ?? []}
          getRowId={(file) => file.name}
          isLoading={filesLoading}
          emptyText={error ? 'The files could not be loaded. Please try again.' : 'This build has no files.'}
        />
      )}
    </>
  );
}
