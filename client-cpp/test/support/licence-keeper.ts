import { createHash } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import {
  LICENSE_FILE_FORMAT,
  LICENSE_FILE_V2_FORMAT,
  STATE_DOCUMENT_FORMAT,
  STATE_DOCUMENT_V2_FORMAT,
  UPDATE_ANSWER_FORMAT,
  UPDATE_ANSWER_V2_FORMAT,
  signDocument,
} from 'signed-formats';
import type { Answer, RecordedRequest } from '../../../client-js/src/test-support/loopback-server';
import { licenseClaims, signedTime } from '../../../client-js/src/test-support/sample-claims';

const DAY = 86_400_000;
const API = '/api/v1/clients/app';
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface KeptRelease {
  id: number;
  version: string;
  publishedAt: number;
  file: { name: string; bytes: Buffer };
}

interface ClientBody {
  product_id: number;
  serial?: string;
  hardware_fingerprint: string;
  nonce?: string;
  current_version?: string;
  os?: string;
  license_file_version?: number;
  answer_version?: number;
}

const compareVersions = (a: string, b: string) => {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
};
const newest = (releases: KeptRelease[]) => [...releases].sort((a, b) => compareVersions(b.version, a.version))[0];

/**
 * One licence of product `productId` with its terms, kept and answered the way docs/client-api.md says the server
 * does, signed with a test key: activation and validation refuse it past its expiry plus grace (409), version 2
 * answers carry its terms, the update check offers only releases published before the maintenance end and names the
 * newest one beyond it, and a download link is checked against the licence again when the file is fetched (403).
 * Staff changing the licence (a renewal, a lapse, a new edition) is a change of these fields.
 */
export class LicenceKeeper {
  expiresAt: number | null = null;
  graceDays = 0;
  maintenanceEndsAt: number | null = null;
  edition: string | null = null;
  features: string[] = [];
  releases: KeptRelease[] = [];
  /** Runs once after the next update check has answered (the licence changing between a check and a download). */
  afterNextUpdateCheck?: () => void;
  private readonly activated = new Set<string>();

  constructor(
    private readonly productId: number,
    private readonly serial: string,
    private readonly signingKey: KeyObject,
  ) {}

  /** The routes of the client API this licence answers, for LoopbackServer.on. */
  routes(): [string, (request: RecordedRequest) => Answer][] {
    return [
      [`POST ${API}/activations`, (request) => this.activate(request.body as ClientBody)],
      [`POST ${API}/validations`, (request) => this.validate(request.body as ClientBody)],
      [`POST ${API}/update-checks`, (request) => this.checkUpdates(request.body as ClientBody)],
      ...this.releases.map(
        (release): [string, (request: RecordedRequest) => Answer] => [`GET ${API}/downloads/${release.id}`, () => this.download(release)],
      ),
    ];
  }

  private expired(now = Date.now()) {
    return this.expiresAt !== null && now > this.expiresAt + this.graceDays * DAY;
  }

  private refusedExpired(): Answer {
    return { status: 409, json: { message: [`This license expired on ${day(this.expiresAt!)}: renew it to use it again.`] } };
  }

  private terms() {
    return {
      expires_at: this.expiresAt === null ? null : signedTime(this.expiresAt),
      grace_days: this.graceDays,
      maintenance_ends_at: this.maintenanceEndsAt === null ? null : signedTime(this.maintenanceEndsAt),
      edition: this.edition,
      features: [...this.features].sort().map((key) => ({ key })),
    };
  }

  private activate(body: ClientBody): Answer {
    if (body.serial !== this.serial) return { status: 404, json: { message: ['License not found'] } };
    if (this.expired()) return this.refusedExpired();
    this.activated.add(body.hardware_fingerprint);
    const claims = licenseClaims(body.hardware_fingerprint, { serial: this.serial });
    if (body.license_file_version !== 2) return { json: signDocument(LICENSE_FILE_FORMAT, claims, this.signingKey) };
    return { json: signDocument(LICENSE_FILE_V2_FORMAT, { ...claims, format_version: 2, ...this.terms() }, this.signingKey) };
  }

  private validate(body: ClientBody): Answer {
    if (body.serial !== this.serial) return { status: 404, json: { message: ['License not found'] } };
    if (this.expired()) return this.refusedExpired();
    const state = {
      product_id: this.productId,
      serial: this.serial,
      hardware_fingerprint: body.hardware_fingerprint,
      nonce: body.nonce,
      license_enabled: true,
      disabled_reason: '',
      machine_activated: this.activated.has(body.hardware_fingerprint),
      issued_at: signedTime(Date.now()),
    };
    if (body.answer_version !== 2) return { json: signDocument(STATE_DOCUMENT_FORMAT, state, this.signingKey) };
    return { json: signDocument(STATE_DOCUMENT_V2_FORMAT, { ...state, ...this.terms() }, this.signingKey) };
  }

  private covered(release: KeptRelease) {
    return this.maintenanceEndsAt === null || release.publishedAt < this.maintenanceEndsAt;
  }

  private checkUpdates(body: ClientBody): Answer {
    if (body.serial !== this.serial) return { status: 404, json: { message: ['License not found'] } };
    if (!this.activated.has(body.hardware_fingerprint))
      return { status: 409, json: { message: ['This license is not activated on this machine.'] } };
    const offered = newest(this.releases.filter((release) => this.covered(release)));
    const beyond = newest(
      this.releases.filter((release) => !this.covered(release) && compareVersions(release.version, body.current_version!) > 0),
    );
    const now = Date.now();
    const answer = {
      product_id: body.product_id,
      hardware_fingerprint: body.hardware_fingerprint,
      current_version: body.current_version,
      os: body.os,
      issued_at: signedTime(now),
      update_available: offered !== undefined && compareVersions(offered.version, body.current_version!) > 0,
      release_id: offered?.id ?? 0,
      version: offered?.version ?? '',
      unlocks_without_license: false,
      files: offered
        ? [
            {
              name: offered.file.name,
              size: offered.file.bytes.length,
              sha256: createHash('sha256').update(offered.file.bytes).digest('hex'),
              url: `${API}/downloads/${offered.id}?expires=${Math.floor(now / 1000) + 3600}&license=1&signature=test`,
              url_expires_at: signedTime(now + 3_600_000),
            },
          ]
        : [],
    };
    const facts = {
      maintenance_ends_at: this.maintenanceEndsAt === null ? null : signedTime(this.maintenanceEndsAt),
      newer_beyond_maintenance_version: beyond?.version ?? null,
      newer_beyond_maintenance_published_at: beyond ? signedTime(beyond.publishedAt) : null,
    };
    const document =
      body.answer_version === 2
        ? signDocument(UPDATE_ANSWER_V2_FORMAT, { ...answer, ...facts }, this.signingKey)
        : signDocument(UPDATE_ANSWER_FORMAT, answer, this.signingKey);
    const after = this.afterNextUpdateCheck;
    this.afterNextUpdateCheck = undefined;
    after?.();
    return { json: document };
  }

  private download(release: KeptRelease): Answer {
    if (this.expired())
      return { status: 403, json: { message: [`This download link's license expired on ${day(this.expiresAt!)}: renew it to download.`] } };
    if (!this.covered(release))
      return {
        status: 403,
        json: {
          message: [
            `This download link's license includes updates released until ${day(this.maintenanceEndsAt!)}; this build belongs to a later release: renew updates to download it.`,
          ],
        },
      };
    return { bytes: release.file.bytes };
  }
}
