import type { PropertyType } from './constants.js';

/**
 * The property types in Hindi (issue 27, ADR 039), as the server writes them into a Hindi listing's head
 * (plugins/render.ts). The web's catalogues that name a type (`type.*`, `propertyType.*`) say the same:
 * apps/web/src/i18n.test.ts holds them to this list.
 */
export const PROPERTY_TYPE_HI: Record<PropertyType, string> = {
  'Apartment/Flat': 'अपार्टमेंट/फ़्लैट',
  Villa: 'विला',
  'Independent House': 'स्वतंत्र मकान',
  Duplex: 'डुप्लेक्स',
  'Studio Apartment': 'स्टूडियो अपार्टमेंट',
  Penthouse: 'पेंटहाउस',
  Others: 'अन्य',
};
