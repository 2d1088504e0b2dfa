// The texts of the claim landing view and the claim dialog (PRODUCT.md, Screens and Errors).

export const readyToClaimText = (setCount: number) =>
  setCount > 1
    ? `You're about to claim ${setCount} QR codes from this set.`
    : "You're about to claim this QR code.";

/** Shown to visitors when the set has more than one code (claim-all is offered above 1). */
export const setNote = (setCount: number) =>
  setCount > 1 ? `This code is part of a set of ${setCount} codes. You can claim them all at once!` : null;

export const claimSetQuestion = (setCount: number) =>
  `There are other codes in the set. Claim all ${setCount} codes now?`;

export const claimAllLabel = (setCount: number) => `Claim ${setCount} Codes`;

/** The message /items shows after a claim: the server's, else the spec's by count. */
export function claimSuccessMessage(serverMessage: unknown, claimedCount: number): string {
  if (typeof serverMessage === 'string' && serverMessage.trim()) return serverMessage;
  return claimedCount === 1
    ? 'Successfully claimed your QR code!'
    : `Successfully claimed ${claimedCount} QR codes!`;
}
