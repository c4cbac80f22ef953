import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ChangeStaffRoleBody,
  ErrorResponses,
  IdParams,
  SessionsEnded,
  StaffList,
  StaffMember,
  StaffMemberParams,
} from 'shared-kit/contract';
import type { PrincipalCache } from '../../auth/principal';
import { endSessionsOfUser } from '../../auth/user-sessions';
import { recordAudit } from '../../audit/queries/audit-log';
import { notFound } from '../../lib/http-error';
import type { RouteDependencies } from '../../lib/route-dependencies';
import { listOpenInvites } from '../queries/invites';
import {
  findStaffMember,
  listStaffMembers,
  manufacturerExists,
  markStaffRemoved,
  removeSecondFactors,
  setStaffDisabled,
  setStaffRole,
} from '../queries/members';
import {
  keepAnOwner,
  lockedMember,
  mayChangeMember,
  notYourself,
  staffManager,
  staffMemberAnswer,
} from '../staff-rules';
import { staffInviteAnswer } from './staff-invites';

const STAFF_MEMBER = 'system_user';

/**
 * An owner or admin (or the Super User) manages a manufacturer's staff (an owner's account is an owner's alone): the list, a member's role, disabling, removing,
 * ending their sessions and resetting their factors. Each change takes the manufacturer's staff lock, so the
 * last-owner rule holds under concurrent requests; ended sessions stop at once on this instance and, through the
 * database's change notification, on every other one.
 */
export const staffMemberRoutes: FastifyPluginAsyncTypebox<
  RouteDependencies & { sessionCache?: PrincipalCache }
