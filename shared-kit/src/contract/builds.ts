// Owned by the catalog area (issue: mfe-catalog): schemas and types of the builds API.
import { Type, type Static } from '@sinclair/typebox';
import { BUILD_OSES } from '../constants';
import { Id, Paged, Text, Timestamps } from './common';

export const BuildOsSchema = Type.Union(BUILD_OSES.map((os) => Type.Literal(os)));

/** A build (docs/console.md, Records); `upload_confirmed` turns true once every declared file arrived intact. */
export const Build = Type.Object({
  id: Id,
  product_id: Id,
  os: BuildOsSchema,
  major: Type.Integer(),
  minor: Type.Integer(),
  revision: Type.Integer(),
  build_number: Type.Integer(),
  upload_confirmed: Type.Boolean(),
  ...Timestamps,
});
export type Build = Static<typeof Build>;

export const BuildList = Paged(Build);

export const ProductBuildParams = Type.Object({ id: Id, buildId: Id });
export type ProductBuildParams = Static<typeof ProductBuildParams>;

/** The largest build file the server accepts (16 GiB). */
export const BUILD_FILE_MAX_BYTES = 16 * 1024 ** 3;
export const BUILD_FILES_MAX_COUNT = 100;
export const BUILD_VERSION_PART_MAX = 2147483647;

/**
 * The longest build file name in UTF-8 bytes: a file system stores no longer name (NAME_MAX), so the server
 * refuses a longer one when the build is declared rather than when its upload fails.
 */
export const BUILD_FILE_NAME_MAX_BYTES = 255;
/** The longest build file name in an upload or download URL: every byte %-encoded (`%XX`). */
export const BUILD_FILE_NAME_MAX_URL_LENGTH = BUILD_FILE_NAME_MAX_BYTES * 3;

/**
 * A file name of a build: 1 to 255 characters (and at most BUILD_FILE_NAME_MAX_BYTES in UTF-8), no path separator, no control character, not starting with a
 * dot (no hidden files, no '.' or '..').
 */
export const BuildFileName = Text({
  minLength: 1,
  maxLength: 255,
  pattern: '^[^./\\\\\\u0000-\\u001f\\u007f][^/\\\\\\u0000-\\u001f\\u007f]*$',
});
export const Sha256Hex = Text({ pattern: '^[0-9a-fA-F]{64}$' });

/** A file of a build. `url` downloads it (with the session); null until the file has been uploaded. */
export const BuildFile = Type.Object({
  name: Text(),
  size: Type.Integer(),
  sha256: Text(),
  url: Type.Union([Text(), Type.Null()]),
});
export type BuildFile = Static<typeof BuildFile>;

export const BuildFileList = Type.Array(BuildFile);
export type BuildFileList = Static<typeof BuildFileList>;

export const BuildFileParams = Type.Object({ id: Id, buildId: Id, name: BuildFileName });
export type BuildFileParams = Static<typeof BuildFileParams>;

const VersionPart = Type.Integer({ minimum: 0, maximum: BUILD_VERSION_PART_MAX });

/** POST /products/{id}/builds: a release pipeline declares the build and every file it will upload. */
export const BuildCreateBody = Type.Object(
  {
    os: BuildOsSchema,
    major: VersionPart,
    minor: VersionPart,
    revision: VersionPart,
    build_number: VersionPart,
    files: Type.Array(
      Type.Object(
        { name: BuildFileName, size: Type.Integer({ minimum: 0, maximum: BUILD_FILE_MAX_BYTES }), sha256: Sha256Hex },
        { additionalProperties: false },
      ),
      {
        minItems: 1,
        maxItems: BUILD_FILES_MAX_COUNT,
      },
    ),
  },
  { additionalProperties: false },
);
export type BuildCreateBody = Static<typeof BuildCreateBody>;

/** A build with its files: what creating and confirming a build answer. */
export const BuildWithFiles = Type.Composite([Build, Type.Object({ files: BuildFileList })]);
export type BuildWithFiles = Static<typeof BuildWithFiles>;

/** `major.minor.revision`, as the console shows a build's version. */
export const buildVersion = (build: Pick<Build, 'major' | 'minor' | 'revision'>) =>
  `${build.major}.${build.minor}.${build.revision}`;
