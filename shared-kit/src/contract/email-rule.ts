// No TypeBox here: the console's forms check emails with it too.

/**
 * The "email" format the server validates with (ajv-formats' full mode, Fastify's default): local part, @,
 * dotted host name. The console's forms register it as TypeBox's `email` format, so they accept what the
 * server accepts.
 */
export const EMAIL_PATTERN =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

export const isEmail = (text: string) => EMAIL_PATTERN.test(text);
