import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppDeps } from '../deps.js';
import { properties, rooms, tenancies, users } from '../db/schema.js';
import { addDocument } from '../modules/documents/index.js';
import type { DemoPeople } from './demo.js';

/** A one-page PDF showing `lines` (Helvetica), built by hand with a correct cross-reference table. */
export function simplePdf(lines: string[]): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const text = lines.map((l, i) => `BT /F1 ${i === 0 ? 18 : 12} Tf 72 ${760 - i * 24} Td (${esc(l)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A small ID-card-like picture (generated, no personal data). */
async function idCard(name: string): Promise<Buffer> {
  const safe = name.replace(/[<>&"']/g, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="220">
  <rect width="360" height="220" rx="16" fill="#eef2ff" stroke="#6366f1" stroke-width="3"/>
  <rect x="24" y="56" width="90" height="110" rx="8" fill="#c7d2fe"/>
  <text x="24" y="38" font-family="sans-serif" font-size="18" font-weight="bold" fill="#312e81">DEMO ID CARD</text>
  <text x="132" y="90" font-family="sans-serif" font-size="16" fill="#1e1b4b">${safe}</text>
  <text x="132" y="120" font-family="sans-serif" font-size="12" fill="#3730a3">Sample document for the Kiraya demo</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * The documents part of the demo (B7, B16): each current tenancy of the demo owners' rooms gets the rent
 * agreement the owner uploaded (a PDF) and an ID proof the tenant uploaded (a PNG), through the same
 * upload pipeline as real uploads.
 */
export async function seedDocumentsDemo(deps: AppDeps, people: DemoPeople): Promise<void> {
  const ownerIds = people.owners.map((o) => o._id);
  if (ownerIds.length === 0) return;
  const current = await deps.db
    .select({ tenancy: tenancies, roomNumber: rooms.roomNumber, title: properties.title, tenantName: users.fullName })
    .from(tenancies)
    .innerJoin(rooms, eq(rooms.id, tenancies.roomId))
    .innerJoin(properties, eq(properties.id, rooms.propertyId))
    .innerJoin(users, eq(users.id, tenancies.tenantId))
    .where(and(isNull(tenancies.moveOutDate), inArray(tenancies.ownerId, ownerIds)))
    .orderBy(asc(tenancies.moveInDate));
  for (const c of current) {
    const pdf = simplePdf([
      'Rental agreement (demo)',
      `Property: ${c.title}, room ${c.roomNumber}`,
      `Tenant: ${c.tenantName}`,
      `From: ${c.tenancy.moveInDate}`,
      `Monthly rent: Rs. ${(c.tenancy.rentPaise / 100).toFixed(2)}`,
      'This is sample data generated for the Kiraya demo.',
    ]);
    await addDocument(deps, c.tenancy.ownerId, c.tenancy.roomId, 'Rent agreement.pdf', pdf);
    await addDocument(deps, c.tenancy.tenantId, c.tenancy.roomId, 'ID proof.png', await idCard(c.tenantName));
  }
}