> = async (app, { db, sessionCache }) => {
  const tags = ['staff'];
  const member = '/manufacturers/:id/staff/:memberId';

  app.get(
    '/manufacturers/:id/staff',
    {
      schema: {
        tags,
        summary: "A manufacturer's staff (role, status, two-factor, last sign-in) and its open invites",
        params: IdParams,
        response: { 200: StaffList, ...ErrorResponses },
      },
    },
    async (request) => {
      const manufacturerId = request.params.id;
      staffManager(request, manufacturerId);
      if (!(await manufacturerExists(db, manufacturerId))) throw notFound('Manufacturer');
      const [members, invites] = await Promise.all([
        listStaffMembers(db, manufacturerId),
        listOpenInvites(db, manufacturerId),
      ]);
      return { members: members.map(staffMemberAnswer), invites: invites.map(staffInviteAnswer) };
    },
  );

  app.put(
    `${member}/role`,
    {
      schema: {
        tags,
        summary: "Changes a member's role; the last owner cannot be demoted (409)",
        params: StaffMemberParams,
        body: ChangeStaffRoleBody,
        response: { 200: StaffMember, ...ErrorResponses },
      },
    },
    async (request) => {
      const { id: manufacturerId, memberId } = request.params;
      const principal = staffManager(request, manufacturerId);
      const { role } = request.body;
      return db.transaction().execute(async (trx) => {
        const before = await lockedMember(trx, manufacturerId, memberId);
        mayChangeMember(principal, before, role);
        await keepAnOwner(trx, manufacturerId, before, { role });
        if (before.staff_role !== role) {
          await setStaffRole(trx, memberId, role);
          await recordAudit(trx, principal, {
            manufacturerId,
            action: 'staff.role_change',
            entityType: STAFF_MEMBER,
            entityId: memberId,
            before: { email: before.email, role: before.staff_role },
            after: { email: before.email, role },
          });
        }
        return staffMemberAnswer((await findStaffMember(trx, manufacturerId, memberId))!);
      });
    },
  );

  for (const disabled of [true, false]) {
    app.post(
      `${member}/${disabled ? 'disable' : 'enable'}`,
      {
        schema: {
          tags,
          summary: disabled
            ? 'Disables a member: their sessions end at once on every instance; not the last owner (409)'
            : 'Enables a disabled member: they can sign in again',
          params: StaffMemberParams,
          response: { 200: StaffMember, ...ErrorResponses },
        },
      },
      async (request) => {
        const { id: manufacturerId, memberId } = request.params;
        const principal = staffManager(request, manufacturerId);
        if (disabled) notYourself(principal, memberId);
        const { answer, ended } = await db.transaction().execute(async (trx) => {
          const before = await lockedMember(trx, manufacturerId, memberId);
          mayChangeMember(principal, before);
          await keepAnOwner(trx, manufacturerId, before, { disabled });
          let ended: number[] = [];
          if (before.disabled !== disabled) {
            await setStaffDisabled(trx, memberId, disabled);
            if (disabled) ended = await endSessionsOfUser(trx, memberId);
            await recordAudit(trx, principal, {
              manufacturerId,
              action: disabled ? 'staff.disable' : 'staff.enable',
              entityType: STAFF_MEMBER,
              entityId: memberId,
              before: { email: before.email, disabled: before.disabled },
              after: { email: before.email, disabled, ...(disabled ? { sessions_ended: ended.length } : {}) },
            });
          }
          return { answer: staffMemberAnswer((await findStaffMember(trx, manufacturerId, memberId))!), ended };
        });
        for (const sessionId of ended) sessionCache?.evictSession(sessionId);
        return answer;
      },
    );
  }

  app.delete(
    member,
    {
      schema: {
        tags,
        summary: 'Removes a member: they cannot sign in, their sessions and factors end; not the last owner (409)',
        params: StaffMemberParams,
        response: { 204: Type.Null(), ...ErrorResponses },
      },
    },
    async (request, reply) => {
      const { id: manufacturerId, memberId } = request.params;
      const principal = staffManager(request, manufacturerId);
      notYourself(principal, memberId);
      const ended = await db.transaction().execute(async (trx) => {
        const before = await lockedMember(trx, manufacturerId, memberId);
        mayChangeMember(principal, before);
        await keepAnOwner(trx, manufacturerId, before, { removed: true });
        await markStaffRemoved(trx, memberId);
        const ended = await endSessionsOfUser(trx, memberId);
        await recordAudit(trx, principal, {
          manufacturerId,
          action: 'staff.remove',
          entityType: STAFF_MEMBER,
          entityId: memberId,
          before: { email: before.email, role: before.staff_role, disabled: before.disabled },
        });
        return ended;
      });
      for (const sessionId of ended) sessionCache?.evictSession(sessionId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    `${member}/sessions`,
    {
      schema: {
        tags,
        summary: "Ends every session of a member (the caller's own current session stays)",
        params: StaffMemberParams,
        response: { 200: SessionsEnded, ...ErrorResponses },
      },
    },
    async (request) => {
      const { id: manufacturerId, memberId } = request.params;
      const principal = staffManager(request, manufacturerId);
      const ended = await db.transaction().execute(async (trx) => {
        const target = await lockedMember(trx, manufacturerId, memberId);
        mayChangeMember(principal, target);
        const keep = memberId === principal.systemUserId ? principal.sessionId : undefined;
        const ended = await endSessionsOfUser(trx, memberId, keep);
        await recordAudit(trx, principal, {
          manufacturerId,
          action: 'staff.sessions_end',
          entityType: STAFF_MEMBER,
          entityId: memberId,
          after: { email: target.email, ended: ended.length },
        });
        return ended;
      });
      for (const sessionId of ended) sessionCache?.evictSession(sessionId);
      return { ended: ended.length };
    },
  );

  app.delete(
    `${member}/two-factor`,
    {
      schema: {
        tags,
        summary: "Removes a member's second factors (app, recovery codes, passkeys): the password alone signs in",
        params: StaffMemberParams,
        response: { 200: StaffMember, ...ErrorResponses },
      },
    },
    async (request) => {
      const { id: manufacturerId, memberId } = request.params;
      const principal = staffManager(request, manufacturerId);
      return db.transaction().execute(async (trx) => {
        const before = await lockedMember(trx, manufacturerId, memberId);
        mayChangeMember(principal, before);
        await removeSecondFactors(trx, memberId);
        await recordAudit(trx, principal, {
          manufacturerId,
          action: 'staff.two_factor_reset',
          entityType: STAFF_MEMBER,
          entityId: memberId,
          before: { email: before.email, two_factor: staffMemberAnswer(before).two_factor },
          after: { email: before.email, two_factor: [] },
        });
        return staffMemberAnswer((await findStaffMember(trx, manufacturerId, memberId))!);
      });
    },
  );
};
