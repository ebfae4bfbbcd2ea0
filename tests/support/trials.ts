/** Test support for free trials: a request as the trial's form records it. */
import type { TrialRequest } from "../../server/db/trials.ts";

export const trialRequest = (email: string, clientAddress: string): TrialRequest => ({
  email,
  name: "Ana Ruiz",
  country: "ES",
  language: "es",
  clientAddress,
  hours: 24,
  viewers: 1,
});
