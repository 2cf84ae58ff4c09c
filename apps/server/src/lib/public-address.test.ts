import { describe, expect, it } from 'vitest';
import { assertPublicHost, isPublicAddress } from './public-address.js';

describe('isPublicAddress (ADR 043)', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.5',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '::1',
    '[::1]',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::7f00:1',
    'not an address',
    '',
  ])('refuses %s', (a) => expect(isPublicAddress(a)).toBe(false));

  it.each(['142.250.183.10', '8.8.8.8', '2607:f8b0:4004:c1b::5f', '2a00:1450:4001:80b::200a', '::ffff:8.8.8.8'])('allows %s', (a) =>
    expect(isPublicAddress(a)).toBe(true));
});

describe('assertPublicHost', () => {
  it('refuses a name that resolves (even partly) inside the network, and IP literals in those ranges', async () => {
    await expect(assertPublicHost('fcm.googleapis.com', async () => ['142.250.183.10'])).resolves.toBeUndefined();
    await expect(assertPublicHost('fcm.googleapis.com', async () => ['142.250.183.10', '127.0.0.1'])).rejects.toThrow(/not public/);
    await expect(assertPublicHost('rebound.example', async () => ['10.0.0.1'])).rejects.toThrow(/not public/);
    await expect(assertPublicHost('nothing.example', async () => [])).rejects.toThrow(/not public/);
    await expect(assertPublicHost('127.0.0.1', async () => ['8.8.8.8'])).rejects.toThrow(/not public/);
    await expect(assertPublicHost('[::1]', async () => ['8.8.8.8'])).rejects.toThrow(/not public/);
  });
});
