import { createDecipheriv, createECDH, hkdfSync, randomBytes } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

/** A push a browser would have received: the VAPID claim's header and the decrypted payload. */
export interface ReceivedPush {
  device: string;
  authorization: string;
  ttl: string | undefined;
  payload: unknown;
}

export interface PushDevice {
  /** What the browser's PushSubscription.toJSON() would give the app. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

export interface PushServiceStandIn {
  /** The certificate the stand-in serves, for the agent that trusts it. */
  ca: Buffer;
  received: ReceivedPush[];
  /** A device with its own keys, as a browser makes them; pushes to it are decrypted like a browser does. */
  newDevice(name: string): PushDevice;
  /** From now on the service answers 410 Gone for this device, as for an unsubscribed browser. */
  forget(name: string): void;
  close(): Promise<void>;
}

/**
 * A Web Push service on this machine (RFC 8030), over https with a throwaway certificate: it accepts
 * the server's pushes and decrypts them (RFC 8291, aes128gcm) with the device's private key, as the
 * browser would, so a test reads exactly what a member's device would show.
 */
export async function startPushServiceStandIn(): Promise<PushServiceStandIn> {
  const folder = mkdtempSync(path.join(os.tmpdir(), "push-stand-in-"));
  execFileSync("openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", path.join(folder, "key.pem"), "-out", path.join(folder, "cert.pem")], { stdio: "ignore" });
  const ca = readFileSync(path.join(folder, "cert.pem"));
  const key = readFileSync(path.join(folder, "key.pem"));
  rmSync(folder, { recursive: true, force: true });
  const devices = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer; gone: boolean }>();
  const received: ReceivedPush[] = [];
  const server = https.createServer({ key, cert: ca }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const name = decodeURIComponent(request.url?.replace(/^\/push\//, "") ?? "");
      const device = devices.get(name);
      if (!device || device.gone) {
        response.writeHead(410).end();
        return;
      }
      const payload = JSON.parse(decrypt(Buffer.concat(chunks), device.ecdh, device.auth)) as unknown;
      received.push({ device: name, authorization: String(request.headers.authorization), ttl: request.headers.ttl as string | undefined, payload });
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ca,
    received,
    newDevice(name) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(name, { ecdh, auth, gone: false });
      return { subscription: { endpoint: `${base}/push/${encodeURIComponent(name)}`, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } } };
    },
    forget(name) {
      const device = devices.get(name);
      if (device) device.gone = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** RFC 8291 §3.4 and RFC 8188: one aes128gcm record, the application server's key in its header. */
function decrypt(body: Buffer, ecdh: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const keyIdLength = body.readUInt8(20);
  const serverPublicKey = body.subarray(21, 21 + keyIdLength);
  const ciphertext = body.subarray(21 + keyIdLength);
  const shared = ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), ecdh.getPublicKey(), serverPublicKey]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, authSecret, keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", contentKey, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  return padded.subarray(0, end).toString("utf8");
}
