import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ErrorResponse,
  LeaseDocument,
  SeatBorrowBody,
  SeatCheckinResult,
  SeatCheckoutBody,
  SeatLeaseBody,
  SeatsInUseAnswer,
} from 'shared-kit/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createProductKeyCache } from '../../crypto/product-key-cache';
import { documentTime } from '../../clients/client-values';
import { guardClientCall, guardedCall, machineSubject } from '../../clients/routes/client-guard';
import type { RouteDependencies } from '../../lib/route-dependencies';
import { SeatsInUseError, checkOutSeat } from '../checkout';
import { renewSeat } from '../heartbeat';
import { checkInSeat } from '../checkin';

const errors = { 400: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse };
const checkoutErrors = { ...errors, 409: Type.Union([SeatsInUseAnswer, ErrorResponse]) };
/** Plugins call these without a session: they prove a licence by its serial, never by staff credentials. */
const PUBLIC = { public: true } as const;
const tags = ['client API'];

interface SeatMachine {
  product_id: number;
  hardware_fingerprint: string;
}

/** 409 with `frees_at` when every seat is taken. */
async function answeringSeatsInUse<T>(reply: FastifyReply, checkOut: () => Promise<T>) {
  try {
    return await checkOut();
  } catch (error) {
    if (!(error instanceof SeatsInUseError)) throw error;
    return reply.status(409).send({ message: [error.message], frees_at: documentTime(error.freesAt) });
  }
}

/**
 * A floating licence's seats (docs/client-api.md): check out, heart-beat, check in, borrow. Each counts against the
 * caller's address and its machine (not the serial: a licence with many seats is checked out by many machines at once).
 */
export const floatingClientRoutes: FastifyPluginAsyncTypebox<RouteDependencies> = async (app, { db, masterKey }) => {
  const productKeyOf = createProductKeyCache(masterKey);

  /** Every seat call counts against the caller's address and its machine. */
  const admitSeatCall = (request: FastifyRequest, reply: FastifyReply, body: SeatMachine) =>
    guardClientCall(db, request, reply, [machineSubject(body.product_id, body.hardware_fingerprint)]);

  for (const [url, body] of [
    ['/clients/app/seats/checkouts', SeatCheckoutBody],
    ['/clients/app/seats/borrows', SeatBorrowBody],
  ] as const)
    app.post(
      url,
      { config: PUBLIC, schema: { tags, body, response: { 200: LeaseDocument, ...checkoutErrors } } },
      async (request, reply) => {
        const admit = () => admitSeatCall(request, reply, request.body);
        return answeringSeatsInUse(reply, () => checkOutSeat(db, productKeyOf, admit, request.body));
      },
    );

  app.post(
    '/clients/app/seats/heartbeats',
    { config: PUBLIC, schema: { tags, body: SeatLeaseBody, response: { 200: LeaseDocument, ...errors } } },
    async (request, reply) => {
      const { product_id, hardware_fingerprint } = request.body;
      const call = guardedCall(request, reply, [machineSubject(product_id, hardware_fingerprint)]);
      return renewSeat(db, productKeyOf, call, request.body);
    },
  );

  app.post(
    '/clients/app/seats/checkins',
    { config: PUBLIC, schema: { tags, body: SeatLeaseBody, response: { 200: SeatCheckinResult, ...errors } } },
    async (request, reply) => {
      const { product_id, hardware_fingerprint } = request.body;
      const call = guardedCall(request, reply, [machineSubject(product_id, hardware_fingerprint)]);
      return checkInSeat(db, call, request.body);
    },
  );
};
