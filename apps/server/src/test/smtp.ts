import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type TestSmtp = {
  url: string;
  received: ParsedMail[];
  /** While true, every message is refused with 451 (a temporary failure). */
  failing: boolean;
  close: () => Promise<void>;
};

/** A real SMTP server on a free local port (issue 25): collects what arrives, parsed by mailparser. */
export async function startSmtp(): Promise<TestSmtp> {
  const state: TestSmtp = { url: '', received: [], failing: false, close: async () => {} };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (state.failing) {
            const err = Object.assign(new Error('Try again later'), { responseCode: 451 });
            callback(err);
            return;
          }
          state.received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
