/**
 * The properties module's front door (ADR 009): what the app and other modules (rooms) may use.
 * Anything not exported here is the module's own business; import it only from inside modules/properties.
 */
export { localitiesRoutes, propertiesRoutes } from './routes.js';
export { createProperty, pauseProperty, type Viewer, viewProperty } from './service.js';
// The image rows and form checks that rooms share with properties.
export { type Deps, imageView, imagesOf, imagesToRemove, parseFields, replaceImages, saveImages } from './shared.js';
