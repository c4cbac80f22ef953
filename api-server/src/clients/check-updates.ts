import {
  CLIENT_ANSWER_V2_VERSION,
  compareAppVersions,
  type AnyUpdateDocument,
  type UpdateCheckBody,
} from 'shared-kit/contract';
import { UPDATE_ANSWER_FORMAT, UPDATE_ANSWER_V2_FORMAT, signDocument } from 'signed-formats';
import type { Db } from '../db/database';
import type { ProductKeyOf } from '../crypto/product-key-cache';
import { conflict, notFound } from '../lib/http-error';
import { deactivatedLicenseMessage } from '../licenses/activation/activate-machine';
import { NOT_ACTIVATED_HERE } from '../licenses/activation/deactivate-machine';
import { hardwareFingerprintOf } from '../licenses/license-rules';
import { readUpdateCheck, type CandidateBuild } from './queries/client-updates';
import {
  LICENSE_NOT_FOUND,
  PRODUCT_NOT_FOUND,
  countedSerialOf,
  documentTime,
  secondsNow,
  type GuardedClientCall,
} from './client-values';
import { signDownloadUrl } from './download-url';
import { contentTag } from './revocations';

const versionOf = (build: CandidateBuild) => `${build.major}.${build.minor}.${build.revision}.${build.build_number}`;

/** The release applies to a plugin of this version: within its app version range (a missing bound is open). */
const inRange = (build: CandidateBuild, version: string) =>
  (!build.app_version_min || compareAppVersions(version, build.app_version_min) >= 0) &&
  (!build.app_version_max || compareAppVersions(version, build.app_version_max) <= 0);

/** Newest build version first; then the newer release; then a build for this OS before one for any OS. */
function newest(builds: CandidateBuild[]): CandidateBuild | undefined {
  return [...builds].sort(
    (a, b) =>
      compareAppVersions(versionOf(b), versionOf(a)) ||
      b.release_id - a.release_id ||
      Number(a.os === 'any') - Number(b.os === 'any'),
  )[0];
}

type UpdateRead = NonNullable<Awaited<ReturnType<typeof readUpdateCheck>>['row']>;

/** A licence holder may ask only with an enabled licence activated on this machine; an unknown serial is a 404. */
function checkCaller(body: UpdateCheckBody, read: UpdateRead) {
  if (body.serial === undefined) return;
  if (read.license_id === null) throw notFound(LICENSE_NOT_FOUND);
  if (read.disabled) throw conflict(deactivatedLicenseMessage(read.disabled_reason));
  if (read.holds_slot !== true) throw conflict(NOT_ACTIVATED_HERE);
}

export interface UpdateContext extends GuardedClientCall {
  prefix: string;
  downloadKey: Buffer;
}

/**
 * What a version 2 answer adds: the maintenance end, and the newest release beyond it that is newer than the
 * plugin and that the caller would otherwise get (its version and when it was made), or nulls.
 */
function maintenanceFacts(read: UpdateRead, beyond: CandidateBuild[], currentVersion: string) {
  const newer = newest(beyond.filter((build) => compareAppVersions(versionOf(build), currentVersion) > 0));
  return {
    maintenance_ends_at: read.maintenance_ends_at,
    newer_beyond_maintenance_version: newer ? versionOf(newer) : null,
    newer_beyond_maintenance_published_at: newer?.published_at ?? null,
  };
}

/**
 * The newest release this caller may have, signed and bound to their fingerprint, with signed download links.
 * One round trip: the rate-limit counting and the read in one statement; a check changes nothing else, so it is
 * not audited (docs/client-api.md). With `answer_version: 2` the answer is version 2: it also says when the
 * licence's updates end and names the newest release beyond that end.
 */
export async function checkForUpdates(
  db: Db,
  productKeyOf: ProductKeyOf,
  call: UpdateContext,
  body: UpdateCheckBody,
  ifNoneMatch: string | undefined,
) {
  const hardwareFingerprint = hardwareFingerprintOf(body.hardware_fingerprint);
  const serial = body.serial === undefined ? undefined : await countedSerialOf(db, call, body.serial);
  const v2 = body.answer_version === CLIENT_ANSWER_V2_VERSION;
  const { decision, row: read } = await readUpdateCheck(
    db,
    call.limits,
    body.product_id,
    serial,
    hardwareFingerprint,
    body.os,
    v2,
  );
  call.admit(decision);
  if (!read) throw notFound(PRODUCT_NOT_FOUND);
  checkCaller(body, read);
  const inRangeNow = read.candidates.filter((candidate) => inRange(candidate, body.current_version));
  const build = newest(inRangeNow.filter((candidate) => !candidate.beyond_maintenance));
  const files = build?.files ?? [];
  const version = build ? versionOf(build) : '';
  const answer = {
    product_id: body.product_id,
    hardware_fingerprint: hardwareFingerprint,
    current_version: body.current_version,
    os: body.os,
    update_available: build !== undefined && compareAppVersions(version, body.current_version) > 0,
    release_id: build?.release_id ?? 0,
    version,
    unlocks_without_license: build?.unlocks_wo_license ?? false,
    ...(v2
      ? maintenanceFacts(
          read,
          inRangeNow.filter((candidate) => candidate.beyond_maintenance),
          body.current_version,
        )
      : {}),
  };
  const etag = contentTag({ ...answer, files: files.map((file) => [file.id, file.sha256]) });
  if (ifNoneMatch === etag) return { etag, document: undefined };
  const now = secondsNow();
  const signedFiles = files.map((file) => {
    const link = signDownloadUrl(
      call.downloadKey,
      call.prefix,
      file,
      now.getTime() / 1000,
      read.license_id ?? undefined,
    );
    return {
      name: file.name,
      size: Number(file.size),
      sha256: file.sha256,
      url: link.url,
      url_expires_at: documentTime(new Date(link.expires * 1000)),
    };
  });
  const document = signDocument(
    v2 ? UPDATE_ANSWER_V2_FORMAT : UPDATE_ANSWER_FORMAT,
    { ...answer, issued_at: documentTime(now), files: signedFiles },
    productKeyOf(read.private_key_encrypted),
  ) as AnyUpdateDocument;
  return { etag, document };
}
