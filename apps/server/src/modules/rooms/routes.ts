import { MSG, addRoomFormSchema, updateRoomFormSchema } from '@kiraya/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoutes } from '../../lib/endpoint.js';
import { idempotencyKey } from '../../lib/idempotency.js';
import { readUpload } from '../../lib/multipart.js';
import { UPLOAD_KINDS } from '../../lib/uploads.js';
import { caller } from '../../plugins/auth.js';
import * as roomsService from './service.js';

const fieldsNote =
  'roomNumber, roomType, tenantType (Family, Bachelor, Both; "Both/Any" and "Any" mean Both), floor, rentAmount, maxOccupancy, isFurnitured (true/false or Furnished/Unfurnished), hasAttachedBath (true/false or Attached/Not Attached), description';

export const roomsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const endpoint = contractRoutes(app, '/rooms', ['rooms']);

  endpoint(
    'addRoom',
    {
      policy: { caller: 'owner', object: 'propertyOwner' },
      summary:
        'Add a room to one of your properties, with 1 to 10 images; an Idempotency-Key header makes a repeated submission answer the same room',
      description: `multipart/form-data: ${fieldsNote}, propertyId, and roomImages (repeated files).`,
      message: MSG.roomSubmitted,
    },
    async (req) => {
      const key = idempotencyKey(req);
      const { fields, files } = await readUpload(req, addRoomFormSchema, { roomImages: UPLOAD_KINDS.image });
      return roomsService.createRoom(deps, caller(req).userId, fields, files.roomImages, key);
    },
  );

  endpoint(
    'updateRoom',
    {
      policy: { caller: 'owner', object: 'roomOwner' },
      summary: 'Edit a room; add images (roomImages) and remove some (removeImageIds); 1 to 10 remain',
      description: `multipart/form-data (or JSON without files): ${fieldsNote}, roomImages, removeImageIds.`,
      consumes: ['application/json'],
      message: MSG.roomUpdated,
    },
    async (req) => {
      const { fields, files } = await readUpload(req, updateRoomFormSchema, { roomImages: UPLOAD_KINDS.image });
      const { removeImageIds, ...values } = fields;
      return roomsService.updateRoom(deps, caller(req).userId, req.params.id, values, files.roomImages, removeImageIds);
    },
  );

  endpoint(
    'deleteRoom',
    { policy: { caller: 'owner', object: 'roomOwner' }, summary: 'Delete a room (not an occupied one)', message: MSG.deleted('Room') },
    async (req) => {
      await roomsService.deleteRoom(deps, caller(req).userId, req.body.roomId);
      return { _id: req.body.roomId };
    },
  );

  endpoint(
    'roomStatus',
    {
      policy: { caller: 'owner', object: 'roomOwner' },
      summary: 'Mark a room vacant or under maintenance (not while occupied)',
      message: MSG.roomStatusUpdated,
    },
    async (req) => roomsService.setRoomStatus(deps, caller(req).userId, req.params.id, req.body),
  );

  endpoint(
    'rooms',
    {
      policy: { caller: 'public', object: 'listedProperty' },
      summary: "A property's rooms with the property populated; tenant details only to the owner",
      message: 'Rooms fetched',
    },
    async (req) => roomsService.listRooms(deps, req.params.propertyId, req.auth),
  );
};
