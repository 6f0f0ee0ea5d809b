import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseUserCommand } from './args.ts';
import { PromptCancelled, readSecret } from './prompt.ts';

describe('admin:user arguments', () => {
  it('creates, resets, disables, enables and lists', () => {
    expect(parseUserCommand(['--email', ' Ana@Angram.MX ', '--role', 'sales', '--name', ' Ana   López '])).toEqual({
      ok: true,
      command: { action: 'create', email: 'ana@angram.mx', role: 'sales', name: 'Ana López' },
      db: undefined,
    });
    expect(parseUserCommand(['--email=ana@angram.mx', '--role=admin', '--db', '/tmp/x.db'])).toMatchObject({
      ok: true,
      command: { action: 'create', role: 'admin', name: undefined },
      db: '/tmp/x.db',
    });
    for (const action of ['reset', 'disable', 'enable'] as const) {
      expect(parseUserCommand(['--email', 'ana@angram.mx', `--${action}`])).toMatchObject({
        ok: true,
        command: { action, email: 'ana@angram.mx' },
      });
    }
    expect(parseUserCommand(['--list'])).toMatchObject({ ok: true, command: { action: 'list' } });
    expect(parseUserCommand(['-h'])).toMatchObject({ ok: true, command: { action: 'help' } });
  });

  it('refuses with a Spanish explanation', () => {
    const refusal = (args: string[]) => {
      const parsed = parseUserCommand(args);
      expect(parsed.ok, args.join(' ')).toBe(false);
      return parsed.ok ? '' : parsed.message;
    };
    expect(refusal([])).toContain('Falta --email');
    expect(refusal(['--email', 'no-es-correo', '--role', 'sales'])).toContain('no es un correo electrónico válido');
    expect(refusal(['--email', 'ana@angram.mx'])).toContain('falta --role');
    expect(refusal(['--email', 'ana@angram.mx', '--role', 'root'])).toContain('El rol «root» no existe');
    expect(refusal(['--email', 'ana@angram.mx', '--reset', '--disable'])).toContain('una sola acción');
    expect(refusal(['--email', 'ana@angram.mx', '--reset', '--role', 'admin'])).toContain('no lleva --role');
    expect(refusal(['--list', '--email', 'ana@angram.mx'])).toContain('--list no lleva');
    expect(refusal(['--email', 'ana@angram.mx', '--role', 'sales', '--name', 'x'.repeat(81)])).toContain(
      'entre 1 y 80',
    );
    expect(refusal(['--email', 'ana@angram.mx', '--role', 'sales', '--name', 'a\u0007b'])).toContain('entre 1 y 80');
    expect(refusal(['--bogus'])).toContain('Opciones no válidas');
    expect(refusal(['posicional'])).toContain('Opciones no válidas');
  });
});

function fakeTerminal() {
  const input = new PassThrough() as PassThrough & {
    isTTY: boolean;
    setRawMode: (mode: boolean) => void;
    rawModes: boolean[];
  };
  input.isTTY = true;
  input.rawModes = [];
  input.setRawMode = (mode: boolean) => {
    input.rawModes.push(mode);
  };
  const output = new PassThrough();
  let printed = '';
  output.on('data', (chunk: Buffer) => {
    printed += chunk.toString();
  });
  return { input, output, printed: () => printed };
}

describe('password prompt', () => {
  it('reads a line in raw mode without echoing it, with backspace', async () => {
    const terminal = fakeTerminal();
    const answer = readSecret('Contraseña: ', terminal.input, terminal.output);
    terminal.input.write('secretx\u007f');
    terminal.input.write('o ñandú\r');
    await expect(answer).resolves.toBe('secreto ñandú');
    expect(terminal.printed()).toBe('Contraseña: \n');
    expect(terminal.input.rawModes).toEqual([true, false]);
  });

  it('cancels on Ctrl+C and restores the terminal', async () => {
    const terminal = fakeTerminal();
    const answer = readSecret('Contraseña: ', terminal.input, terminal.output);
    terminal.input.write('abc\u0003');
    await expect(answer).rejects.toBeInstanceOf(PromptCancelled);
    expect(terminal.input.rawModes).toEqual([true, false]);
  });

  it('reads one line from a pipe', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const answer = readSecret('Contraseña: ', input, output);
    input.end('desde un script\nresto');
    await expect(answer).resolves.toBe('desde un script');
  });

  it('takes a pipe that ends without a newline', async () => {
    const input = new PassThrough();
    const answer = readSecret('Contraseña: ', input, new PassThrough());
    input.end('sin salto');
    await expect(answer).resolves.toBe('sin salto');
  });
});
