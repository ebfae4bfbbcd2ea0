import { type FormEvent, useEffect, useRef, useState } from "react";
import type { LoadedOnFirstUse } from "./use-loaded-on-first-use";

type Problems<Field extends string> = Partial<Record<Field, string>>;

/**
 * The browser side of a form's rules: a field is checked when it is left, and again as it is typed in
 * once it shows a problem (so the problem goes while it is corrected); sending is stopped while problems
 * remain. The summary lists the problems found when the form was sent, and stays put while they are
 * corrected, so nothing moves under the visitor's pointer. A new answer from the server (`failed`)
 * replaces what the browser had checked, and its summary takes focus so screen readers announce it.
 *
 * With `rules`, the check needs a module loaded on first use: a field left before it has arrived is checked
 * when it does, and a form sent before it has arrived is sent again once it has (if it cannot arrive, the
 * form goes to the server, which checks it as always).
 */
export function useFormChecks<Field extends string>(
  check: (values: Record<string, FormDataEntryValue>) => Problems<Field>,
  failed: { errors?: Problems<Field> } | undefined,
  rules?: LoadedOnFirstUse<unknown>,
) {
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [clientErrors, setClientErrors] = useState<Problems<Field>>({});
  const [summary, setSummary] = useState<Problems<Field> | null>(null);
  const rulesUnavailable = useRef(false);

  useEffect(() => {
    // Unchanged state leaves the form as it is: re-rendering it just after hydration was a long task on a phone.
    setClientErrors((shown) => (Object.keys(shown).length === 0 ? shown : {}));
    setSummary(failed?.errors ?? null);
    if (failed) summaryRef.current?.focus();
  }, [failed]);

  const errors: Problems<Field> = { ...(failed?.errors ?? {}), ...clientErrors };
  const currentErrors = (): Problems<Field> => (formRef.current ? check(Object.fromEntries(new FormData(formRef.current))) : {});

  /** Checks these fields against what is in the form now. */
  const recheck = (...fields: Field[]) => {
    if (rules && !rules.loaded()) {
      rules.start().then(
        () => recheck(...fields),
        () => undefined,
      );
      return;
    }
    const found = currentErrors();
    setClientErrors((shown) => {
      const next = { ...shown };
      for (const field of fields) next[field] = found[field];
      return next;
    });
  };

  return {
    formRef,
    summaryRef,
    errors,
    summary,
    recheck,
    /** The events of a field: checked when left, and while typing once it shows a problem. */
    fieldEvents: (field: Field) => ({ onBlur: () => recheck(field), onChange: () => errors[field] && recheck(field) }),
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      if (rules && !rules.loaded() && !rulesUnavailable.current) {
        event.preventDefault();
        const form = event.currentTarget;
        const submitter = (event.nativeEvent as SubmitEvent).submitter ?? undefined;
        const sendAgain = () => form.requestSubmit(submitter);
        rules.start().then(sendAgain, () => {
          rulesUnavailable.current = true;
          sendAgain();
        });
        return;
      }
      const found = currentErrors();
      if (Object.keys(found).length === 0) return;
      event.preventDefault();
      setClientErrors(found);
      setSummary(found);
      requestAnimationFrame(() => summaryRef.current?.focus());
    },
  };
}
