import { execFileSync } from 'node:child_process';
import {
  createDecipheriv,
  createECDH,
  createHash,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A push service for the tests, as the browsers' own work (RFC 8030, 8291, 8292): an HTTPS server on 127.0.0.1 with a
 * certificate of its own, that takes a push only with a valid VAPID signature for its own origin, and decrypts the
 * payload with the private key of the subscription the test made. Its certificate is handed to the journal as a
 * certificate authority: an https.Agent in the same process, NODE_EXTRA_CA_CERTS for a server started as a child.
 */

export interface Delivered {
  subscription: string;
  /** The payload, decrypted with the subscription's own keys, parsed as JSON. */
  payload: { title: string; body: string; url: string; tag: string };
  ttl: number;
  topic: string | undefined;
  urgency: string | undefined;
  /** The VAPID claims and key the push was signed with. */
  subject: string;
  vapidKey: string;
}

export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

interface Client {
  ecdh: ECDH;
  auth: Buffer;
  /** The status the next pushes get, and how long the answer takes. */
  status: number;
  delayMs: number;
}

export interface PushServicePeer {
  /** host:port, for PUSH_SERVICE_HOSTS. */
  host: string;
  /** The certificate, PEM: a certificate authority for the journal. */
  certificate: string;
  /** Its file, for NODE_EXTRA_CA_CERTS. */
  certificateFile: string;
  /** A new subscription on this service, as a browser's PushManager would make it. */
  subscribe(): TestSubscription;
  /** What pushes to this subscription get from now on: a status (201 by default), after a delay. */
  answer(subscription: TestSubscription, status: number, delayMs?: number): void;
  /** Pushes accepted (answered 201), oldest first. */
  delivered: Delivered[];
  /** Requests refused: a bad signature, a payload that does not decrypt, an unknown subscription. */
  refused: { path: string; reason: string }[];
  /** Every request, answered or not. */
  requests: number;
  close(): Promise<void>;
}

/** Makes a certificate for 127.0.0.1 and localhost, with openssl, in a folder of its own. */
function makeCertificate(): { dir: string; key: string; cert: string; certFile: string } {
  const dir = mkdtempSync(join(tmpdir(), 'push-peer-'));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout', keyFile, '-out', certFile,
    ],
    { stdio: 'ignore' },
  );
  return { dir, key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), certFile };
}

/** Checks a VAPID Authorization header (RFC 8292): an ES256 JWT for this origin, signed by the key it names. */
function checkVapid(header: string | undefined, origin: string): { subject: string; key: string } | string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return 'no vapid authorization';
  const [, token = '', key = ''] = match;
  const [head = '', body = '', signature = ''] = token.split('.');
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return 'bad vapid key';
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify('sha256', Buffer.from(`${head}.${body}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) return 'bad vapid signature';
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { aud?: string; exp?: number; sub?: string };
  const alg = (JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string }).alg;
  if (alg !== 'ES256') return 'vapid alg is not ES256';
  if (claims.aud !== origin) return `vapid aud ${claims.aud} is not ${origin}`;
  const now = Date.now() / 1000;
  if (typeof claims.exp !== 'number' || claims.exp < now || claims.exp > now + 24 * 3600) return 'vapid exp out of range';
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) return 'vapid sub is not mailto: or https:';
  return { subject: claims.sub, key };
}

/** Decrypts an aes128gcm payload (RFC 8188, 8291) with the subscription's private key and auth secret. */
function decrypt(body: Buffer, client: Client): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const ecdhSecret = client.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), client.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, client.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with a 2, then zeros of padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

export async function startPushService(): Promise<PushServicePeer> {
  const { dir, key, cert, certFile } = makeCertificate();
  const clients = new Map<string, Client>();
  const delivered: Delivered[] = [];
  const refused: { path: string; reason: string }[] = [];
  let origin = '';
  const peer: PushServicePeer = {
    host: '',
    certificate: cert,
    certificateFile: certFile,
    delivered,
    refused,
    requests: 0,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = createHash('sha256').update(randomBytes(16)).digest('base64url').slice(0, 24);
      clients.set(id, { ecdh, auth, status: 201, delayMs: 0 });
      return {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    answer(subscription, status, delayMs = 0) {
      const client = clients.get(subscription.endpoint.split('/').at(-1) ?? '');
      if (!client) throw new Error('no such subscription');
      client.status = status;
      client.delayMs = delayMs;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
      }),
  };

  const server: Server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      peer.requests += 1;
      const path = req.url ?? '';
      const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(path)?.[1] ?? '';
      const client = clients.get(id);
      const refuse = (status: number, reason: string) => {
        refused.push({ path, reason });
        res.writeHead(status).end(reason);
      };
      if (req.method !== 'POST' || !client) return refuse(404, 'no such subscription');
      const vapid = checkVapid(req.headers.authorization, origin);
      if (typeof vapid === 'string') return refuse(403, vapid);
      if (req.headers['content-encoding'] !== 'aes128gcm') return refuse(415, 'not aes128gcm');
      const ttl = Number(req.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, 'no TTL');
      let payload: Delivered['payload'];
      try {
        payload = JSON.parse(decrypt(Buffer.concat(chunks), client)) as Delivered['payload'];
      } catch (error) {
        return refuse(400, `payload does not decrypt: ${error instanceof Error ? error.message : 'unknown'}`);
      }
      const answer = () => {
        if (client.status === 201) {
          delivered.push({
            subscription: `${origin}/push/${id}`,
            payload,
            ttl,
            topic: req.headers.topic as string | undefined,
            urgency: req.headers.urgency as string | undefined,
            subject: vapid.subject,
            vapidKey: vapid.key,
          });
        }
        res.writeHead(client.status).end();
      };
      if (client.delayMs > 0) setTimeout(answer, client.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  peer.host = `127.0.0.1:${port}`;
  origin = `https://${peer.host}`;
  return peer;
}
