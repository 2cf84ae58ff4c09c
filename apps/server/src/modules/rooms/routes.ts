import { MSG, addRoomFormSchema, endpoints as e, updateRoomFormSchema } from '@kiraya/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mountedAt } from '../../lib/endpoint.js';
import { errorResponses, ok } from '../../lib/envelope.js';
import { idempotencyKey } from '../../lib/idempotency.js';
import { readUpload } from '../../lib/multipart.js';
import { UPLOAD_KINDS } from '../../lib/uploads.js';
import { caller } from '../../plugins/auth.js';
import * as roomsService from './service.js';

const errors = errorResponses;
const at = mountedAt('/rooms');

const fieldsNote =
  'roomNumber, roomType, tenantType (Family, Bachelor, Both; "Both/Any" and "Any" mean Both), floor, rentAmount, maxOccupancy, isFurnitured (true/false or Furnished/Unfurnished), hasAttachedBath (true/false or Attached/Not Attached), description';

export const roomsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.post(
    at('addRoom'),
    {
      config: { policy: { caller: 'owner', object: 'propertyOwner' } },
      schema: {
        tags: ['rooms'],
        summary:
          'Add a room to one of your properties, with 1 to 10 images; an Idempotency-Key header makes a repeated submission answer the same room',
        description: `multipart/form-data: ${fieldsNote}, propertyId, and roomImages (repeated files).`,
        consumes: ['multipart/form-data'],
        response: { 201: e.addRoom.response, ...errors },
      },
    },
    async (req, reply) => {
      const key = idempotencyKey(req);
      const { fields, files } = await readUpload(req, addRoomFormSchema, { roomImages: UPLOAD_KINDS.image });
      const room = await roomsService.createRoom(deps, caller(req).userId, fields, files.roomImages, key);
      return reply.status(201).send(ok(room, MSG.roomSubmitted, 201));
    },
  );

  app.put(
    at('updateRoom'),
    {
      config: { policy: { caller: 'owner', object: 'roomOwner' } },
      schema: {
        tags: ['rooms'],
        summary: 'Edit a room; add images (roomImages) and remove some (removeImageIds); 1 to 10 remain',
        description: `multipart/form-data (or JSON without files): ${fieldsNote}, roomImages, removeImageIds.`,
        consumes: ['multipart/form-data', 'application/json'],
        params: e.updateRoom.params,
        response: { 200: e.updateRoom.response, ...errors },
      },
    },
    async (req) => {
      const { fields, files } = await readUpload(req, updateRoomFormSchema, { roomImages: UPLOAD_KINDS.image });
      const { removeImageIds, ...values } = fields;
      const room = await roomsService.updateRoom(deps, caller(req).userId, req.params.id, values, files.roomImages, removeImageIds);
      return ok(room, MSG.roomUpdated);
    },
  );

  app.post(
    at('deleteRoom'),
    {
      config: { policy: { caller: 'owner', object: 'roomOwner' } },
      schema: {
        tags: ['rooms'],
        summary: 'Delete a room (not an occupied one)',
        body: e.deleteRoom.body,
        response: { 200: e.deleteRoom.response, ...errors },
      },
    },
    async (req) => {
      await roomsService.deleteRoom(deps, caller(req).userId, req.body.roomId);
      return ok({ _id: req.body.roomId }, MSG.deleted('Room'));
    },
  );

  app.patch(
    at('roomStatus'),
    {
      config: { policy: { caller: 'owner', object: 'roomOwner' } },
      schema: {
        tags: ['rooms'],
        summary: 'Mark a room vacant or under maintenance (not while occupied)',
        params: e.roomStatus.params,
        body: e.roomStatus.body,
        response: { 200: e.roomStatus.response, ...errors },
      },
    },
    async (req) => ok(await roomsService.setRoomStatus(deps, caller(req).userId, req.params.id, req.body), MSG.roomStatusUpdated),
  );

  app.get(
    at('rooms'),
    {
      config: { policy: { caller: 'public', object: 'listedProperty' } },
      schema: {
        tags: ['rooms'],
        summary: "A property's rooms with the property populated; tenant details only to the owner",
        params: e.rooms.params,
        response: { 200: e.rooms.response, ...errors },
      },
    },
    async (req) => ok(await roomsService.listRooms(deps, req.params.propertyId, req.auth), 'Rooms fetched'),
  );
};
