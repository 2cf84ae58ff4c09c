// Kept apart from the API client so the session can register its handler without loading the client
// (the landing page does not need it at first paint).
let onSignedOut: () => void = () => {};

/** The session registers what to do when a refresh fails (clear the user, go to sign-in). */
export const setSignedOutHandler = (fn: () => void): void => {
  onSignedOut = fn;
};

/** Called by the API client when a refresh is refused. */
export const signedOut = (): void => onSignedOut();
