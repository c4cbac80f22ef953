import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface ArrivedMail {
  envelope: { from: string; to: string[]; smtpUtf8: boolean };
  parsed: ParsedMail;
  /** The message as it came over the wire. */
  raw: string;
}

/** An error whose responseCode smtp-server answers to the RCPT TO command. */
export type RecipientRefusal = { code: number; message: string } | null;

/**
 * A real SMTP server on 127.0.0.1 (smtp-server), every message parsed with mailparser. `refuseRecipient` decides
 * each RCPT TO (accepted by default); `hideSmtpUtf8` starts a server that does not offer SMTPUTF8.
 */
export async function startSmtpTestServer(options: { hideSmtpUtf8?: boolean } = {}) {
  const arrived: ArrivedMail[] = [];
  let refuseRecipient: (address: SMTPServerAddress) => RecipientRefusal = () => null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    hideSMTPUTF8: options.hideSmtpUtf8 ?? false,
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = refuseRecipient(address);
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((parsed) => {
            const envelope = session.envelope as typeof session.envelope & { smtpUtf8?: boolean };
            arrived.push({
              envelope: {
                from: envelope.mailFrom ? envelope.mailFrom.address : '',
                to: envelope.rcptTo.map((to) => to.address),
                smtpUtf8: envelope.smtpUtf8 === true,
              },
              parsed,
              raw: raw.toString('utf8'),
            });
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    arrived,
    url: `smtp://127.0.0.1:${port}`,
    refuseRecipientWith: (decide: typeof refuseRecipient) => (refuseRecipient = decide),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpTestServer>>;
