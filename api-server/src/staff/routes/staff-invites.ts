import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AcceptStaffInviteBody,
  EMAIL_HAS_ACCOUNT,
  ErrorResponses,
  IdParams,
  INVITE_NOT_VALID,
  InviteStaffBody,
  LoginResponse,
  STAFF_INVITE_DAYS,
  STAFF_INVITE_NOT_FOUND,
  STAFF_INVITE_PATH,
  StaffInvite,
  StaffInviteParams,
} from 'shared-kit/contract';
import { Type } from '@sinclair/typebox';
import { hashPassword } from '../../auth/password';
import { passwordWeakness } from '../../auth/password-policy';
import { createSession } from '../../auth/sessions';
import { setSessionCookie } from '../../auth/session-cookie';
import { hashSessionToken, newSessionToken } from '../../auth/session-token';
import { recordAudit } from '../../audit/queries/audit-log';
import { checkMailAddress } from '../../email/mail-address';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';
import type { RouteDependencies } from '../../lib/route-dependencies';
import { mailStaffInvite } from '../invite-mail';
import {
  deleteInvite,
  findAccountByEmailLocked,
  findOpenInviteLocked,
  findUsableInvite,
  findUsableInviteLocked,
  insertInvite,
  joinStaff,
  markInviteAccepted,
  type StaffInviteRow,
} from '../queries/invites';
import { lockStaffOf } from '../queries/members';
import { mayInviteAs, mayWithdrawInviteAs, staffManager } from '../staff-rules';

export const staffInviteAnswer = (row: StaffInviteRow) => ({
  id: row.id,
  email: row.email,
  role: row.staff_role,
  invited_at: row.created_at.toISOString(),
  expires_at: row.expires_at.toISOString(),
});

/**
 * Invites: an owner or admin (or the Super User) invites an address with a role (as an owner: an owner alone), which mails a one-time link (256 random
 * bits, only its SHA-256 kept, 7 days); the invitee opens it, chooses a password and is signed in as staff. A token
 * that is unknown, used or expired gets the same one answer.
 */
export const staffInviteRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db, config }) => {
  const tags = ['staff'];

  app.post(
    '/manufacturers/:id/staff/invites',
    {
      schema: {
        tags,
        summary: 'Invites an address to the staff with a role: a mail with a one-time link (7 days)',
        params: IdParams,
        body: InviteStaffBody,
        response: { 201: StaffInvite, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const manufacturerId = request.params.id;
      const principal = staffManager(request, manufacturerId);
      mayInviteAs(principal, request.body.role);
      const checked = checkMailAddress(request.body.email);
      if (!checked.ok) throw badRequest(`The email address ${checked.reason}.`);
      const email = checked.address;
      const { role } = request.body;
      const token = newSessionToken();
      const invite = await db.transaction().execute(async (trx) => {
        if (!(await lockStaffOf(trx, manufacturerId))) throw notFound('Manufacturer');
        const account = await findAccountByEmailLocked(trx, email);
        if (account && !(account.removed && account.manufacturer_id === manufacturerId))
          throw conflict(EMAIL_HAS_ACCOUNT);
        const invite = await insertInvite(trx, {
          manufacturerId,
          email,
          role,
          tokenHash: hashSessionToken(token),
          invitedBy: principal.systemUserId,
          days: STAFF_INVITE_DAYS,
        });
        await mailStaffInvite(trx, {
          manufacturerId,
          to: email,
          role,
          invitedBy: principal.email,
          expiresAt: invite.expires_at,
          link: `${config.publicUrl}${STAFF_INVITE_PATH}#token=${token}`,
          token,
        });
        await recordAudit(trx, principal, {
          manufacturerId,
          action: 'staff.invite',
          entityType: 'staff_invite',
          entityId: invite.id,
          after: { email, role, expires_at: invite.expires_at.toISOString() },
        });
        return invite;
      });
      reply.code(201);
      return staffInviteAnswer(invite);
    },
  );

  app.delete(
    '/manufacturers/:id/staff/invites/:inviteId',
    {
      schema: {
        tags,
        summary: 'Withdraws an invite not yet accepted: its link then opens nothing',
        params: StaffInviteParams,
        response: { 204: Type.Null(), ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const { id: manufacturerId, inviteId } = request.params;
      const principal = staffManager(request, manufacturerId);
      await db.transaction().execute(async (trx) => {
        if (!(await lockStaffOf(trx, manufacturerId))) throw notFound('Manufacturer');
        const invite = await findOpenInviteLocked(trx, manufacturerId, inviteId);
        if (!invite) throw new HttpError(404, STAFF_INVITE_NOT_FOUND);
        mayWithdrawInviteAs(principal, invite.staff_role);
        await deleteInvite(trx, inviteId);
        await recordAudit(trx, principal, {
          manufacturerId,
          action: 'staff.invite_withdraw',
          entityType: 'staff_invite',
          entityId: inviteId,
          before: { email: invite.email, role: invite.staff_role, expires_at: invite.expires_at.toISOString() },
        });
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/staff-invites/accept',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "Accepts an invite: the link's token and a new password; answers as a sign-in does",
        body: AcceptStaffInviteBody,
        response: { 200: LoginResponse, ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const { token, password } = request.body;
      const weakness = passwordWeakness(password);
      if (weakness) throw badRequest(weakness);
      // A token that opens nothing costs no password hash; the transaction checks the invite again, locked.
      if (!(await findUsableInvite(db, hashSessionToken(token)))) throw new HttpError(400, INVITE_NOT_VALID);
      const passwordHash = await hashPassword(password);
      const joined = await db.transaction().execute(async (trx) => {
        const invite = await findUsableInviteLocked(trx, hashSessionToken(token));
        if (!invite) throw new HttpError(400, INVITE_NOT_VALID);
        await lockStaffOf(trx, invite.manufacturer_id);
        const account = await findAccountByEmailLocked(trx, invite.email);
        const comesBack = account?.removed && account.manufacturer_id === invite.manufacturer_id;
        if (account && !comesBack) throw conflict(EMAIL_HAS_ACCOUNT);
        const systemUserId = await joinStaff(trx, invite, passwordHash, comesBack ? account.id : undefined);
        await markInviteAccepted(trx, invite.id, systemUserId);
        await recordAudit(
          trx,
          { systemUserId },
          {
            manufacturerId: invite.manufacturer_id,
            action: 'staff.invite_accept',
            entityType: 'system_user',
            entityId: systemUserId,
            after: { email: invite.email, role: invite.staff_role, invite_id: invite.id },
          },
        );
        const manufacturer = await trx
          .selectFrom('manufacturers')
          .select('name')
          .where('id', '=', invite.manufacturer_id)
          .executeTakeFirstOrThrow();
        return { systemUserId, manufacturer: { id: invite.manufacturer_id, name: manufacturer.name } };
      });
      const sessionToken = await createSession(db, joined.systemUserId, {
        userAgent: request.headers['user-agent'],
        address: request.ip,
      });
      setSessionCookie(request, reply, sessionToken);
      return { token: sessionToken, access_level: 'manufacturer' as const, manufacturer: joined.manufacturer };
    },
  );
};
