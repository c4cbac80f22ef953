import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { createSession } from '../auth/sessions';
import { setSessionCookie } from '../auth/session-cookie';

/** The session a finished second step makes, as the login answers it. */
export async function signedIn(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  user: {
    system_user_id: number;
    access_level: 'superuser' | 'manufacturer';
    manufacturer_id: number | null;
    manufacturer_name: string | null;
  },
) {
  const token = await createSession(db, user.system_user_id, {
    userAgent: request.headers['user-agent'],
    address: request.ip,
  });
  setSessionCookie(request, reply, token);
  return {
    token,
    access_level: user.access_level,
    manufacturer:
      user.manufacturer_id === null ? null : { id: user.manufacturer_id, name: user.manufacturer_name ?? '' },
  };
}
