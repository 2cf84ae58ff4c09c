/** The bills module's front door (ADR 009, ADR 016). Payments will settle bills through `paid_paise`. */
export { billsRoutes } from './routes.js';
export { addBill, cutRentBill, raiseBills, type RaiseBillsInput, toBill, uploadMeterPhoto, waiveBill, waiveRemainder } from './service.js';
export { METER_PHOTO_FOLDER, roomMeterPhotoIds, startMeterPhotoSweep, sweepMeterPhotos, UNATTACHED_PHOTO_MAX_AGE_MS } from './photos.js';
