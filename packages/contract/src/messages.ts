/**
 * Every text the product shows or the API answers, in one place (the error boundaries' texts are in
 * page-errors.ts, small enough for the first script of every page).
 * Texts quoted in the product spec are reproduced exactly as written there.
 */
export const MSG = {
  // Sign-up (spec 5)
  roleRequired: 'Please select a role to proceed.',
  allFieldsRequired: 'All fields are required.',
  usernameRequired: 'Username is required.',
  usernameTaken: 'Username is already taken. Please choose another.',
  usernameFormat: 'Username must be 3 to 30 characters: letters, digits, dots, underscores or hyphens.',
  fullNameRequired: 'Full name is required.',
  fullNameFormat: 'Full name must be 2 to 100 characters: letters, spaces, dots, apostrophes or hyphens.',
  emailFormat: 'Please enter a valid email address.',
  phoneFormat: 'Please enter a valid phone number with country code or 10 digits.',
  aadhaarFormat: 'Aadhar number must be a valid 12-digit number.',
  /** 12 digits that are not an Aadhaar number: the first digit is 0 or 1, or the last (check) digit does not match. */
  aadhaarChecksum: 'This is not a valid Aadhar number. Please check each digit against your Aadhaar card.',
  /** Why sign-up asks for Aadhaar (shown under the field). */
  aadhaarWhy:
    'Kiraya asks for Aadhaar so owners and tenants know each account is one real person. It is stored encrypted; others only ever see XXXX XXXX and its last 4 digits.',
  addressRequired: 'Address is required.',
  passwordFormat: 'Password must be at least 6 characters long and include at least one letter and one number.',
  passwordsDoNotMatch: 'Passwords do not match.',
  emailRequired: 'Email is required.',
  passwordRequired: 'Password is required.',

  // Uniqueness (B2)
  emailTaken: 'An account with this email already exists.',
  phoneTaken: 'An account with this phone number already exists.',
  aadhaarTaken: 'An account with this Aadhar number already exists.',

  // Why /auth was opened (issue 19): said above the sign-in card.
  signInForPage: 'Please sign in to open that page. You will come back to it after signing in.',
  signInForPhone: "Sign in as a tenant to see the owner's phone number. You will come back to this listing after signing in.",
  signInForMessage: 'Sign in as a tenant to message the owner. You will come back to this listing after signing in.',

  // Login (spec 8)
  invalidCredentials: 'Invalid user credentials',
  loginFailed: 'Login failed. Please try again.',
  invalidRole: 'Invalid role. Please contact support.',
  loginSuccess: 'Signed in',
  signupSuccess: 'Signup successful!',
  signupFailed: 'Signup failed. Please try again.',
  tooManyLogins: 'Too many failed sign-in attempts for this account. Please wait a minute and try again.',
  tooManySignups: 'Too many sign-ups from this network. Please try again in an hour.',
  tooManyAvailabilityChecks: 'Too many checks from this network. Please try again in an hour.',
  emailAvailable: 'This email is free to use.',
  phoneAvailable: 'This phone number is free to use.',
  tooManyRequests: 'Too many requests. Please slow down and try again shortly.',

  // Profile (spec 8)
  profileUpdated: 'Profile updated',
  profileLoadFailed: 'Failed to load user',
  profileUpdateFailed: 'Failed to update profile',
  loggedOut: 'Logged out',
  logoutFailed: 'Logout failed',
  roleCannotChange: 'Your role cannot be changed.',
  currentPasswordWrong: 'Your current password is not correct.',
  passwordChanged: 'Password changed. Your other devices have been signed out.',

  // Auth / session (server)
  unauthorized: 'Please sign in to continue.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  forbidden: 'You do not have permission to do this.',
  ownersOnly: 'Only house owners can do this.',
  tenantsOnly: 'Only tenants can do this.',
  foreignOrigin: 'This request came from a site Kiraya does not trust.',
  notFound: 'The requested resource was not found.',
  internal: 'Something went wrong on our side. Please try again.',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  invalidInput: 'Some of the information you sent is not valid.',
  badUrl: 'The address of this request is not valid.',
  alreadyExists: 'This already exists.',

  // Properties (spec 5, 8)
  propertyStepRequired: 'All fields are required',
  propertyTypeRequired: 'Please fill all required fields',
  propertySubmitted: 'Property Submitted Successfully',
  propertyUpdated: 'Data updated!!',
  propertyAddFailed: 'Failed to add new property',
  propertyDeleteFailed: 'Failed to delete property. Please try again.',
  propertyLoadFailed: 'Failed to load property details',
  propertyUpdateFailed: 'Failed to update property',
  noPropertiesOwner: 'No Properties added!! Please create a new property.',
  publicListFailed: 'Unable to load properties, Refresh the page again.',
  propertyNotFound: 'Property not found.',
  propertyHasOccupiedRoom: 'This property has an occupied room. Vacate its tenants before deleting it.',
  pincodeFormat: 'Pincode must be a 6-digit number.',

  // Images (spec 5)
  imageType: 'Only JPG, PNG, and WEBP images are allowed',
  imageSize: 'Image size should be less than 5MB',
  imageRequired: 'Please upload at least one image',
  imageAtLeastOne: 'At least one image is required.',
  imageTooMany: 'You can upload at most 10 images.',
  imageUnreadable: 'This image could not be read. Please choose another file.',
  uploadUnreadable: 'The upload could not be read.',
  /** A picked or sent file that is not a photo Kiraya takes, named (quotes and control characters removed). */
  imageNotPhoto: (name: string) => `"${name}" is not a JPG, PNG or WebP photo.`,
  /** A message about one file of several, naming it. */
  imageNamed: (name: string, message: string) => `"${name}": ${message}`,
  formAlreadySent: 'This form was already sent; refresh to see it.',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 100 printable ASCII characters.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different form.',
  imagePixels: 'Images can be at most 25 megapixels (for example 6000 × 4000). Please choose a smaller photo.',
  imageRateLimited: 'You have uploaded many images in a short time. Please wait a few minutes and try again.',
  documentType: 'Only PDF, JPG, and PNG files are allowed',
  documentSize: 'File size should be less than 10MB',
  documentPixels:
    'A scanned or photographed document can be at most 25 megapixels (for example 6000 × 4000). Please choose a smaller image or a PDF.',

  // Rooms (spec 5, 8)
  roomStepRequired: 'All fields are required',
  tenantTypeInvalid: "Tenant type must be either 'Family', 'Bachelor', or 'Both'.",
  roomSubmitted: 'Room Submitted Successfully',
  roomAddFailed: 'Failed to add new room',
  roomsNotFound: 'No rooms found for this property.',
  roomsFetchFailed: 'Failed to fetch rooms',
  listingUnavailableTitle: 'This listing is not available',
  listingUnavailable: 'Its owner may have paused or removed it, or the link may be mistyped. Other rooms are waiting in search.',
  pageNotFoundTitle: 'Page not found',
  pageNotFound: 'There is no page at this address. It may have moved, or the link may be mistyped.',
  roomNotFound: 'Room not found.',
  roomOccupied: 'This room is occupied. Vacate the tenant before deleting it.',
  roomNumberTaken: 'This property already has a room with this number.',
  roomUpdated: 'Room updated',

  // Generic
  deleted: (item: string) => `${item} deleted successfully`,
  unexpected: 'An unexpected error occurred.',

  // Properties and rooms lifecycle (B13, B14)
  propertyPaused: 'Listing paused. It no longer shows in search.',
  propertyResumed: 'Listing is live again.',
  imageNotOwned: 'An image to remove does not belong to this listing.',
  roomStatusUpdated: 'Room status updated',
  roomStatusOccupied: 'An occupied room changes status only when its tenant moves out.',

  // Reaching the owner (spec 2, 8; B8, B9)
  ownerNumberSaved: 'Owner number saved to your dashboard!',
  ownerDetailsUnavailable: 'Owner details not available!',
  noOwnerDetails: 'No owner details available yet.',
  revealsPerDay: (n: number) =>
    `You have asked for ${n} owners' numbers today, the most allowed in a day. Numbers you already have stay in Owner Details; please try again tomorrow.`,
  ownerContactFetched: 'Owner details fetched',
  noRecentViews: 'No recently viewed properties yet.',
  viewRecorded: 'View recorded',
  noOneAsked: 'No tenant has asked for your number yet.',
  // Requests and tenancies (spec 2, 8; B4, B13; ADR 013). UI toasts first, then the server's sentences.
  requestSent: 'Request sent',
  requestSendFailed: 'Unable to send Request',
  requestAccepted: 'Accepted',
  requestRejected: 'Rejected',
  requestAcceptFailed: 'Failed to accept',
  noRequests: 'No requests available',
  requestWithdrawn: 'Request withdrawn',
  requestNotFound: 'Request not found.',
  inviteeNotFound: 'No tenant with this id was found.',
  inviteeNotTenant: 'Only tenants can be invited to a room.',
  inviteeIsTenantHere: 'This tenant already lives in this room.',
  requestRoomNotVacant: 'This room is not vacant. Only a vacant room can be offered to a tenant.',
  requestRoomPaused: 'This listing is paused. Resume it before inviting a tenant.',
  requestAlreadyPending: 'This tenant already has a pending request for this room.',
  requestNotPending: (status: string) => `This request is no longer pending (it was ${status}).`,
  requestRoomTaken: 'This room is no longer available: it was given to another tenant or taken off the market.',
  requestSentDone: 'The request was sent to the tenant.',
  requestAcceptedDone: 'You accepted the request. The room is now in My Rooms.',
  requestRejectedDone: 'You rejected the request.',
  requestWithdrawnDone: 'The request was withdrawn.',
  roomVacated: 'The tenant has moved out and the room is vacant again.',
  roomNotOccupied: 'This room has no tenant to move out.',
  moveOutDateFormat: 'Please enter a valid move-out date.',
  /** `moveIn` written the product's way (dayInWords), never ISO. */
  moveOutBeforeMoveIn: (moveIn: string) => `Move-out date cannot be before the move-in date (${moveIn}).`,
  moveOutTooFar: 'Move-out date can be at most one year ahead.',
  moveOutScheduled: (day: string) => `The move-out is recorded. The tenant stays until ${day}; the room becomes vacant that day.`,
  noTenantRooms: 'No Rooms Found',

  // Input rules (ADR 011): text and numbers every field shares
  textNotString: (label: string) => `${label} must be text.`,
  textControlChars: (label: string, multiline = false) =>
    multiline
      ? `${label} contains characters that are not allowed (control characters). Use letters, digits, punctuation, spaces and line breaks.`
      : `${label} must be one line of text without control characters.`,
  textTooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  amenityTooLong: (max: number) => `Each amenity must be at most ${max} characters.`,
  amenitiesTooMany: (max: number) => `You can list at most ${max} amenities.`,
  wholeNumber: (label: string, min: number, max: number) => `${label} must be a whole number from ${min} to ${max}.`,
  rentAmountFormat: (max: string) => `Rent amount must be more than ₹0 and at most ₹${max}, with at most two decimals.`,
  rentFilterFormat: (label: string, max: string) => `${label} must be a number of rupees from 0 to ${max}, with at most two decimals.`,

  // Bills (spec 5, 8; beyond B5, B11, B12)
  billDateRequired: 'Please select a bill date',
  billDetailsRequired: 'Please fill in all required details',
  addTenantFirst: 'Please add tenant first',
  /** A second Rent Bill for one tenancy and month (issue 19): `month` 'November 2026', `day` '1 November 2026'. */
  rentBillExists: (month: string, day: string, amount: string) =>
    `There is already a Rent Bill for ${month} (dated ${day}, ${amount}). Edit that bill instead of adding another.`,
  rentBillTwice: (month: string) => `Only one Rent Bill per month: this upload has two for ${month}.`,
  cantRemoveAllBills: "You can't remove all bills",
  billsUploaded: 'Bills uploaded successfully',
  billsUploadFailed: 'Failed to upload bills. Please try again.',
  billDeleteFailed: 'Failed to delete bill. Please try again.',
  photoUploadFailed: 'Failed to upload photo.',
  noPhoto: 'No photo available',
  noBillingData: 'No billing data available',
  meterPhotoUploaded: (which: 'current' | 'previous') => `${which} meter photo uploaded successfully`,
  billDeleted: 'Bill deleted successfully',
  billWaived: 'The rest of the bill was waived',
  billInOpenOrder:
    'Your tenant has started paying this bill. If you change or delete it, what they pay beyond the new amount stays with them as credit for this room.',
  /** Only what is left of a partly paid bill can be waived; an unpaid bill is edited or deleted instead. */
  billNotWaivable: 'Only the rest of a partly paid bill can be waived. Edit or delete a bill nothing was paid on.',
  waiveConfirm: (owed: string) => `Waive the ${owed} still owed on this bill? The tenant will no longer owe it. This cannot be undone.`,
  billUpdated: 'Bill updated successfully',
  dueDateFormat: 'Please select a valid due date.',
  dueBeforeBillDate: 'Due date cannot be before the bill date.',
  billTypeInvalid: 'Please choose one of the listed bill types.',
  billAmountFormat: 'Amount must be a number of rupees more than ₹0, with at most two decimals.',
  meterValueFormat: 'Meter readings and rate must be numbers from 0, with at most two decimals.',
  readingDecreased: 'Current reading cannot be less than the previous reading.',
  tooManyBills: 'You can upload at most 20 bills at once.',
  billNotFound: 'Bill not found.',
  billLocked: 'This bill has been paid (fully or partly), so it can no longer be edited or deleted.',
  meterPhotoNotFound: 'Meter photo not found.',
  meterPhotoRequired: 'Please choose a meter photo to upload.',
  // Payments (spec 5, 8; beyond B10, B18)
  paymentAmountInvalid: 'Please enter a valid amount greater than 0',
  roomInfoMissing: 'Room information missing',
  paymentUnavailable: 'Payment system unavailable. Please try again later.',
  paySummaryFetched: 'Balance fetched successfully',
  creditFetched: 'Credit fetched successfully',
  creditRefunded: 'Refund recorded',
  refundReferenceRequired: 'Please enter the refund reference (UPI transaction id, UTR or cheque number).',
  refundTooHigh: (credit: string) => `You can refund at most ${credit}, the credit for this room.`,
  noCredit: 'There is no credit to refund for this room.',
  paymentsOff: 'Online payment is not available on Kiraya yet. Please pay your owner directly (UPI, bank transfer or cash).',
  sandboxNoMoney: 'Sandbox: no money taken',
  invalidRoomData: 'Invalid room data',
  roomDetailsFetchFailed: 'Unable to fetch your room details. Please try again later.',
  billsFetchFailed: 'Unable to fetch your bills. Please try again later.',
  paymentVerifyFailed: 'Payment verification failed. Please contact support.',
  paymentNotConfirmed:
    'Your payment went through, but Kiraya could not confirm it yet. It will show in My Rooms within a few minutes. Please do not pay again.',
  paymentWindowClosed: 'Payment window closed',
  paymentInitFailed: 'Payment initialization failed',
  paymentSuccessful: 'Payment successful!',
  paymentMinimum: 'The minimum payment is ₹1.',
  /** Less than ₹1 is owed: card and UPI payments start at ₹1 (the gateway's minimum). */
  paymentBelowGatewayMinimum: (owed: string) =>
    `Only ${owed} is owed, less than the ₹1 an online payment can be. It will be added to your next payment, or your owner can waive it.`,
  paymentTooHigh: (owed: string) => `You can pay at most ${owed}, what this room owes.`,
  nothingOwed: 'Nothing is owed on this room: every bill is paid.',
  paymentFailed: 'Payment failed. No money was taken; please try again.',
  orderNotFound: 'Payment order not found.',
  paymentNotFound: 'Payment not found.',
  rentPeriodFormat: 'Choose a month (YYYY-MM) or a financial year (FY2026-27).',
  /** A rent receipt asked for a month or year with no rent paid: no receipt is offered (issue 19). */
  rentNothingPaid: 'Nothing was paid for this period.',
  panFormat: 'PAN must be 10 characters: 5 letters, 4 digits and a letter (e.g. ABCDE1234F).',
  panOwnersOnly: "Only house owners add a PAN (it is printed on their tenants' rent receipts).",
  roomTenantNotFound: 'This person is not a tenant of this room.',
  paymentWebhookOff: 'Payment webhook is not configured.',
  orderCreated: 'Payment order created',
  paymentsFetched: 'Payments fetched',
  receiptFetched: 'Receipt fetched',
  // Documents (spec "Documents tab"; beyond B7)
  noDocuments: 'No documents uploaded',
  uploadDocuments: 'Upload Documents',
  documentRequired: 'Please choose a PDF, JPG or PNG file to upload.',
  documentUploaded: 'Document uploaded',
  documentDeleted: 'Document deleted',
  documentNotFound: 'Document not found.',
  documentDeleteOwnOnly: 'Only the person who uploaded a document can delete it.',
  documentUploadFailed: 'Failed to upload the document. Please try again.',
  // Statistics and billings (beyond B6)
  statisticsFetchFailed: 'Unable to load the statistics. Please try again later.',
  noStatisticsOwner: 'No bills yet. Add a tenant to a room and upload bills: billed, collected and outstanding amounts show here.',
  noStatisticsTenant: 'No bills yet. Once your owner uploads bills, your spending by month and what is due next show here.',
  noBillsMatch: 'No bills match these filters.',
  noPaymentsReceived: 'No payments received yet.',
  nothingDue: 'Nothing is due. All your bills are paid.',
  noBillsYet: 'No bills yet, so nothing is due.',
  exportKindInvalid: "Choose what to export: 'bills' or 'payments'.",
  monthFormat: 'Choose a month as YYYY-MM.',

  // Messages and notifications (B7)
  messageRequired: 'Please write a message.',
  maintenanceFlag: 'maintenance must be true or false.',
  threadNotFound: 'Conversation not found.',
  earlierMessagesNotFound: 'Earlier messages could not be found. Reload the conversation and try again.',
  threadClosed: 'This conversation is closed: you are no longer the tenant of this room.',
  messageNoTenant: 'This room has no tenant to message yet.',
  messageOwnRoom: 'You cannot send an enquiry about your own room.',
  messageSent: 'Message sent',
  noMessagesFromTenant: 'No messages from tenant',
  noConversations: 'No conversations yet',
  notificationNotFound: 'Notification not found.',
  tooManyLiveStreams: 'Too many open pages. Close one and try again.',
} as const;

export type MessageKey = keyof typeof MSG;
