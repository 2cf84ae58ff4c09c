import { z } from 'zod';
import { propertyFieldsSchema } from './properties.js';
import { newRoomFieldsSchema, roomFieldsSchema } from './rooms.js';

/** Ids given as a repeated field and/or comma-separated: "a,b" + "c" → [a, b, c] (duplicates dropped). */
export function idList(values: readonly string[] | string | undefined): string[] {
  const list = values === undefined ? [] : typeof values === 'string' ? [values] : values;
  return [
    ...new Set(
      list
        .flatMap((v) => v.split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

export const idListSchema = z
  .union([z.string(), z.array(z.string())], { error: 'Image ids must be text.' })
  .optional()
  .transform(idList)
  .refine((ids) => ids.length <= 100, 'Too many image ids.');

/**
 * The text fields of the multipart forms (files are read beside them): Add Property, Edit property,
 * Add New Room and Edit room. A form field sent several times is a list only for `FORM_LISTS`.
 */
export const addPropertyFormSchema = propertyFieldsSchema;
export const updatePropertyFormSchema = propertyFieldsSchema.extend({ removeImageIds: idListSchema });
export const addRoomFormSchema = newRoomFieldsSchema;
export const updateRoomFormSchema = roomFieldsSchema.extend({ removeImageIds: idListSchema });
/** Fields that keep every value sent (the others keep the last one). */
export const FORM_LISTS = ['amenities', 'removeImageIds'] as const;

export type PropertyValues = z.output<typeof propertyFieldsSchema>;
export type NewRoomValues = z.output<typeof newRoomFieldsSchema>;
export type RoomValues = z.output<typeof roomFieldsSchema>;
