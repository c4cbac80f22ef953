// The e2e stack's mail server (playwright.config.ts starts it before the API server): a real SMTP server on
// 127.0.0.1 that accepts every message and keeps it, parsed, as one JSON file per message in the folder it is given,
// numbered in the order the messages arrived. The specs read them there (support/delivered-mail.ts).
//
//   node support/smtp-capture.mjs <port> <folder>
import { mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const [port, folder] = process.argv.slice(2);
if (!Number(port) || !folder) {
  console.error('usage: node support/smtp-capture.mjs <port> <folder>');
  process.exit(2);
}
mkdirSync(folder, { recursive: true });

const MESSAGE_FILE = /^(\d+)\.json$/;
let lastNumber = Math.max(0, ...readdirSync(folder).map((name) => Number(MESSAGE_FILE.exec(name)?.[1] ?? 0)));

const addressOf = (field) => field?.value[0] ?? null;

/** Written under a temporary name and renamed, so a reader never sees half a message. */
function keep(message) {
  lastNumber += 1;
  const name = `${String(lastNumber).padStart(6, '0')}.json`;
  writeFileSync(join(folder, `.${name}.tmp`), JSON.stringify(message));
  renameSync(join(folder, `.${name}.tmp`), join(folder, name));
}

const server = new SMTPServer({
  authOptional: true,
  // The API server's nodemailer upgrades to TLS when offered; this server has no certificate worth trusting.
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        keep({
          envelope: {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((to) => to.address),
          },
          from: addressOf(parsed.from),
          replyTo: addressOf(parsed.replyTo),
          messageId: parsed.messageId ?? null,
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
        });
        callback();
      })
      .catch(callback);
  },
});

server.listen(Number(port), '127.0.0.1');
server.on('error', (error) => {
  console.error(`SMTP capture: ${error.message}`);
  process.exit(1);
});

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Playwright holds this process's stdin: a runner that is gone takes the capture with it.
process.stdin.on('end', stop);
process.stdin.resume();
