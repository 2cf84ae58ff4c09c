import { MSG, SEARCH_LIMITS, addPropertyFormSchema, endpoints as e, updatePropertyFormSchema } from '@kiraya/contract';
import { propertyListed } from '../../lib/listing.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mountedAt } from '../../lib/endpoint.js';
import { errorResponses, ok } from '../../lib/envelope.js';
import { idempotencyKey } from '../../lib/idempotency.js';
import { readUpload } from '../../lib/multipart.js';
import { UPLOAD_KINDS } from '../../lib/uploads.js';
import { caller } from '../../plugins/auth.js';
import { suggestLocalities } from './search.js';
import * as properties from './service.js';

const errors = errorResponses;
const at = mountedAt('/properties');

const multipartNote =
  'multipart/form-data: title, description, street, city, state, pincode, landmark, amenities (comma-separated or repeated), propertyType';

export const propertiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    at('publicProperties'),
    {
      config: { policy: { caller: 'public' } },
      schema: {
        tags: ['properties'],
        summary: 'Public list and tenant search: filtered, sorted and paginated (B1); paused listings hidden',
        querystring: e.publicProperties.query,
        response: { 200: e.publicProperties.response, ...errors },
      },
    },
    async (req) => {
      const { items, meta } = await properties.listPublic(deps, req.query);
      return { ...ok(items, 'Properties fetched'), meta };
    },
  );

  app.get(
    at('myProperties'),
    {
      config: { policy: { caller: 'owner', object: 'self' } },
      schema: {
        tags: ['properties'],
        summary: "The signed-in owner's properties, paused ones included, newest first",
        response: { 200: e.myProperties.response, ...errors },
      },
    },
    async (req) => ok(await properties.listOwn(deps, caller(req).userId), 'Properties fetched'),
  );

  app.post(
    at('addProperty'),
    {
      config: { policy: { caller: 'owner' } },
      schema: {
        tags: ['properties'],
        summary: 'Add a property with 1 to 10 images; an Idempotency-Key header makes a repeated submission answer the same property',
        description: `${multipartNote}, and propertyImages (repeated files: JPEG, PNG or WEBP, 5 MB each).`,
        consumes: ['multipart/form-data'],
        response: { 201: e.addProperty.response, ...errors },
      },
    },
    async (req, reply) => {
      const key = idempotencyKey(req);
      const { fields, files } = await readUpload(req, addPropertyFormSchema, { propertyImages: UPLOAD_KINDS.image });
      const created = await properties.createProperty(deps, caller(req).userId, fields, files.propertyImages, key);
      return reply.status(201).send(ok(created, MSG.propertySubmitted, 201));
    },
  );

  app.put(
    at('updateProperty'),
    {
      config: { policy: { caller: 'owner', object: 'propertyOwner' } },
      schema: {
        tags: ['properties'],
        summary: 'Edit a property; add images (propertyImages) and remove some (removeImageIds); 1 to 10 remain',
        description: `${multipartNote}, optional propertyImages files to add, and removeImageIds (repeated or comma-separated).`,
        consumes: ['multipart/form-data', 'application/json'],
        params: e.updateProperty.params,
        response: { 200: e.updateProperty.response, ...errors },
      },
    },
    async (req) => {
      const { fields, files } = await readUpload(req, updatePropertyFormSchema, { propertyImages: UPLOAD_KINDS.image });
      const { removeImageIds, ...values } = fields;
      const updated = await properties.updateProperty(
        deps,
        caller(req).userId,
        req.params.id,
        values,
        files.propertyImages,
        removeImageIds,
      );
      return ok(updated, MSG.propertyUpdated);
    },
  );

  app.patch(
    at('pauseProperty'),
    {
      config: { policy: { caller: 'owner', object: 'propertyOwner' } },
      schema: {
        tags: ['properties'],
        summary: 'Pause or resume a listing (B13)',
        params: e.pauseProperty.params,
        body: e.pauseProperty.body,
        response: { 200: e.pauseProperty.response, ...errors },
      },
    },
    async (req) => {
      const p = await properties.pauseProperty(deps, caller(req).userId, req.params.id, req.body);
      return ok(p, p.isPaused ? MSG.propertyPaused : MSG.propertyResumed);
    },
  );

  app.post(
    at('deleteProperty'),
    {
      config: { policy: { caller: 'owner', object: 'propertyOwner' } },
      schema: {
        tags: ['properties'],
        summary: 'Delete a property with its rooms and images; refused while a room is occupied',
        body: e.deleteProperty.body,
        response: { 200: e.deleteProperty.response, ...errors },
      },
    },
    async (req) => {
      await properties.deleteProperty(deps, caller(req).userId, req.body.propertyId);
      return ok({ _id: req.body.propertyId }, MSG.deleted('Property'));
    },
  );

  app.get(
    at('property'),
    {
      config: { policy: { caller: 'public', object: 'listedProperty' } },
      schema: {
        tags: ['properties'],
        summary: 'One property; a paused listing only to its owner',
        params: e.property.params,
        response: { 200: e.property.response, ...errors },
      },
    },
    async (req) => ok(await properties.getProperty(deps, req.params.id, req.auth), 'Property fetched'),
  );
};

/** GET /localities (ADR 048): the search box's locality suggestions, with counts. Mounted at the API's root. */
export const localitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    mountedAt('')('localities'),
    {
      config: { policy: { caller: 'public' } },
      schema: {
        tags: ['properties'],
        summary: 'Locality suggestions for search: listed localities like the text typed (typos forgiven), with their counts',
        querystring: e.localities.query,
        response: { 200: e.localities.response, ...errors },
      },
    },
    async (req) =>
      ok(
        await suggestLocalities(app.deps.db, propertyListed, req.query.q, req.query.city, SEARCH_LIMITS.localitySuggestions),
        'Localities fetched',
      ),
  );
};
