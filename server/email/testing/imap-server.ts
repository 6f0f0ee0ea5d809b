/**
 * A real IMAP server for tests: Debian's Dovecot (`dovecot-imapd`) with its own configuration, folders and
 * logs in a temporary directory, listening on a free loopback port, one account with a plain password,
 * and `stop()` that ends it and removes everything. As root it runs mail access as the package's `dovecot`
 * user (Dovecot refuses mail access as root); otherwise as the current user. `dropProxy` puts a loopback
 * relay in front of it that cuts the connection once a FETCH has received a number of bytes.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createConnection, createServer, type Socket } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ImapFlow } from 'imapflow';
import { freePort } from '../../db/testing/pg-cluster.ts';

const run = promisify(execFile);

/** Resolves once `port` accepts connections; rejects when the server exits first or after 20 s. */
async function listening(port: number, exited: Promise<void>): Promise<void> {
  const state = { gone: false };
  void exited.then(() => {
    state.gone = true;
  });
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (state.gone) throw new Error('el proceso terminó');
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no escucha tras 20 s');
}
const DOVECOT = '/usr/sbin/dovecot';
export const IMAP_USER = 'ventas@angram.mx';
const IMAP_PASSWORD = 'clave-de-prueba-imap';

export interface ImapServer {
  /** `imap://ventas%40angram.mx:…@127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Puts a raw message in INBOX, as a delivery would. */
  deliver(raw: string): Promise<void>;
  stop(): Promise<void>;
}

async function ids(): Promise<{ user: string; uid: number; gid: number }> {
  if (userInfo().uid !== 0) return { user: userInfo().username, uid: userInfo().uid, gid: userInfo().gid };
  const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
    run('id', ['-u', 'dovecot']),
    run('id', ['-g', 'dovecot']),
  ]);
  return { user: 'dovecot', uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

const configuration = (dir: string, port: number, mail: { user: string; uid: number; gid: number }) => {
  const login = userInfo().uid === 0 ? 'dovenull' : mail.user;
  return `base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = angram-test-${String(port)}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
log_path = ${dir}/dovecot.log
default_internal_user = ${mail.user}
default_login_user = ${login}
first_valid_uid = ${String(Math.min(mail.uid, 1))}
mail_location = maildir:~/Maildir
passdb {
  driver = passwd-file
  args = scheme=PLAIN ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${String(mail.uid)} gid=${String(mail.gid)} home=${dir}/home/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${String(port)}
  }
  inet_listener imaps {
    port = 0
  }
  chroot =
}
service anvil {
  chroot =
}
`;
};

export async function startImapServer(): Promise<ImapServer> {
  if (!existsSync(DOVECOT))
    throw new Error('Falta Dovecot: instala el paquete dovecot-imapd de Debian (.ci/run lo instala).');
  const dir = await mkdtemp(join(tmpdir(), 'angram-imap-'));
  // Dovecot's auth and mail processes run as another user: they must reach the account file and the mail.
  await chmod(dir, 0o755);
  const mail = await ids();
  const port = await freePort();
  await Promise.all(['run', 'state', 'home'].map((name) => mkdir(join(dir, name))));
  if (userInfo().uid === 0) await chown(join(dir, 'home'), mail.uid, mail.gid);
  await writeFile(join(dir, 'passwd'), `${IMAP_USER}:{PLAIN}${IMAP_PASSWORD}\n`);
  const config = join(dir, 'dovecot.conf');
  await writeFile(config, configuration(dir, port, mail));
  // In the foreground (-F), as this process's child: stopping it is ending that child.
  const master = spawn(DOVECOT, ['-F', '-c', config], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => master.once('exit', () => resolve()));
  const running = () => master.exitCode === null && master.signalCode === null;
  try {
    await listening(port, exited);
  } catch (error) {
    master.kill('SIGKILL');
    const log = await readFile(join(dir, 'dovecot.log'), 'utf8').catch(() => '');
    await rm(dir, { recursive: true, force: true });
    throw new Error(`Dovecot no arrancó: ${String(error)}\n${log}`, { cause: error });
  }
  const url = `imap://${encodeURIComponent(IMAP_USER)}:${IMAP_PASSWORD}@127.0.0.1:${String(port)}`;
  return {
    url,
    port,
    async deliver(raw) {
      const client = new ImapFlow({
        host: '127.0.0.1',
        port,
        secure: false,
        auth: { user: IMAP_USER, pass: IMAP_PASSWORD },
        logger: false,
      });
      await client.connect();
      try {
        await client.append('INBOX', raw);
      } finally {
        await client.logout();
      }
    },
    async stop() {
      if (running()) {
        master.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (running()) master.kill('SIGKILL');
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface DropProxy {
  /** The same account's URL through the relay. */
  url: string;
  /** Connections cut so far. */
  cuts: number;
  close(): Promise<void>;
}

/**
 * A relay to `server` that, once the client sent a FETCH, passes `cutAfterBytes` of the server's answer and
 * then destroys both sockets: a mailbox server that drops mid-fetch. Only the first `times` connections are cut.
 */
export async function dropProxy(server: ImapServer, cutAfterBytes: number, times = 1): Promise<DropProxy> {
  const sockets = new Set<Socket>();
  const state = { cuts: 0 };
  const relay = createServer((client) => {
    const upstream = createConnection({ host: '127.0.0.1', port: server.port });
    sockets.add(client).add(upstream);
    let fetching = false;
    let passed = 0;
    const cut = state.cuts < times;
    client.on('data', (chunk: Buffer) => {
      if (/ FETCH /i.test(chunk.toString('latin1'))) fetching = true;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!(cut && fetching)) {
        client.write(chunk);
        return;
      }
      const room = cutAfterBytes - passed;
      passed += chunk.length;
      if (room > 0) client.write(chunk.subarray(0, room));
      if (passed >= cutAfterBytes) {
        state.cuts += 1;
        client.destroy();
        upstream.destroy();
      }
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  const port = await new Promise<number>((resolve) => {
    relay.listen(0, '127.0.0.1', () => {
      const address = relay.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    url: server.url.replace(`:${String(server.port)}`, `:${String(port)}`),
    get cuts() {
      return state.cuts;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        relay.close(() => resolve());
      }),
  };
}
