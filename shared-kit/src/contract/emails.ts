import { Type, type Static } from '@sinclair/typebox';
import { Id, PageQuery, Paged, Text, Timestamp } from './common';

/**
 * The Emails log and the mail settings of a manufacturer (docs/email.md). `kept`: no SMTP server is configured,
 * the mail is kept for staff to read and never sent.
 */
export const EMAIL_STATUSES = ['pending', 'sent', 'failed', 'kept'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
/** The kind of the console's "Send test email". */
export const TEST_EMAIL_KIND = 'email.test';
export const MAIL_ADDRESS_MAX_LENGTH = 254;
export const SENDER_NAME_MAX_LENGTH = 100;
export const LOGO_URL_MAX_LENGTH = 2000;
/** `#rrggbb`. */
export const BRAND_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

export const EmailParams = Type.Object({ id: Id, emailId: Id });

const Nullable = <T extends ReturnType<typeof Text>>(schema: T) => Type.Union([schema, Type.Null()]);

export const EmailSummary = Type.Object({
  id: Type.Integer(),
  manufacturer_id: Type.Integer(),
  to: Text(),
  kind: Text(),
  subject: Text(),
  sender_name: Text(),
  reply_to: Nullable(Text()),
  transactional: Type.Boolean(),
  status: Type.Union(EMAIL_STATUSES.map((status) => Type.Literal(status))),
  attempts: Type.Integer(),
  last_error: Nullable(Text()),
  last_attempt_at: Nullable(Timestamp),
  /** When a pending mail is tried next; null once it is final. */
  next_attempt_at: Nullable(Timestamp),
  sent_at: Nullable(Timestamp),
  created_at: Timestamp,
});
export type EmailSummary = Static<typeof EmailSummary>;

/** One mail with what it says: the HTML as rendered and its plain-text part. */
export const Email = Type.Intersect([EmailSummary, Type.Object({ html: Text(), text: Text() })]);
export type Email = Static<typeof Email>;

export const EmailList = Paged(EmailSummary);
export type EmailList = Static<typeof EmailList>;

export const EmailListQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(Type.Union(EMAIL_STATUSES.map((status) => Type.Literal(status)))),
  /** Exact kind, e.g. `portal.sign-in-code`. */
  kind: Type.Optional(Text({ maxLength: 100 })),
  /** Part of the recipient's address, any case. */
  recipient: Type.Optional(Text({ maxLength: MAIL_ADDRESS_MAX_LENGTH })),
});
export type EmailListQuery = Static<typeof EmailListQuery>;

/** The manufacturer's own settings (null: the default named beside it) and the defaults they fall back to. */
export const MailSettings = Type.Object({
  manufacturer_id: Type.Integer(),
  sender_name: Nullable(Text()),
  reply_to: Nullable(Text()),
  logo_url: Nullable(Text()),
  brand_color: Nullable(Text()),
  /** The manufacturer's name: the sender name when none is set. */
  default_sender_name: Text(),
  /** The manufacturer's email: the Reply-To when none is set. */
  default_reply_to: Nullable(Text()),
  updated_at: Nullable(Timestamp),
});
export type MailSettings = Static<typeof MailSettings>;

export const UpdateMailSettingsBody = Type.Object(
  {
    sender_name: Nullable(Text({ minLength: 1, maxLength: SENDER_NAME_MAX_LENGTH })),
    reply_to: Nullable(Text({ minLength: 1, maxLength: MAIL_ADDRESS_MAX_LENGTH })),
    logo_url: Nullable(Text({ minLength: 1, maxLength: LOGO_URL_MAX_LENGTH })),
    brand_color: Nullable(Text({ minLength: 1, maxLength: 7 })),
  },
  { additionalProperties: false },
);
export type UpdateMailSettingsBody = Static<typeof UpdateMailSettingsBody>;

/** "Send test email": to the signed-in staff member's address unless another is given. */
export const SendTestEmailBody = Type.Object(
  { to: Type.Optional(Text({ minLength: 1, maxLength: MAIL_ADDRESS_MAX_LENGTH })) },
  { additionalProperties: false },
);
export type SendTestEmailBody = Static<typeof SendTestEmailBody>;
