import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** Field encryption for Aadhaar numbers (B9): AES-256-GCM plus a keyed hash for uniqueness. */
export class FieldCrypto {
  private readonly encKey: Buffer;
  private readonly macKey: Buffer;

  constructor(secret: string) {
    const ikm = Buffer.from(secret, 'utf8');
    this.encKey = Buffer.from(hkdfSync('sha256', ikm, 'kiraya', 'aadhaar-encryption', 32));
    this.macKey = Buffer.from(hkdfSync('sha256', ikm, 'kiraya', 'aadhaar-lookup', 32));
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.encKey, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  decrypt(token: string): string {
    const [v, iv, tag, body] = token.split('.');
    if (v !== 'v1' || !iv || !tag || !body) throw new Error('Unknown ciphertext format');
    const decipher = createDecipheriv('aes-256-gcm', this.encKey, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }

  lookupHash(plain: string): string {
    return createHmac('sha256', this.macKey).update(plain).digest('base64url');
  }
}

/** Refresh tokens are stored as their SHA-256 (they are random, so no salt is needed). */
export const sha256 = (s: string): string => createHash('sha256').update(s).digest('base64url');
export const randomToken = (): string => randomBytes(32).toString('base64url');
