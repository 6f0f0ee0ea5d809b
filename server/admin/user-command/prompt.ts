/**
 * Asks for a password on the terminal without echoing it. On a TTY the input is read in raw mode
 * (nothing is printed as you type; Backspace works, Ctrl+C and Ctrl+D cancel). From a pipe (scripts)
 * one line is read. The prompt itself goes to stderr, so stdout stays free.
 */
import type { Readable, Writable } from 'node:stream';

export class PromptCancelled extends Error {
  override name = 'PromptCancelled';
}

type Input = Readable & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };

const MAX_LENGTH = 1024;

export function readSecret(question: string, input: Input, output: Writable): Promise<string> {
  output.write(question);
  const raw = Boolean(input.isTTY && input.setRawMode);
  return new Promise((resolve, reject) => {
    let value = '';
    let pending = '';
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.off('end', onEnd);
      if (raw) input.setRawMode?.(false);
      input.pause();
      output.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onEnd = () => {
      if (raw) finish(new PromptCancelled('Cancelado.'));
      else {
        value = pending;
        finish();
      }
    };
    const onData = (chunk: Buffer | string) => {
      const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      if (!raw) {
        pending += text;
        const newline = pending.search(/\r?\n/);
        if (newline >= 0) {
          value = pending.slice(0, newline);
          finish();
        } else if (pending.length > MAX_LENGTH) finish(new PromptCancelled('La contraseña es demasiado larga.'));
        return;
      }
      for (const character of text) {
        if (character === '\r' || character === '\n') {
          finish();
          return;
        }
        if (character === '\u0003' || character === '\u0004') {
          finish(new PromptCancelled('Cancelado.'));
          return;
        }
        // Backspace removes the last character typed (a whole code point, accents and emoji included).
        if (character === '\u007f' || character === '\b') value = value.replace(/[\s\S]$/u, '');
        else if (character >= ' ') value += character;
        if (value.length > MAX_LENGTH) {
          finish(new PromptCancelled('La contraseña es demasiado larga.'));
          return;
        }
      }
    };
    if (raw) input.setRawMode?.(true);
    input.setEncoding('utf8');
    input.on('data', onData);
    input.on('end', onEnd);
    input.resume();
  });
}
