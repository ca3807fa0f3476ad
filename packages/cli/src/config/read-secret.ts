import type { ReadStream } from 'node:tty';

/** Reads all of stdin (`--api-key-stdin`), so a key can come from a secret manager through a pipe. */
export async function readStdinSecret(stdin: NodeJS.ReadStream = process.stdin): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8').trim();
}

/**
 * A prompt whose answer is not echoed: raw mode on the terminal, characters collected by hand.
 * Nothing typed is ever written back, not even as asterisks.
 */
export function promptHidden(question: string, stream: NodeJS.WriteStream = process.stderr): Promise<string> {
  const stdin = process.stdin as ReadStream;
  return new Promise((resolve, reject) => {
    stream.write(question);
    let answer = '';
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const finish = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.removeListener('data', onData);
      stream.write('\n');
      if (error) reject(error);
      else resolve(answer.trim());
    };
    const onData = (data: string) => {
      for (const char of data) {
        if (char === '\r' || char === '\n' || char === '\u0004') return finish();
        if (char === '\u0003') return finish(new Error('Cancelled.'));
        if (char === '\u007f' || char === '\b') answer = answer.slice(0, -1);
        else answer += char;
      }
    };
    stdin.on('data', onData);
  });
}
