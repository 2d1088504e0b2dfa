// The rule lives with the model so the finder's label page (services/finders) reads it too.
export { isSetClaimable } from '../../models/QrCodeSet';
