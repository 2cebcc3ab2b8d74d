/**
 * The challenge window's size. EMV 3DS names five (`challengeWindowSize`): 01 = 250x400,
 * 02 = 390x400, 03 = 500x600, 04 = 600x400 (CSS pixels, width x height) and 05 = full screen.
 * Below 600 px of available width the challenge takes the whole screen (a phone); otherwise the
 * largest fixed size that fits the viewport with the dialog's heading around it, in the order
 * 03, 04, 02, 01; none fitting (a short landscape window) is full screen too.
 */

export type ChallengeWindowSize = "01" | "02" | "03" | "04" | "05";

/** The fixed sizes, in order of preference (03 shows the most of the bank's page). */
export const FIXED_WINDOW_SIZES: readonly { code: Exclude<ChallengeWindowSize, "05">; width: number; height: number }[] = [
  { code: "03", width: 500, height: 600 },
  { code: "04", width: 600, height: 400 },
  { code: "02", width: 390, height: 400 },
  { code: "01", width: 250, height: 400 },
];

/** Narrower than this (CSS px), the challenge is full screen. */
export const FULL_SCREEN_BELOW = 600;

/** Room the dialog needs around the frame: side padding, and the heading, hint and padding above it. */
export const DIALOG_CHROME = { x: 48, y: 112 } as const;

/** The size to use in a viewport of `width` x `height` CSS px. */
export function chooseWindowSize(width: number, height: number): ChallengeWindowSize {
  if (width < FULL_SCREEN_BELOW) return "05";
  const fits = FIXED_WINDOW_SIZES.find((s) => s.width + DIALOG_CHROME.x <= width && s.height + DIALOG_CHROME.y <= height);
  return fits?.code ?? "05";
}
