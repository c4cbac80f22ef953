import type { FastifyReply } from 'fastify';
import { ssoRefusedPath, type SsoRefusal } from 'shared-kit/contract';

/** A sign-in refused in the browser: the browser goes back to the sign-in page, which shows the reason's message. */
export class SsoRefused extends Error {
  constructor(readonly reason: SsoRefusal) {
    super(reason);
  }
}

/** Runs a browser step of the sign-in; a refusal redirects to the sign-in page with its code (no JSON page). */
export async function refusingToSignInPage(reply: FastifyReply, step: () => Promise<FastifyReply>): Promise<void> {
  try {
    await step();
  } catch (error) {
    if (!(error instanceof SsoRefused)) throw error;
    await reply.redirect(ssoRefusedPath(error.reason), 303);
  }
}
