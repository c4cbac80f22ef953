import { Type, type Static } from '@sinclair/typebox';
import { Timestamp } from './common';
import { BUYER_MAILS, type BuyerMail } from './buyer-mail-words';

export * from './buyer-mail-words';

const switches = Object.fromEntries(BUYER_MAILS.map((mail) => [mail, Type.Boolean()])) as {
  [Mail in BuyerMail]: ReturnType<typeof Type.Boolean>;
};

/** GET /manufacturers/{id}/buyer-mails: each mail on or off. */
export const BuyerMailSwitches = Type.Object({
  manufacturer_id: Type.Integer(),
  ...switches,
  updated_at: Type.Union([Timestamp, Type.Null()]),
});
export type BuyerMailSwitches = Static<typeof BuyerMailSwitches>;

/** PUT /manufacturers/{id}/buyer-mails: the switches to change; those left out stay as they are. */
export const UpdateBuyerMailSwitchesBody = Type.Partial(Type.Object(switches), {
  additionalProperties: false,
  minProperties: 1,
});
export type UpdateBuyerMailSwitchesBody = Static<typeof UpdateBuyerMailSwitchesBody>;
