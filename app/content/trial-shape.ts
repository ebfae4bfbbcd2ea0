import { z } from "zod";

const whole = (min: number, max: number, hint: string) => {
  const error = `must be a whole number from ${min} to ${max}: ${hint}`;
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

/**
 * The free trial of content/site.ts (`trial`), checked at start with the rest of the file: a trial of no
 * hours, or of a week and more, is a typo rather than an offer. That its viewers are one of `viewerChoices`
 * is checked with the plans (validate-content.ts).
 */
export const trialShape = z.object({
  enabled: z.boolean({ error: "must be true or false: whether the free trial is offered" }),
  hours: whole(1, 168, "how long a trial line runs, e.g. 24"),
  viewers: whole(1, 10, "the simultaneous viewers of a trial line, e.g. 1"),
});
