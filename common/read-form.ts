/**
 * The fields of a form post, or null when the body is not a readable form: another content type (JSON, plain
 * text, none at all) or a broken multipart body. The forms answer that with a 400 instead of failing. The
 * size and the origin of a post are checked before the app sees it (server/request-guards.ts).
 */
export async function readForm(request: Request): Promise<Record<string, FormDataEntryValue> | null> {
  try {
    return Object.fromEntries(await request.formData());
  } catch {
    return null;
  }
}

/** A form as read from the request: every field is text (a file would be a mistake, and is ignored). */
export type FormValues = Readonly<Record<string, FormDataEntryValue | undefined>>;

/** A field's text, cut at `max` characters; "" for a field that is missing or a file. */
export function formText(form: FormValues, name: string, max = 5000): string {
  const value = form[name];
  return typeof value === "string" ? value.slice(0, max) : "";
}
