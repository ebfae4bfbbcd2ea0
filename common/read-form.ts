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
